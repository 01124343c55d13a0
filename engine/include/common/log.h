#pragma once
// The engine's one logger ("xe"), built on spdlog. Messages carry no trailing period.
#include <spdlog/spdlog.h>

namespace xe::log {
// The shared logger; created on first use with a coloured stderr sink.
spdlog::logger& get();
// Adds a sink (e.g. the inspector's log panel or a test capture); thread-safe.
void add_sink(spdlog::sink_ptr sink);
void remove_sink(const spdlog::sink_ptr& sink);
// Turns the stderr sink off or on (other sinks keep receiving): for a caller that prints
// the log itself at the right moment, such as a headless lesson.
void set_console_enabled(bool enabled);
}  // namespace xe::log

#define XE_LOG_TRACE(...) ::xe::log::get().trace(__VA_ARGS__)
#define XE_LOG_DEBUG(...) ::xe::log::get().debug(__VA_ARGS__)
#define XE_LOG_INFO(...) ::xe::log::get().info(__VA_ARGS__)
#define XE_LOG_WARN(...) ::xe::log::get().warn(__VA_ARGS__)
#define XE_LOG_ERROR(...) ::xe::log::get().error(__VA_ARGS__)
