// io/: the one file writer and the one JSON reader, in process (POSIX: fork for signals).
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <spdlog/fmt/fmt.h>

#include "io/files.h"
#include "io/json_input.h"
#include "test_support.h"

namespace xe::sandbox {
namespace {

namespace fs = std::filesystem;

class files_test : public ::testing::Test {
protected:
  void TearDown() override { clear_protected_inputs(); }
  std::string read(const fs::path& p) const {
    std::ifstream in{p, std::ios::binary};
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
  size_t entries() const {
    return static_cast<size_t>(std::distance(fs::directory_iterator{_dir}, fs::directory_iterator{}));
  }
  scratch_dir _dir{"xe-files-test"};
};

// A signal that arrives in the middle of a write waits until the rename is done: the
// process then ends by that signal, with the whole file in place and no temporary.
TEST_F(files_test, a_signal_during_a_write_ends_the_process_after_the_rename) {
  for (const int sig : {SIGTERM, SIGINT, SIGHUP}) {
    const fs::path target = _dir / "out.txt";
    const pid_t child = ::fork();
    ASSERT_GE(child, 0);
    if (child == 0) {
      std::signal(sig, SIG_DFL);
      auto r = write_file_atomic(target, [&](std::ostream& out) {
        out << std::string(200'000, 'a');
        ::kill(::getpid(), sig);  // delivered now, to this process
        out << std::string(200'000, 'b');
      });
      ::_exit(r ? 0 : 1);  // reached only if the signal was lost
    }
    int status = 0;
    ASSERT_EQ(::waitpid(child, &status, 0), child);
    ASSERT_TRUE(WIFSIGNALED(status)) << "signal " << sig << " was lost (exit " << WEXITSTATUS(status) << ")";
    EXPECT_EQ(WTERMSIG(status), sig);
    EXPECT_EQ(read(target), std::string(200'000, 'a') + std::string(200'000, 'b'));
    EXPECT_EQ(entries(), 1u) << "a temporary file was left";
  }
}

// A failure inside the content (a serialiser throwing) leaves the old file and no temporary.
TEST_F(files_test, a_failing_write_leaves_the_old_file_and_no_temporary) {
  ASSERT_TRUE(write_file_atomic(_dir / "out.txt", std::string_view{"old"}));
  auto r = write_file_atomic(_dir / "out.txt", [](std::ostream& out) {
    out << "half";
    throw std::runtime_error{"the serialiser gave up"};
  });
  ASSERT_FALSE(r);
  EXPECT_MENTIONS(r.error_value().reason, "the serialiser gave up");
  EXPECT_EQ(read(_dir / "out.txt"), "old");
  EXPECT_EQ(entries(), 1u);
}

TEST_F(files_test, an_existing_file_keeps_its_mode_and_a_link_stays_a_link) {
  ASSERT_TRUE(write_file_atomic(_dir / "real.txt", std::string_view{"one"}));
  fs::permissions(_dir / "real.txt", fs::perms::owner_read | fs::perms::owner_write);
  fs::create_symlink("real.txt", _dir / "link.txt");
  ASSERT_TRUE(write_file_atomic(_dir / "link.txt", std::string_view{"two"}));
  EXPECT_TRUE(fs::is_symlink(_dir / "link.txt"));
  EXPECT_EQ(read(_dir / "real.txt"), "two");
  struct stat st {};
  ASSERT_EQ(::stat((_dir / "real.txt").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0600u);
  EXPECT_EQ(entries(), 2u);
}

TEST_F(files_test, the_temporary_name_fits_the_file_system_for_the_longest_names) {
  const long name_max = ::pathconf(_dir.path().c_str(), _PC_NAME_MAX);
  ASSERT_GT(name_max, 20);
  for (const size_t length : {size_t(name_max), size_t(name_max) - 1, size_t(name_max) - 12}) {
    const std::string name(length, 'n');
    ASSERT_TRUE(write_file_atomic(_dir / name, std::string_view{"x"})) << length;
    EXPECT_EQ(read(_dir / name), "x");
    fs::remove(_dir / name);
  }
  // Multi-byte names are cut between characters, never inside one.
  std::string wide;
  while (wide.size() + 3 <= size_t(name_max)) wide += "\xE6\xB7\xB1";  // 深
  ASSERT_TRUE(write_file_atomic(_dir / wide, std::string_view{"x"}));
  EXPECT_EQ(entries(), 1u);
}

TEST_F(files_test, inputs_of_the_run_are_never_replaced) {
  ASSERT_TRUE(write_file_atomic(_dir / "script.json", std::string_view{"{}"}));
  protect_input(_dir / "script.json");
  fs::create_symlink("script.json", _dir / "alias.json");
  for (const fs::path& p : {_dir / "script.json", _dir / "." / "script.json", _dir / "alias.json"}) {
    auto r = write_file_atomic(p, std::string_view{"replaced"});
    ASSERT_FALSE(r) << p;
    EXPECT_MENTIONS(r.error_value().reason, "it is an input of this run");
  }
  EXPECT_EQ(read(_dir / "script.json"), "{}");
  // Another name for the same file, a new file an editor saved at the input's path, and the
  // file the run read moved away by that save.
  fs::create_hard_link(_dir / "script.json", _dir / "hard.json");
  EXPECT_FALSE(write_file_atomic(_dir / "hard.json", std::string_view{"replaced"}));
  fs::remove(_dir / "hard.json");
  fs::rename(_dir / "script.json", _dir / "old.json");
  std::ofstream{_dir / "script.json"} << "{\"saved\": 1}";
  auto r = write_file_atomic(_dir / "script.json", std::string_view{"replaced"});
  ASSERT_FALSE(r) << "an input saved again since";
  EXPECT_MENTIONS(r.error_value().reason, "it is an input of this run");
  EXPECT_FALSE(write_file_atomic(_dir / "old.json", std::string_view{"x"})) << "the file the run read, renamed";
  fs::rename(_dir / "old.json", _dir / "script.json");
  EXPECT_TRUE(same_file(_dir / "script.json", _dir / "alias.json"));
  EXPECT_TRUE(same_file(_dir / "new.json", _dir / "." / "new.json"));
  EXPECT_FALSE(same_file(_dir / "script.json", _dir / "new.json"));
}

// The Controls' exports make the folder they name: only what is missing, the outermost
// folder made reported; a file in the way is an error that changes nothing.
TEST_F(files_test, an_export_makes_the_missing_folders_of_its_path) {
  auto made = make_parent_folders(_dir / "out" / "a" / "snap.json");
  ASSERT_TRUE(made) << made.error_value().reason;
  EXPECT_EQ(fs::path{*made}, _dir / "out");
  EXPECT_TRUE(fs::is_directory(_dir / "out" / "a"));
  made = make_parent_folders(_dir / "out" / "a" / "again.json");
  ASSERT_TRUE(made);
  EXPECT_EQ(*made, "");
  EXPECT_EQ(*make_parent_folders("file-in-the-working-folder.json"), "");
  ASSERT_TRUE(write_file_atomic(_dir / "plain", std::string_view{"x"}));
  made = make_parent_folders(_dir / "plain" / "sub" / "snap.json");
  ASSERT_FALSE(made);
  EXPECT_MENTIONS(made.error_value().reason, "cannot create folder");
  EXPECT_EQ(read(_dir / "plain"), "x");
}

// Issue 33: a script's snapshot aimed at the settings file replaced it. Only its keeper
// writes a kept file, whether it exists yet or not, however it is spelled.
TEST_F(files_test, a_kept_file_is_written_only_by_its_keeper) {
  keep_file(_dir / "settings.json", "the settings file");
  for (const fs::path& p : {_dir / "settings.json", _dir / "." / "settings.json"}) {
    auto r = write_file_atomic(p, std::string_view{"snapshot"});
    ASSERT_FALSE(r) << p;
    EXPECT_MENTIONS(r.error_value().reason, "it is the settings file");
    EXPECT_FALSE(fs::exists(_dir / "settings.json"));
  }
  ASSERT_TRUE(write_file_atomic(_dir / "settings.json", std::string_view{"{}"}, "the settings file"));
  fs::create_symlink("settings.json", _dir / "alias.json");
  EXPECT_FALSE(write_file_atomic(_dir / "alias.json", std::string_view{"snapshot"}));
  EXPECT_FALSE(write_file_atomic(_dir / "settings.json", std::string_view{"x"}, "another keeper"));
  EXPECT_EQ(read(_dir / "settings.json"), "{}");
  EXPECT_TRUE(write_file_atomic(_dir / "other.json", std::string_view{"x"}));
}

// Issue 33: kill -9 during a write left a 16 MB temporary forever. The next write into the
// folder removes what an ended run left (its process gone, or its id reused by a process
// that started after the file was written) and nothing else.
TEST_F(files_test, temporaries_an_ended_run_left_are_removed_by_the_next_write) {
  const auto child = [](const char* seconds) {
    const pid_t pid = ::fork();
    if (pid == 0) {
      ::execlp("sleep", "sleep", seconds, static_cast<char*>(nullptr));
      ::_exit(127);
    }
    return pid;
  };
  const pid_t ended = child("0");
  ::waitpid(ended, nullptr, 0);
  const pid_t running = child("30");  // started now: not the maker of an hour-old file
  const auto make = [&](const std::string& name, bool hour_old = false) {
    std::ofstream{_dir / name} << "half a snapshot";
    if (hour_old) fs::last_write_time(_dir / name, fs::last_write_time(_dir / name) - std::chrono::hours{1});
    return _dir / name;
  };
  const fs::path gone = make(fmt::format(".big.json.{}-k3x9q2.tmp", ended));
  const fs::path reused = make(fmt::format(".big.json.{}-a1b2c3.tmp", running), true);
  const fs::path live = make(fmt::format(".big.json.{}-zz00zz.tmp", running));  // being written now
  const fs::path ours = make(fmt::format(".big.json.{}-abcdef.tmp", ::getpid()));
  const std::vector<fs::path> unrelated = {make("notes.tmp"), make(".big.json.XXXXXX.tmp"),
                                           make(fmt::format("big.json.{}-k3x9q2.tmp", ended)),
                                           make(fmt::format(".big.json.{}-K3X9Q2.tmp", ended))};
  ASSERT_TRUE(write_file_atomic(_dir / "big.json", std::string_view{"{}"}));
  ::kill(running, SIGKILL);
  ::waitpid(running, nullptr, 0);
  EXPECT_FALSE(fs::exists(gone));
  EXPECT_FALSE(fs::exists(reused));
  EXPECT_TRUE(fs::exists(live));
  EXPECT_TRUE(fs::exists(ours));
  for (const fs::path& p : unrelated) EXPECT_TRUE(fs::exists(p)) << p;
}

TEST_F(files_test, reading_refuses_what_is_not_a_regular_file_without_blocking) {
  ASSERT_EQ(::mkfifo((_dir / "fifo").c_str(), 0644), 0);
  fs::create_directories(_dir / "folder");
  const std::pair<fs::path, const char*> cases[] = {
      {_dir / "fifo", "it is a FIFO"}, {_dir / "folder", "it is a folder"}, {_dir / "missing", "no such file"}};
  for (const auto& [path, needle] : cases) {
    auto r = read_regular_file(path, 100, "script");
    ASSERT_FALSE(r) << path;
    EXPECT_EQ(r.error_value().code, errc::io);
    EXPECT_MENTIONS(r.error_value().reason, needle);
  }
  ASSERT_TRUE(write_file_atomic(_dir / "big", std::string(101, 'x')));
  auto big = read_regular_file(_dir / "big", 100, "script");
  ASSERT_FALSE(big);
  EXPECT_EQ(big.error_value().code, errc::parse);
  EXPECT_MENTIONS(big.error_value().reason, "is 101 bytes, more than the limit of 100 bytes");
}

TEST(json_input, the_depth_cap_is_exact_and_names_where) {
  const json_limits limits{1u << 20, 64};
  const auto nested = [](size_t n) { return std::string(n, '[') + std::string(n, ']'); };
  EXPECT_TRUE(parse_json(nested(64), "x", limits));
  auto deep = parse_json(nested(65), "script 'x'", limits);
  ASSERT_FALSE(deep);
  EXPECT_MENTIONS(deep.error_value().reason, "script 'x' nests deeper than 64 levels (at /0/0/");
  auto deep_object = parse_json(R"({"a": {"b~/": [1, {"c": [[[[]]]]}]}})", "x", {1024, 5});
  ASSERT_FALSE(deep_object);
  EXPECT_MENTIONS(deep_object.error_value().reason, "(at /a/b~0~1/1/c/0)");
}

TEST(json_input, duplicate_keys_are_refused_at_any_depth) {
  auto top = parse_json(R"({"a": 1, "a": 2})", "x", document_limits);
  ASSERT_FALSE(top);
  EXPECT_MENTIONS(top.error_value().reason, "x: duplicate key \"a\" in /");
  auto inner = parse_json(R"({"steps": [{"do": "flush"}, {"do": "x", "n": 1, "n": 1}]})", "x", document_limits);
  ASSERT_FALSE(inner);
  EXPECT_MENTIONS(inner.error_value().reason, "duplicate key \"n\" in /steps/1");
  EXPECT_TRUE(parse_json(R"([{"a": 1}, {"a": 1}])", "x", document_limits));  // equal keys in two objects are fine
}

TEST(json_input, messages_quote_values_cut_to_a_line) {
  nlohmann::json big = nlohmann::json::array();
  for (int i = 0; i < 100000; ++i) big.push_back(i);
  EXPECT_LE(brief(big).size(), 90u);
  EXPECT_EQ(brief(nlohmann::json{{"a", 1}}), "{\"a\":1}");
  nlohmann::json deep = nlohmann::json::array();
  for (int i = 0; i < 1000; ++i) deep = nlohmann::json::array({deep});
  EXPECT_LE(brief(deep, 40).size(), 50u);
  EXPECT_EQ(brief(nlohmann::json(std::string{"\xff"})), "\"\xEF\xBF\xBD\"");  // invalid UTF-8 does not throw
  auto bad = parse_json("{\"a\": tru}", "script 'x'", document_limits);
  ASSERT_FALSE(bad);
  EXPECT_MENTIONS(bad.error_value().reason, "script 'x' is not valid JSON: line 1, column");
}

}  // namespace
}  // namespace xe::sandbox
