// The bad-input corpus (sandbox/tests/bad_input/cases.json): each case runs the real
// sandbox in its own folder and checks its exit code, its message, and that nothing in the
// folder changed (type, mode, owner, size, time, content, device numbers, link targets, no
// temporary left behind) except what the case allows. One CTest per case.
#include <gtest/gtest.h>

#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>

#include <nlohmann/json.hpp>

#include "process.h"

namespace xe::test {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const fs::path corpus = fs::path{XE_SOURCE_DIR} / "sandbox/tests/bad_input";

struct corpus_case {
  std::string name;
  json spec;
};

void PrintTo(const corpus_case& c, std::ostream* os) { *os << c.name; }

std::vector<corpus_case> load_cases() {
  std::ifstream in{corpus / "cases.json"};
  const json manifest = json::parse(in, nullptr, false);
  std::vector<corpus_case> out;
  if (manifest.is_discarded()) return {{"manifest_is_not_json", json::object()}};
  for (const json& c : manifest.at("cases")) out.push_back({c.at("name").get<std::string>(), c});
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (size_t at = s.find(from); at != std::string::npos; at = s.find(from, at + to.size()))
    s.replace(at, from.size(), to);
  return s;
}

std::string read_all(const fs::path& p) {
  std::ifstream in{p, std::ios::binary};
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

// Everything lstat says about an entry that a write could change, and a regular file's bytes.
std::string describe(const fs::path& p) {
  struct stat st {};
  if (::lstat(p.c_str(), &st) != 0) return "missing";
  std::ostringstream d;
  d << "mode " << std::oct << st.st_mode << std::dec << " uid " << st.st_uid << " gid " << st.st_gid << " ino "
    << st.st_ino << " size " << st.st_size << " mtime " << st.st_mtim.tv_sec << "." << st.st_mtim.tv_nsec;
  if (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) d << " rdev " << major(st.st_rdev) << "," << minor(st.st_rdev);
  if (S_ISLNK(st.st_mode)) d << " -> " << fs::read_symlink(p).string();
  if (S_ISREG(st.st_mode)) d << " bytes " << std::hash<std::string>{}(read_all(p));
  return d.str();
}

std::map<std::string, std::string> scan(const fs::path& dir) {
  std::map<std::string, std::string> out;
  for (auto it = fs::recursive_directory_iterator{dir}; it != fs::recursive_directory_iterator{}; ++it)
    out[fs::relative(it->path(), dir).string()] = describe(it->path());
  return out;
}

class bad_input : public ::testing::TestWithParam<corpus_case> {
protected:
  void SetUp() override {
    _dir = fs::temp_directory_path() / ("xe-bad-input-" + GetParam().name);
    _config = _dir.string() + "-config";
    fs::remove_all(_dir);
    fs::remove_all(_config);
    fs::create_directories(_dir);
    fs::create_directories(_config);
  }
  void TearDown() override {
    if (HasFailure()) return;  // kept for a look
    fs::remove_all(_dir);
    fs::remove_all(_config);
  }
  std::string expand(const std::string& s) const {
    return replace_all(replace_all(replace_all(s, "{tmp}", _dir.string()), "{corpus}", corpus.string()), "{src}",
                       XE_SOURCE_DIR);
  }
  // Creates one setup entry; false when this machine cannot (_skip says why).
  bool create(const json& e) {
    const auto at = [&](const char* key) { return _dir / e.at(key).get<std::string>(); };
    if (e.contains("file")) {
      std::ofstream{at("file"), std::ios::binary} << e.at("text").get<std::string>();
      if (e.contains("mode"))
        fs::permissions(at("file"), static_cast<fs::perms>(std::stoi(e.at("mode").get<std::string>(), nullptr, 8)));
    } else if (e.contains("copy")) {
      fs::copy_file(expand(e.at("from").get<std::string>()), at("copy"));
    } else if (e.contains("folder")) {
      fs::create_directories(at("folder"));
    } else if (e.contains("fifo")) {
      if (::mkfifo(at("fifo").c_str(), 0644) != 0) ADD_FAILURE() << "mkfifo: " << std::strerror(errno);
    } else if (e.contains("device")) {
      // A device node of our own in the case's folder, never the system's.
      const dev_t dev = makedev(e.at("major").get<unsigned>(), e.at("minor").get<unsigned>());
      if (::mknod(at("device").c_str(), S_IFCHR | 0666, dev) != 0) {
        _skip = std::string{"mknod needs root (CAP_MKNOD): "} + std::strerror(errno);
        return false;
      }
    } else if (e.contains("symlink")) {
      fs::create_symlink(e.at("to").get<std::string>(), at("symlink"));
    } else if (e.contains("generate")) {
      std::string text = e.at("template").get<std::string>();
      if (e.contains("nest")) {
        const size_t n = e.at("nest").get<size_t>();
        text = replace_all(text, "{nest}", std::string(n, '[') + std::string(n, ']'));
      }
      if (e.contains("pad")) text = replace_all(text, "{pad}", std::string(e.at("pad").get<size_t>(), 'x'));
      std::ofstream{at("generate"), std::ios::binary} << text;
    } else {
      ADD_FAILURE() << "unknown setup entry " << e.dump();
    }
    return true;
  }

  fs::path _dir;
  fs::path _config;
  std::string _skip;
};

TEST_P(bad_input, exit_code_message_and_nothing_changed) {
  const json& spec = GetParam().spec;
  ASSERT_TRUE(spec.contains("args")) << "corpus case without args: " << GetParam().name;
  if (spec.value("display", false) && !std::getenv("DISPLAY")) GTEST_SKIP() << "needs a display";
#if defined(__SANITIZE_ADDRESS__)
  if (spec.value("no_asan", false)) GTEST_SKIP() << "an address-space limit and ASan's shadow memory do not mix";
#endif
  for (const json& e : spec.value("setup", json::array()))
    if (!create(e)) GTEST_SKIP() << _skip;
  const auto before = scan(_dir);

  std::string command = "cd " + shell_quote(_dir.string()) + " && ";
  if (spec.contains("limit_kb"))
    command += "ulimit -v " + std::to_string(spec.at("limit_kb").get<unsigned long long>()) + " && ";
  command += "XDG_CONFIG_HOME=" + shell_quote(_config.string()) + " ";
  if (!spec.value("display", false)) command += "env -u DISPLAY -u WAYLAND_DISPLAY ";
  command += "timeout -k 5 60 " + shell_quote(XE_SANDBOX_EXE);
  for (const json& a : spec.at("args")) command += " " + shell_quote(expand(a.get<std::string>()));
  const process_result r = run_process(command);

  EXPECT_NE(r.exit_code, 124) << "timed out: " << command;
  EXPECT_EQ(r.exit_code, spec.at("exit").get<int>()) << command << "\n" << r.err;
  EXPECT_EQ(runtime_complaint(r.err + r.out), "");
  for (const json& needle : spec.value("stderr", json::array())) {
    const std::string text = expand(needle.get<std::string>());
    EXPECT_NE(r.err.find(text), std::string::npos) << "stderr should contain: " << text << "\n" << r.err;
  }
  for (const json& needle : spec.value("stderr_once", json::array())) {
    const std::string text = needle.get<std::string>();
    size_t count = 0;
    for (size_t at = r.err.find(text); at != std::string::npos; at = r.err.find(text, at + 1)) ++count;
    EXPECT_EQ(count, 1u) << "'" << text << "' should be said once:\n" << r.err;
  }
  for (const json& needle : spec.value("stderr_absent", json::array())) {
    EXPECT_EQ(r.err.find(needle.get<std::string>()), std::string::npos) << r.err;
  }
  if (spec.contains("max_stderr_line")) {
    std::istringstream lines{r.err};
    for (std::string line; std::getline(lines, line);) {
      EXPECT_LE(line.size(), spec.at("max_stderr_line").get<size_t>()) << line.substr(0, 200) << "...";
    }
  }

  // Nothing changed but what the case allows; no temporary left anywhere.
  const auto after = scan(_dir);
  std::set<std::string> allowed;
  for (const json& c : spec.value("changes", json::array())) allowed.insert(c.get<std::string>());
  std::set<std::string> names;
  for (const auto& [name, d] : before) names.insert(name);
  for (const auto& [name, d] : after) names.insert(name);
  for (const std::string& name : names) {
    if (allowed.count(name)) continue;
    const std::string was = before.count(name) ? before.at(name) : "missing";
    const std::string is = after.count(name) ? after.at(name) : "missing";
    EXPECT_EQ(was, is) << "'" << name << "' changed";
  }
  const json checks_after = spec.value("after", json::object());
  for (const auto& [name, want] : checks_after.items()) {
    const fs::path p = _dir / name;
    struct stat st {};
    ASSERT_EQ(::lstat(p.c_str(), &st), 0) << name << " should exist";
    const std::string type = want.value("type", "");
    if (type == "file") {
      EXPECT_TRUE(S_ISREG(st.st_mode)) << name;
    } else if (type == "symlink") {
      EXPECT_TRUE(S_ISLNK(st.st_mode)) << name;
    }
    if (want.contains("mode")) {
      EXPECT_EQ(st.st_mode & 07777, static_cast<mode_t>(std::stoi(want.at("mode").get<std::string>(), nullptr, 8)))
          << name;
    }
    if (want.value("json", false)) {
      EXPECT_FALSE(json::parse(read_all(p), nullptr, false).is_discarded()) << name;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(corpus, bad_input, ::testing::ValuesIn(load_cases()),
                         [](const ::testing::TestParamInfo<corpus_case>& c) { return c.param.name; });

}  // namespace
}  // namespace xe::test
