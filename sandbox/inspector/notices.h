#pragma once
// What the inspector's actions did, said where a person looks: a toast at the bottom of
// the display for a few seconds (wall-clock; drawing it advances nothing) and a line in
// the log, which the Log tab shows.
#include <chrono>
#include <filesystem>
#include <string>

#include <imgui.h>

#include "common/types.h"

namespace xe::sandbox::ui {

class notices {
public:
  using clock = std::chrono::steady_clock;
  static constexpr std::chrono::milliseconds shown_for{5000};

  // logged: also into the log (false when whoever failed has logged it already).
  void add(std::string text, bool error, bool logged = true);
  // The newest notice, while it is shown (the UI map reports it); "" after.
  const std::string& current() const;
  bool current_is_error() const { return _error; }
  // On the foreground of the display: the newest notice, fading in its last second.
  void draw();

private:
  std::string _text;
  bool _error{false};
  clock::time_point _since{};
};

// "/abs/dir/file" for a path as typed (relative to the working directory).
std::string absolute_path(const std::filesystem::path& path);
// "88 KB", "1.2 MB", "512 bytes".
std::string describe_size(u64 bytes);

}  // namespace xe::sandbox::ui
