#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <mutex>
#include <string_view>

#include <spdlog/sinks/dist_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>

#include "common/assert.h"
#include "common/check.h"
#include "common/log.h"
#include "common/result.h"

namespace xe {

const char* to_string(errc code) {
  switch (code) {
    case errc::api_call_failed: return "api_call_failed";
    case errc::not_initialized: return "not_initialized";
    case errc::invalid_argument: return "invalid_argument";
    case errc::invalid_handle: return "invalid_handle";
    case errc::wrong_heap: return "wrong_heap";
    case errc::double_free: return "double_free";
    case errc::heap_full: return "heap_full";
    case errc::unsupported: return "unsupported";
    case errc::io: return "io";
    case errc::parse: return "parse";
    case errc::device_hung: return "device_hung";
    case errc::stopped: return "stopped";
  }
  return "unknown";
}

const char* hresult_name(long hr) {
  switch (static_cast<u32>(hr)) {
    case 0x00000000u: return "S_OK";
    case 0x00000001u: return "S_FALSE";
    case 0x80004001u: return "E_NOTIMPL";
    case 0x80004002u: return "E_NOINTERFACE";
    case 0x80004003u: return "E_POINTER";
    case 0x80004004u: return "E_ABORT";
    case 0x80004005u: return "E_FAIL";
    case 0x8007000Eu: return "E_OUTOFMEMORY";
    case 0x80070057u: return "E_INVALIDARG";
    case 0x887A0001u: return "DXGI_ERROR_INVALID_CALL";
    case 0x887A0002u: return "DXGI_ERROR_NOT_FOUND";
    case 0x887A0003u: return "DXGI_ERROR_MORE_DATA";
    case 0x887A0004u: return "DXGI_ERROR_UNSUPPORTED";
    case 0x887A0005u: return "DXGI_ERROR_DEVICE_REMOVED";
    case 0x887A0006u: return "DXGI_ERROR_DEVICE_HUNG";
    case 0x887A0007u: return "DXGI_ERROR_DEVICE_RESET";
    case 0x887A0020u: return "DXGI_ERROR_DRIVER_INTERNAL_ERROR";
    default: return nullptr;
  }
}

namespace detail {

void assert_failed(const char* expr, const char* file, int line) {
  XE_LOG_ERROR("assertion failed: {} ({}:{})", expr, file, line);
  log::get().flush();
  std::fprintf(stderr, "assertion failed: %s (%s:%d)\n", expr, file, line);
  std::abort();
}

namespace {
// The function an HRESULT expression calls: "device->CreateHeap(&desc, ...)" → "CreateHeap".
std::string_view called_function(std::string_view expr) {
  const auto is_ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t open = expr.find('('); open != std::string_view::npos; open = expr.find('(', open + 1)) {
    size_t start = open;
    while (start > 0 && is_ident(expr[start - 1])) --start;
    if (start < open) return expr.substr(start, open - start);
  }
  return expr;
}
std::string_view file_name(std::string_view path) {
  const size_t slash = path.find_last_of("/\\");
  return slash == std::string_view::npos ? path : path.substr(slash + 1);
}
}  // namespace

error hr_failed(long hr, const char* expr, const char* file, int line) {
  const char* name = hresult_name(hr);
  const std::string code =
      fmt::format("0x{:08X}{}{}{}", static_cast<u32>(hr), name ? " (" : "", name ? name : "", name ? ")" : "");
  // The log keeps the whole expression; the error a user reads names the call.
  XE_LOG_ERROR("{} failed with {} at {}:{}", expr, code, file, line);
  const bool out_of_memory = static_cast<u32>(hr) == 0x8007000Eu;
  std::string reason = fmt::format("{}{} failed with {} ({}:{})", out_of_memory ? "out of memory: " : "",
                                   called_function(expr), code, file_name(file), line);
  return error{errc::api_call_failed, hr, std::move(reason)};
}

}  // namespace detail

namespace log {
namespace {
struct logger_state {
  std::shared_ptr<spdlog::sinks::dist_sink_mt> sinks{std::make_shared<spdlog::sinks::dist_sink_mt>()};
  spdlog::sink_ptr console{std::make_shared<spdlog::sinks::stderr_color_sink_mt>()};
  std::shared_ptr<spdlog::logger> logger;
  logger_state() {
    sinks->add_sink(console);
    logger = std::make_shared<spdlog::logger>("xe", sinks);
    logger->set_pattern("[%H:%M:%S.%e] [%^%l%$] %v");
    logger->set_level(spdlog::level::info);
  }
};
logger_state& state() {
  static logger_state s;
  return s;
}
}  // namespace

spdlog::logger& get() { return *state().logger; }
void add_sink(spdlog::sink_ptr sink) { state().sinks->add_sink(std::move(sink)); }
void remove_sink(const spdlog::sink_ptr& sink) { state().sinks->remove_sink(sink); }
void set_console_enabled(bool enabled) {
  state().console->set_level(enabled ? spdlog::level::trace : spdlog::level::off);
}

}  // namespace log
}  // namespace xe
