#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstring>
#include <thread>

#include "exercise/process.h"

extern char** environ;

namespace xe::sandbox {

exercise_platform this_platform() {
  return {
      ".so", "-fPIC", "", "no C++ compiler: tools/install-deps.sh installs g++; or set CXX to the compiler to use", {}};
}

namespace {

// This process's environment with the limits' variables set over it.
std::vector<std::string> child_environment(const std::vector<std::string>& extra) {
  const auto name_of = [](const std::string& entry) { return entry.substr(0, entry.find('=') + 1); };
  std::vector<std::string> env;
  for (char** e = environ; *e; ++e) {
    const std::string entry{*e};
    bool replaced = false;
    for (const std::string& x : extra) replaced = replaced || name_of(x) == name_of(entry);
    if (!replaced) env.push_back(entry);
  }
  env.insert(env.end(), extra.begin(), extra.end());
  return env;
}

}  // namespace

result<process_end> run_process(const std::vector<std::string>& argv, const std::filesystem::path& output,
                                const process_limits& limits) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  std::vector<std::string> env = child_environment(limits.environment);
  std::vector<char*> envp;
  for (std::string& e : env) envp.push_back(e.data());
  envp.push_back(nullptr);

  posix_spawn_file_actions_t files;
  posix_spawn_file_actions_init(&files);
  posix_spawn_file_actions_addopen(&files, 0, "/dev/null", O_RDONLY, 0);
  posix_spawn_file_actions_addopen(&files, 1, output.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  posix_spawn_file_actions_adddup2(&files, 1, 2);
  posix_spawnattr_t attr;
  posix_spawnattr_init(&attr);
  // Its own process group, so the time limit ends whatever it started too.
  posix_spawnattr_setflags(&attr, POSIX_SPAWN_SETPGROUP);
  posix_spawnattr_setpgroup(&attr, 0);
  pid_t pid = 0;
  const int err = posix_spawnp(&pid, args[0], &files, &attr, args.data(), envp.data());
  posix_spawn_file_actions_destroy(&files);
  posix_spawnattr_destroy(&attr);
  if (err != 0) return make_error(errc::io, "cannot run " + argv[0] + ": " + std::strerror(err));

  process_end end;
  const auto deadline = std::chrono::steady_clock::now() + limits.total;
  progress_watch progress{limits};
  int status = 0;
  for (auto pause = std::chrono::milliseconds{1};; pause = std::min(pause * 2, std::chrono::milliseconds{20})) {
    const pid_t done = waitpid(pid, &status, WNOHANG);
    if (done == pid) break;
    if (done < 0 && errno != EINTR) return make_error(errc::io, std::string{"waitpid: "} + std::strerror(errno));
    const bool stalled = progress.stalled();
    if (stalled || std::chrono::steady_clock::now() >= deadline) {
      end.stalled = stalled;
      kill(-pid, SIGKILL);
      while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
      end.timed_out = true;
      return end;
    }
    std::this_thread::sleep_for(pause);
  }
  if (WIFSIGNALED(status)) {
    end.crashed = true;
    end.code = WTERMSIG(status);
    const char* name = sigabbrev_np(end.code);
    end.crash_name = name ? std::string{"SIG"} + name : "signal " + std::to_string(end.code);
  } else {
    end.code = WEXITSTATUS(status);
  }
  return end;
}

}  // namespace xe::sandbox
