#include <windows.h>

#include <cstdio>
#include <cstdlib>
#include <cwctype>

#include <utf8cpp/utf8.h>

#include "exercise/process.h"

namespace xe::sandbox {
namespace {

std::wstring widen(const std::string& s) {
  std::wstring w;
  utf8::utf8to16(s.begin(), s.end(), std::back_inserter(w));
  return w;
}

// One argument as CommandLineToArgvW reads it back.
std::wstring quoted(const std::wstring& arg) {
  if (!arg.empty() && arg.find_first_of(L" \t\"") == std::wstring::npos) return arg;
  std::wstring out = L"\"";
  size_t slashes = 0;
  for (wchar_t c : arg) {
    if (c == L'\\') {
      ++slashes;
    } else {
      out.append(c == L'"' ? slashes * 2 + 1 : slashes, L'\\');
      slashes = 0;
    }
    if (c != L'\\')
      out += c;
    else
      out += L'\\';
  }
  // Backslashes before the closing quote are doubled; the ones already appended count once.
  out.append(slashes, L'\\');
  return out + L"\"";
}

}  // namespace

exercise_platform this_platform() {
  const char* local = std::getenv("LOCALAPPDATA");
  return {".dll", "-static", ".exe",
          "no C++ compiler on the PATH: install mingw-w64's g++ (posix threads: std::mutex) and set CXX to it, or "
          "build the exercise as a DLL "
          "yourself and give it to --solution",
          local && *local ? std::filesystem::path{local} : std::filesystem::path{}};
}

namespace {

// This process's environment block with the limits' variables set over it (names compare
// without case, as Windows does).
std::wstring child_environment(const std::vector<std::string>& extra) {
  const auto name_of = [](std::wstring entry) {
    entry = entry.substr(0, entry.find(L'=', 1) + 1);  // "=C:=C:\\" style entries start with '='
    for (wchar_t& c : entry) c = static_cast<wchar_t>(towupper(c));
    return entry;
  };
  std::vector<std::wstring> added;
  for (const std::string& x : extra) added.push_back(widen(x));
  std::wstring block;
  if (wchar_t* own = GetEnvironmentStringsW()) {
    for (const wchar_t* e = own; *e; e += wcslen(e) + 1) {
      bool replaced = false;
      for (const std::wstring& x : added) replaced = replaced || name_of(x) == name_of(e);
      if (!replaced) block.append(e).push_back(L'\0');
    }
    FreeEnvironmentStringsW(own);
  }
  for (const std::wstring& x : added) block.append(x).push_back(L'\0');
  block.push_back(L'\0');
  return block;
}

}  // namespace

result<process_end> run_process(const std::vector<std::string>& argv, const std::filesystem::path& output,
                                const process_limits& limits) {
  std::wstring command;
  for (const std::string& a : argv) (command.empty() ? command : command += L' ') += quoted(widen(a));
  SECURITY_ATTRIBUTES inherit{sizeof(inherit), nullptr, TRUE};
  HANDLE out = CreateFileW(output.c_str(), GENERIC_WRITE, FILE_SHARE_READ, &inherit, CREATE_ALWAYS,
                           FILE_ATTRIBUTE_NORMAL, nullptr);
  if (out == INVALID_HANDLE_VALUE) return make_error(errc::io, "cannot write " + output.string());
  STARTUPINFOW si{};
  si.cb = sizeof(si);
  si.dwFlags = STARTF_USESTDHANDLES;
  si.hStdInput = nullptr;
  si.hStdOutput = out;
  si.hStdError = out;
  // A job, so the time limit ends whatever the process started too.
  HANDLE job = CreateJobObjectW(nullptr, nullptr);
  JOBOBJECT_EXTENDED_LIMIT_INFORMATION kill_on_close{};
  kill_on_close.BasicLimitInformation.LimitFlags = JOB_OBJECT_LIMIT_KILL_ON_JOB_CLOSE;
  if (job) SetInformationJobObject(job, JobObjectExtendedLimitInformation, &kill_on_close, sizeof(kill_on_close));
  PROCESS_INFORMATION pi{};
  std::wstring environment = child_environment(limits.environment);
  const BOOL started = CreateProcessW(nullptr, command.data(), nullptr, nullptr, TRUE,
                                      CREATE_NO_WINDOW | CREATE_SUSPENDED | CREATE_UNICODE_ENVIRONMENT,
                                      environment.data(), nullptr, &si, &pi);
  CloseHandle(out);
  if (!started) {
    if (job) CloseHandle(job);
    return make_error(errc::io, "cannot run " + argv[0] + ": error " + std::to_string(GetLastError()));
  }
  if (job) AssignProcessToJobObject(job, pi.hProcess);
  ResumeThread(pi.hThread);
  CloseHandle(pi.hThread);
  process_end end;
  const auto deadline = std::chrono::steady_clock::now() + limits.total;
  progress_watch progress{limits};
  DWORD waited = WAIT_TIMEOUT;
  for (;;) {
    waited = WaitForSingleObject(pi.hProcess, 20);
    if (waited != WAIT_TIMEOUT) break;
    end.stalled = progress.stalled();
    if (end.stalled || std::chrono::steady_clock::now() >= deadline) break;
  }
  if (waited == WAIT_TIMEOUT) {
    TerminateProcess(pi.hProcess, 1);
    WaitForSingleObject(pi.hProcess, INFINITE);
    end.timed_out = true;
  } else {
    DWORD code = 0;
    GetExitCodeProcess(pi.hProcess, &code);
    end.code = static_cast<int>(code);
    // An unhandled exception ends the process with its NTSTATUS (0xC...).
    if ((code & 0xF0000000u) == 0xC0000000u) {
      end.crashed = true;
      char name[64];
      std::snprintf(name, sizeof(name), "exception 0x%08lX%s", static_cast<unsigned long>(code),
                    code == 0xC0000005u   ? " (access violation)"
                    : code == 0xC00000FDu ? " (stack overflow)"
                                          : "");
      end.crash_name = name;
    }
  }
  CloseHandle(pi.hProcess);
  if (job) CloseHandle(job);
  return end;
}

}  // namespace xe::sandbox
