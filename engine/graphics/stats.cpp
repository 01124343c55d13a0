#include <spdlog/fmt/fmt.h>

#include "graphics/stats_internal.h"

namespace xe::gfx {

namespace detail {
hook_state g_hooks;
constinit thread_local descriptor_event_queue t_descriptor_events;

void deliver_descriptor_events(descriptor_event_queue& queue) {
  const std::span<const descriptor_event> events{queue.events, queue.count};
  queue.count = 0;  // hooks must not cause events (stats.h): the span is read in place
  if (auto batch = g_hooks.on_descriptor_events.load(std::memory_order_acquire)) {
    batch(queue.frame, queue.time, events, g_hooks.user.load(std::memory_order_relaxed));
  } else if (auto one = g_hooks.on_event.load(std::memory_order_acquire)) {
    for (const descriptor_event& d : events)
      one(to_event(d, queue.frame, queue.time), g_hooks.user.load(std::memory_order_relaxed));
  }
}
}  // namespace detail

event to_event(const descriptor_event& e, u64 frame, u64 time) {
  return event{.type = e.type, .frame = frame, .slot = e.slot, .heap = e.heap, .index = e.index, .time = time};
}

u64 get_engine_time_ns() { return detail::clock_ns(); }

const char* to_string(heap_type type) {
  switch (type) {
    case heap_type::rtv: return "rtv";
    case heap_type::dsv: return "dsv";
    case heap_type::cbv_srv_uav: return "cbv_srv_uav";
    case heap_type::sampler: return "sampler";
  }
  return "unknown";
}

const char* to_string(heap_model model) {
  switch (model) {
    case heap_model::engine: return "engine";
    case heap_model::wiki: return "wiki";
    case heap_model::learner: return "learner";
  }
  return "engine";
}

const char* to_string(resource_kind kind) {
  switch (kind) {
    case resource_kind::committed: return "committed";
    case resource_kind::placed: return "placed";
    case resource_kind::reserved: return "reserved";
    case resource_kind::none: return "none";
  }
  return "unknown";
}

const char* to_string(event_type type) {
  switch (type) {
    case event_type::descriptor_allocated: return "descriptor_allocated";
    case event_type::descriptor_freed: return "descriptor_freed";
    case event_type::descriptor_returned: return "descriptor_returned";
    case event_type::fence_signaled: return "fence_signaled";
    case event_type::fence_waited: return "fence_waited";
    case event_type::release_queued: return "release_queued";
    case event_type::release_done: return "release_done";
    case event_type::surface_created: return "surface_created";
    case event_type::surface_removed: return "surface_removed";
    case event_type::surface_resized: return "surface_resized";
    case event_type::resource_created: return "resource_created";
    case event_type::resource_released: return "resource_released";
    case event_type::validation_message: return "validation_message";
    case event_type::resource_barrier: return "resource_barrier";
    case event_type::release_refused: return "release_refused";
  }
  return "unknown";
}

namespace {

// The value of E in [0, last] whose to_string is name.
template <typename E>
std::optional<E> from_name(std::string_view name, E last) {
  for (u32 i = 0; i <= static_cast<u32>(last); ++i)
    if (name == to_string(static_cast<E>(i))) return static_cast<E>(i);
  return std::nullopt;
}

}  // namespace

std::optional<heap_type> heap_type_from(std::string_view name) { return from_name(name, heap_type::sampler); }
std::optional<resource_kind> resource_kind_from(std::string_view name) {
  return from_name(name, resource_kind::reserved);
}
std::optional<heap_model> heap_model_from(std::string_view name) { return from_name(name, heap_model::learner); }
std::optional<event_type> event_type_from(std::string_view name) {
  return from_name(name, event_type::release_refused);
}

const char* to_string(gpu_time_source source) {
  switch (source) {
    case gpu_time_source::none: return "none";
    case gpu_time_source::timestamps: return "timestamps";
    case gpu_time_source::fence_observed: return "fence_observed";
  }
  return "unknown";
}
std::optional<gpu_time_source> gpu_time_source_from(std::string_view name) {
  return from_name(name, gpu_time_source::fence_observed);
}

std::string feature_level_name(u32 level) { return fmt::format("{}_{}", level >> 12, (level >> 8) & 0xF); }
std::string shader_model_name(u32 model) { return fmt::format("{}.{}", model >> 4, model & 0xF); }

void install_hooks(const hook_table& hooks) {
  flush_events();
  auto& g = detail::g_hooks;
  g.installed.store(false, std::memory_order_relaxed);
  g.user.store(hooks.user, std::memory_order_relaxed);
  g.on_event.store(hooks.on_event, std::memory_order_release);
  g.on_descriptor_events.store(hooks.on_descriptor_events, std::memory_order_release);
  g.installed.store(hooks.on_event || hooks.on_descriptor_events, std::memory_order_release);
}

void uninstall_hooks() { install_hooks(hook_table{}); }

void flush_events() {
  if (detail::t_descriptor_events.count) detail::deliver_descriptor_events(detail::t_descriptor_events);
}

}  // namespace xe::gfx
