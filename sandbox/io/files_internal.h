#pragma once
// The seam between files.cpp (the write policy, temp names, bounded reads) and the platform
// files (files_posix.cpp, files_win32.cpp: inspect_output, name_max, temporary_file,
// read_regular_file).
#include <array>
#include <filesystem>
#include <functional>
#include <memory>
#include <optional>
#include <streambuf>
#include <string>
#include <string_view>

#include "common/result.h"
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

// Six random characters [0-9a-z].
std::string random_suffix();
// A temporary file's name: prefix (temp_prefix), this process's id, a random part, ".tmp"
// (".a.json.4711-k3x9q2.tmp"); temp_name_reserve bytes more than the prefix at most.
std::string temp_name(const std::string& prefix);
constexpr size_t temp_name_reserve = 1 + 10 + 1 + 6 + 4;
// Removes from folder, once per folder and process, the temporaries (temp_name) that an
// ended run left behind (SIGKILL, a power cut: nothing could clean at that moment).
void sweep_stale_temporaries(const std::filesystem::path& folder);
// Platform: this process's id; whether the temporary file was left by process maker_pid that
// no longer runs (gone, or its id now names a process started after the file was written),
// and is ours to remove (a regular file of this user).
u64 current_process_id();
bool is_stale_temporary(const std::filesystem::path& file, u64 maker_pid);

// A regular file's bytes, read with read_some (bytes into the buffer; 0 at the end; an error's
// reason is the system's) from its size as it was opened, for a file that grows while read
// too: a file past max_bytes is errc::parse, naming what and path.
result<std::string> read_bounded(const std::filesystem::path& path, std::string_view what, u64 size, u64 max_bytes,
                                 const std::function<result<size_t>(char* into, size_t room)>& read_some);

// Which file a path names, following links (device and inode; on Windows the volume's serial
// number and the file's index): two paths name the same file when these are equal. None when
// nothing is there.
struct file_identity {
  u64 device{};
  u64 index{};
  bool operator==(const file_identity&) const = default;
};
std::optional<file_identity> identity_of(const std::filesystem::path& path);

// Why a write by keeper (empty: anyone) may not replace path, an input of this run or a
// file kept by another (protect_input, keep_file); empty when it may.
std::string guarded_reason(const std::filesystem::path& path, std::string_view keeper);

// What is at an output's path, as the platform sees it (write_file_atomic in files.cpp
// decides what may happen to it). An error's reason says why nothing may be written there:
// a folder, a device, a FIFO, a link to nothing.
struct output_target {
  std::filesystem::path path;  // the file to replace: the path, or where a link points
  bool exists{};               // a regular file is there
};
result<output_target> inspect_output(const std::filesystem::path& path);
// The longest file name the folder takes, in bytes.
size_t name_max(const std::filesystem::path& folder);

// A temporary file beside its target: written, then renamed over it. Until commit() it is
// removed when destroyed. On POSIX it holds SIGINT, SIGTERM and SIGHUP while it lives.
class temporary_file {
public:
  // In folder, named prefix + a random part + ".tmp". Over an existing file, it takes that
  // file's owner and mode. An error's reason is what to tell the learner.
  static result<std::unique_ptr<temporary_file>> create(const std::filesystem::path& folder, const std::string& prefix,
                                                        const output_target& over);
  virtual ~temporary_file() = default;
  virtual bool write(const char* data, size_t size) = 0;  // false: error() says why
  virtual std::string error() const = 0;
  // To disk, closed, renamed over target; the reason names what failed.
  virtual result<void> commit(const std::filesystem::path& target) = 0;
};

}  // namespace xe::sandbox::detail
