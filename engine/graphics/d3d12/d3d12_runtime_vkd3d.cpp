// Linux: D3D12 through vkd3d 1.2 on Vulkan. The engine creates the vkd3d instance itself
// so it controls the Vulkan instance extensions (window-system surfaces for swap chains,
// debug utils for validation messages).
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <dlfcn.h>
#include <link.h>
#endif

#include "graphics/d3d12/d3d12_runtime.h"
#include "graphics/stats_internal.h"

namespace xe::gfx::d3d12::runtime {
namespace {

struct vkd3d_state {
  vkd3d_instance* instance{nullptr};
  VkDebugUtilsMessengerEXT messenger{VK_NULL_HANDLE};
  std::atomic<u32> validation_errors{0};
  std::mutex expected_mutex;
  bool expecting{false};
  std::vector<std::string> expected;
};
vkd3d_state g_state;

bool instance_extension_available(const char* name) {
  u32 count = 0;
  if (vkEnumerateInstanceExtensionProperties(nullptr, &count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkExtensionProperties> props(count);
  if (vkEnumerateInstanceExtensionProperties(nullptr, &count, props.data()) != VK_SUCCESS) return false;
  for (const auto& p : props)
    if (std::strcmp(p.extensionName, name) == 0) return true;
  return false;
}

#if defined(__SANITIZE_ADDRESS__)
// Sanitizer builds only: the Vulkan loader unloads the driver at vkDestroyInstance, and
// LeakSanitizer then cannot name the module of the driver's own process-lifetime
// allocations, so its suppressions cannot match them. Pinning every loaded Vulkan driver
// (RTLD_NOLOAD | RTLD_NODELETE) keeps them mapped until exit.
void pin_vulkan_drivers() {
  dl_iterate_phdr(
      [](dl_phdr_info* info, size_t, void*) {
        if (info->dlpi_name && std::strstr(info->dlpi_name, "libvulkan_"))
          dlopen(info->dlpi_name, RTLD_NOW | RTLD_NOLOAD | RTLD_NODELETE);
        return 0;
      },
      nullptr);
}
#else
void pin_vulkan_drivers() {}
#endif

// A message's text is interned for its event (and kept for the process's life): only with
// hooks installed, where the inspector shows it.
void report(const char* text, u64 level) {
  if (!detail::hooks_installed()) return;
  event e{.type = event_type::validation_message, .detail = text, .value = level};
  detail::emit(e);
}

VKAPI_ATTR VkBool32 VKAPI_CALL on_vulkan_message(VkDebugUtilsMessageSeverityFlagBitsEXT severity,
                                                 VkDebugUtilsMessageTypeFlagsEXT,
                                                 const VkDebugUtilsMessengerCallbackDataEXT* data, void*) {
  const char* text = data && data->pMessage ? data->pMessage : "(no message)";
  u64 level = 1;
  const bool warning_or_error =
      (severity & (VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT)) !=
      0;
  if (warning_or_error) {
    std::lock_guard lock{g_state.expected_mutex};
    if (g_state.expecting) {
      g_state.expected.emplace_back(text);
      XE_LOG_INFO("vulkan (provoked on purpose): {}", text);
      report(text, 1);
      return VK_FALSE;
    }
  }
  // Drivers report a failed allocation as an error message too; the D3D12 call that needed
  // the memory fails with E_OUTOFMEMORY and says so. Running out is not a validation error.
  const bool out_of_memory = std::strncmp(text, "VK_ERROR_OUT_OF_", 16) == 0;
  if ((severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) && out_of_memory) {
    level = 2;
    XE_LOG_WARN("vulkan: {}", text);
  } else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT) {
    level = 3;
    g_state.validation_errors.fetch_add(1, std::memory_order_relaxed);
    XE_LOG_ERROR("vulkan: {}", text);
  } else if (severity & VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
    level = 2;
    XE_LOG_WARN("vulkan: {}", text);
  } else {
    XE_LOG_DEBUG("vulkan: {}", text);
  }
  report(text, level);
  return VK_FALSE;
}

void start_messenger(VkInstance instance) {
  auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(instance, "vkCreateDebugUtilsMessengerEXT"));
  if (!create) return;
  VkDebugUtilsMessengerCreateInfoEXT info{};
  info.sType = VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT;
  info.messageSeverity =
      VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  info.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT |
                     VK_DEBUG_UTILS_MESSAGE_TYPE_PERFORMANCE_BIT_EXT;
  info.pfnUserCallback = on_vulkan_message;
  if (create(instance, &info, nullptr, &g_state.messenger) != VK_SUCCESS) {
    XE_LOG_WARN("vkCreateDebugUtilsMessengerEXT failed: validation messages are not captured");
    g_state.messenger = VK_NULL_HANDLE;
  }
}

void stop_messenger() {
  if (!g_state.instance || g_state.messenger == VK_NULL_HANDLE) return;
  VkInstance instance = vkd3d_instance_get_vk_instance(g_state.instance);
  auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
      vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
  if (destroy) destroy(instance, g_state.messenger, nullptr);
  g_state.messenger = VK_NULL_HANDLE;
}

// The first CPU-type Vulkan device (lavapipe): the Linux counterpart of WARP.
result<VkPhysicalDevice> find_software_device(VkInstance instance) {
  u32 count = 0;
  vkEnumeratePhysicalDevices(instance, &count, nullptr);
  std::vector<VkPhysicalDevice> devices(count);
  vkEnumeratePhysicalDevices(instance, &count, devices.data());
  for (VkPhysicalDevice d : devices) {
    VkPhysicalDeviceProperties props{};
    vkGetPhysicalDeviceProperties(d, &props);
    if (props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU) return d;
  }
  return make_error(errc::unsupported,
                    "no software Vulkan device found (Debian's mesa-vulkan-drivers provides lavapipe)");
}

}  // namespace

result<created_device> create_device(adapter_preference preference) {
  XE_ASSERT(!g_state.instance);
  g_state.validation_errors = 0;

  // Surfaces for the window-system swap chains; taken when the loader has them.
  static const char* const optional_instance_extensions[] = {VK_KHR_SURFACE_EXTENSION_NAME, "VK_KHR_xlib_surface",
                                                             "VK_KHR_xcb_surface", VK_EXT_DEBUG_UTILS_EXTENSION_NAME};
  vkd3d_optional_instance_extensions_info optional_instance{};
  optional_instance.type = VKD3D_STRUCTURE_TYPE_OPTIONAL_INSTANCE_EXTENSIONS_INFO;
  optional_instance.extensions = optional_instance_extensions;
  optional_instance.extension_count = static_cast<u32>(std::size(optional_instance_extensions));

  vkd3d_application_info app{};
  app.type = VKD3D_STRUCTURE_TYPE_APPLICATION_INFO;
  app.next = &optional_instance;
  app.application_name = "xengine-sandbox";
  app.api_version = VKD3D_API_VERSION_1_2;

  vkd3d_instance_create_info instance_info{};
  instance_info.type = VKD3D_STRUCTURE_TYPE_INSTANCE_CREATE_INFO;
  instance_info.next = &app;
  instance_info.pfn_signal_event = vkd3d_signal_event;
  instance_info.wchar_size = sizeof(WCHAR);
  XE_TRY_HR(vkd3d_create_instance(&instance_info, &g_state.instance));
  pin_vulkan_drivers();

  VkInstance vk_instance = vkd3d_instance_get_vk_instance(g_state.instance);
  if (instance_extension_available(VK_EXT_DEBUG_UTILS_EXTENSION_NAME)) start_messenger(vk_instance);

  static const char* const optional_device_extensions[] = {VK_KHR_SWAPCHAIN_EXTENSION_NAME};
  vkd3d_optional_device_extensions_info optional_device{};
  optional_device.type = VKD3D_STRUCTURE_TYPE_OPTIONAL_DEVICE_EXTENSIONS_INFO;
  optional_device.extensions = optional_device_extensions;
  optional_device.extension_count = 1;

  vkd3d_device_create_info device_info{};
  device_info.type = VKD3D_STRUCTURE_TYPE_DEVICE_CREATE_INFO;
  device_info.next = &optional_device;
  device_info.minimum_feature_level = D3D_FEATURE_LEVEL_11_0;
  device_info.instance = g_state.instance;
  if (preference == adapter_preference::software) {
    auto software = find_software_device(vk_instance);
    if (!software) {
      shutdown();
      return std::move(software).error_value();
    }
    device_info.vk_physical_device = *software;
  }

  created_device out;
  if (auto r = XE_CHECK_HR(vkd3d_create_device(&device_info, IID_PPV_ARGS(out.device.put()))); !r) {
    shutdown();
    return std::move(r).error_value();
  }

  VkPhysicalDeviceProperties props{};
  vkGetPhysicalDeviceProperties(vkd3d_get_vk_physical_device(out.device.get()), &props);
  out.adapter_name = props.deviceName;
  out.vendor_id = props.vendorID;
  out.device_id = props.deviceID;
  out.software = props.deviceType == VK_PHYSICAL_DEVICE_TYPE_CPU;
  out.runtime = fmt::format("vkd3d (D3D12 over Vulkan {}.{}.{})", VK_API_VERSION_MAJOR(props.apiVersion),
                            VK_API_VERSION_MINOR(props.apiVersion), VK_API_VERSION_PATCH(props.apiVersion));
  return out;
}

void shutdown() {
  stop_messenger();
  if (g_state.instance) vkd3d_instance_decref(g_state.instance);
  g_state.instance = nullptr;
}

bool has_clock_calibration() { return false; }

bool records_debug_regions() { return false; }

u32 validation_error_count() { return g_state.validation_errors.load(std::memory_order_relaxed); }

bool can_capture_messages() { return g_state.messenger != VK_NULL_HANDLE; }

bool validation_layer_requested() {
  for (const char* name : {"VK_LOADER_LAYERS_ENABLE", "VK_INSTANCE_LAYERS"})
    if (const char* value = std::getenv(name); value && std::strstr(value, "validation")) return true;
  return false;
}

bool validation_layer_installed() {
  u32 count = 0;
  if (vkEnumerateInstanceLayerProperties(&count, nullptr) != VK_SUCCESS) return false;
  std::vector<VkLayerProperties> layers(count);
  if (vkEnumerateInstanceLayerProperties(&count, layers.data()) != VK_SUCCESS) return false;
  for (const VkLayerProperties& layer : layers)
    if (std::strcmp(layer.layerName, "VK_LAYER_KHRONOS_validation") == 0) return true;
  return false;
}

bool request_validation_layer() {
  if (validation_layer_requested()) return validation_layer_installed();
  for (const char* name : {"VK_LOADER_LAYERS_ENABLE", "VK_INSTANCE_LAYERS"})
    if (std::getenv(name)) return false;  // the user chose the layers
  return validation_layer_installed() && setenv("VK_LOADER_LAYERS_ENABLE", "*validation", 0) == 0;
}

void begin_expected_messages() {
  std::lock_guard lock{g_state.expected_mutex};
  g_state.expecting = true;
  g_state.expected.clear();
}

std::vector<std::string> end_expected_messages() {
  std::lock_guard lock{g_state.expected_mutex};
  g_state.expecting = false;
  return std::move(g_state.expected);
}

fence_event create_fence_event() { return vkd3d_create_event(); }

namespace {

// vkd3d 1.2 waits only forever ("timed wait not implemented" for anything else), so a timed
// wait is an infinite one that this thread ends at its deadline by signalling the event.
// One thread for the process, started on first use; waits are armed and disarmed under
// its lock, so a deadline never fires on an event whose wait has returned.
class event_timer {
public:
  ~event_timer() {
    {
      std::lock_guard lock{_mutex};
      _stop = true;
    }
    _wake.notify_all();
    if (_thread.joinable()) _thread.join();
  }
  u64 arm(fence_event event, std::chrono::steady_clock::time_point deadline) {
    std::lock_guard lock{_mutex};
    if (!_thread.joinable()) _thread = std::thread{[this] { run(); }};
    _armed.push_back({++_serial, event, deadline, false});
    _wake.notify_all();
    return _serial;
  }
  // True when the deadline fired before the wait ended.
  bool disarm(u64 ticket) {
    std::lock_guard lock{_mutex};
    for (auto it = _armed.begin(); it != _armed.end(); ++it)
      if (it->ticket == ticket) {
        const bool fired = it->fired;
        _armed.erase(it);
        return fired;
      }
    return false;
  }

private:
  struct entry {
    u64 ticket;
    fence_event event;
    std::chrono::steady_clock::time_point deadline;
    bool fired;
  };
  void run() {
    std::unique_lock lock{_mutex};
    while (!_stop) {
      auto next = std::chrono::steady_clock::time_point::max();
      const auto now = std::chrono::steady_clock::now();
      for (entry& e : _armed) {
        if (e.fired) continue;
        if (e.deadline <= now) {
          e.fired = true;
          vkd3d_signal_event(e.event);
        } else {
          next = std::min(next, e.deadline);
        }
      }
      if (next == std::chrono::steady_clock::time_point::max())
        _wake.wait(lock);
      else
        _wake.wait_until(lock, next);
    }
  }

  std::mutex _mutex;
  std::condition_variable _wake;
  std::thread _thread;
  std::vector<entry> _armed;
  u64 _serial{0};
  bool _stop{false};
};

event_timer& timer() {
  static event_timer t;
  return t;
}

}  // namespace

result<bool> wait_fence_event_for(fence_event event, u32 timeout_ms) {
  const u64 ticket = timer().arm(event, std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms));
  const unsigned int r = vkd3d_wait_event(event, VKD3D_INFINITE);
  const bool fired = timer().disarm(ticket);
  if (r != VKD3D_WAIT_OBJECT_0) return make_error(errc::api_call_failed, "vkd3d_wait_event failed");
  return !fired;
}

void destroy_fence_event(fence_event event) {
  if (event) vkd3d_destroy_event(event);
}

}  // namespace xe::gfx::d3d12::runtime
