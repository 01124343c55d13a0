#pragma once
// Shared by files_posix.cpp and files_win32.cpp.
#include <array>
#include <filesystem>
#include <functional>
#include <streambuf>
#include <string>

#include "common/types.h"

namespace xe::sandbox::detail {

// A stream buffer that hands full blocks to a sink; the first failed block makes every
// later write fail (the stream's badbit), so a writer notices a full disk once, at the end.
class sink_streambuf final : public std::streambuf {
public:
  using sink = std::function<bool(const char* data, size_t size)>;
  explicit sink_streambuf(sink s) : _sink{std::move(s)} { setp(_buffer.data(), _buffer.data() + _buffer.size()); }
  bool failed() const { return _failed; }

protected:
  int_type overflow(int_type c) override {
    if (!drain()) return traits_type::eof();
    if (!traits_type::eq_int_type(c, traits_type::eof())) {
      *pptr() = traits_type::to_char_type(c);
      pbump(1);
    }
    return traits_type::not_eof(c);
  }
  int sync() override { return drain() ? 0 : -1; }

private:
  bool drain() {
    const size_t n = static_cast<size_t>(pptr() - pbase());
    if (n && !_failed && !_sink(pbase(), n)) _failed = true;
    setp(_buffer.data(), _buffer.data() + _buffer.size());
    return !_failed;
  }

  sink _sink;
  std::array<char, 64 * 1024> _buffer{};
  bool _failed{false};
};

// ".NAME" cut to fit name_max bytes together with `reserved` more (the random part and
// ".tmp"), never inside a UTF-8 sequence.
std::string temp_prefix(const std::string& file_name, size_t name_max, size_t reserved);

// The protected inputs (protect_input).
bool is_protected_input(const std::filesystem::path& path, std::filesystem::path* which);

}  // namespace xe::sandbox::detail
