// Linux: a swap chain for an SDL window through Vulkan WSI, on the VkQueue vkd3d submits
// the D3D12 command lists to (docs/platforms.md). Each swap-chain image is
// wrapped as an ID3D12Resource with vkd3d_create_image_resource, so the rest of the
// engine sees D3D12 resources in D3D12_RESOURCE_STATE_PRESENT between frames.
//
// A frame: acquire an image (signals the slot's acquire semaphore) → an empty batch on
// the queue waits for it → the engine's command list (submitted in order on the same
// queue) → an empty batch signals the image's present semaphore → vkQueuePresentKHR.
#include <algorithm>
#include <array>
#include <vector>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_command.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/swap_chain.h"
#include "graphics/stats.h"
#include "platform/window_sdl.h"

namespace xe::gfx::d3d12 {
namespace {

error vk_failed(const char* call, VkResult r) {
  auto e = make_error(errc::api_call_failed, fmt::format("{} failed with VkResult {}", call, static_cast<int>(r)),
                      static_cast<s64>(r));
  XE_LOG_ERROR("{}", e.reason);
  return e;
}

class vk_swap_chain final : public swap_chain {
public:
  vk_swap_chain(std::string label, platform::window& window, u32 buffer_count)
      : _label{std::move(label)}, _window{window}, _requested_count{buffer_count} {}

  ~vk_swap_chain() override {
    if (!_device) return;
    wait_queue_idle();
    destroy_swapchain_objects();
    if (_swapchain) vkDestroySwapchainKHR(_device, _swapchain, nullptr);
    for (VkSemaphore s : _acquire_semaphores)
      if (s) vkDestroySemaphore(_device, s, nullptr);
    if (_surface) vkDestroySurfaceKHR(_instance, _surface, nullptr);
  }

  result<void> create(ID3D12Device* device, ID3D12CommandQueue* queue) {
    _d3d12_device = device;
    _queue = queue;
    _device = vkd3d_get_vk_device(device);
    _physical = vkd3d_get_vk_physical_device(device);
    _instance = vkd3d_instance_get_vk_instance(vkd3d_instance_from_device(device));
    _family = vkd3d_get_vk_queue_family_index(_queue);

    XE_TRY_ASSIGN(auto surface, platform::sdl::create_vulkan_surface(_window, _instance));
    _surface = surface;
    VkBool32 supported = VK_FALSE;
    if (VkResult r = vkGetPhysicalDeviceSurfaceSupportKHR(_physical, _family, _surface, &supported); r != VK_SUCCESS)
      return vk_failed("vkGetPhysicalDeviceSurfaceSupportKHR", r);
    if (!supported) return make_error(errc::unsupported, "the D3D12 queue's family cannot present to this window");

    VkSemaphoreCreateInfo info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, nullptr, 0};
    for (VkSemaphore& s : _acquire_semaphores)
      if (VkResult r = vkCreateSemaphore(_device, &info, nullptr, &s); r != VK_SUCCESS)
        return vk_failed("vkCreateSemaphore", r);
    return build();
  }

  const char* kind() const override { return "window"; }
  u32 width() const override { return _extent.width; }
  u32 height() const override { return _extent.height; }
  DXGI_FORMAT format() const override { return _dxgi_format; }
  u32 buffer_count() const override { return static_cast<u32>(_buffers.size()); }
  std::string presentation() const override {
    switch (_present_mode) {
      case VK_PRESENT_MODE_MAILBOX_KHR: return "VK_PRESENT_MODE_MAILBOX_KHR";
      case VK_PRESENT_MODE_IMMEDIATE_KHR: return "VK_PRESENT_MODE_IMMEDIATE_KHR";
      case VK_PRESENT_MODE_FIFO_KHR: return "VK_PRESENT_MODE_FIFO_KHR";
      default: return fmt::format("VkPresentModeKHR {}", static_cast<int>(_present_mode));
    }
  }
  u32 current_buffer() const override { return _image_index; }
  bool fullscreen() const override { return _window.is_fullscreen(); }
  bool stale() const override { return _stale; }

  result<com_ptr<ID3D12Resource>> buffer(u32 index) override {
    XE_ASSERT(index < _buffers.size());
    return com_ptr<ID3D12Resource>::add_ref(_buffers[index].get());
  }

  result<acquire_status> acquire(u32 sync_index) override {
    XE_ASSERT(sync_index < sync_slots);
    if (_window.is_minimized()) return acquire_status::skip;
    if (_stale || !_swapchain) return acquire_status::stale;
    VkSemaphore semaphore = _acquire_semaphores[sync_index];
    const VkResult r = vkAcquireNextImageKHR(_device, _swapchain, UINT64_MAX, semaphore, VK_NULL_HANDLE, &_image_index);
    if (r == VK_ERROR_OUT_OF_DATE_KHR) {
      _stale = true;
      return acquire_status::stale;
    }
    if (r == VK_SUBOPTIMAL_KHR)
      _stale = true;  // usable this frame; rebuilt before the next
    else if (r != VK_SUCCESS)
      return vk_failed("vkAcquireNextImageKHR", r);

    // The engine's commands for this image go to the same queue after this wait.
    const VkPipelineStageFlags stage = VK_PIPELINE_STAGE_ALL_COMMANDS_BIT;
    VkSubmitInfo submit{};
    submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.waitSemaphoreCount = 1;
    submit.pWaitSemaphores = &semaphore;
    submit.pWaitDstStageMask = &stage;
    VkQueue queue = vkd3d_acquire_vk_queue(_queue);
    const VkResult s = vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE);
    vkd3d_release_vk_queue(_queue);
    if (s != VK_SUCCESS) return vk_failed("vkQueueSubmit (acquire wait)", s);
    return acquire_status::ready;
  }

  result<void> present() override {
    VkSemaphore semaphore = _present_semaphores[_image_index];
    VkSubmitInfo submit{};
    submit.sType = VK_STRUCTURE_TYPE_SUBMIT_INFO;
    submit.signalSemaphoreCount = 1;
    submit.pSignalSemaphores = &semaphore;
    VkPresentInfoKHR present{};
    present.sType = VK_STRUCTURE_TYPE_PRESENT_INFO_KHR;
    present.waitSemaphoreCount = 1;
    present.pWaitSemaphores = &semaphore;
    present.swapchainCount = 1;
    present.pSwapchains = &_swapchain;
    present.pImageIndices = &_image_index;

    VkQueue queue = vkd3d_acquire_vk_queue(_queue);
    VkResult r = vkQueueSubmit(queue, 1, &submit, VK_NULL_HANDLE);
    if (r == VK_SUCCESS) r = vkQueuePresentKHR(queue, &present);
    vkd3d_release_vk_queue(_queue);
    if (r == VK_ERROR_OUT_OF_DATE_KHR || r == VK_SUBOPTIMAL_KHR) {
      _stale = true;
      return {};
    }
    if (r != VK_SUCCESS) return vk_failed("vkQueuePresentKHR", r);
    return {};
  }

  result<void> resize(u32, u32, u32 buffer_count) override {
    if (buffer_count) _requested_count = buffer_count;
    wait_queue_idle();
    destroy_swapchain_objects();
    return build();
  }

private:
  // The queue must be idle before swap-chain images are released: a fence completing is
  // not enough for the presentation engine's semaphore waits (see the notes).
  void wait_queue_idle() {
    VkQueue queue = vkd3d_acquire_vk_queue(_queue);
    vkQueueWaitIdle(queue);
    vkd3d_release_vk_queue(_queue);
  }

  void destroy_swapchain_objects() {
    for (auto& b : _buffers) tracker::release_now(b);
    _buffers.clear();
    for (VkSemaphore s : _present_semaphores) vkDestroySemaphore(_device, s, nullptr);
    _present_semaphores.clear();
  }

  // Not FIFO when anything else is offered: with FIFO, Mesa's X11 WSI waits for the X
  // server's presentation events, which an iconified window may never deliver, and the
  // queue the whole engine shares then stalls (seen here, minimising under Xvfb).
  VkPresentModeKHR choose_present_mode() const {
    u32 count = 0;
    vkGetPhysicalDeviceSurfacePresentModesKHR(_physical, _surface, &count, nullptr);
    std::vector<VkPresentModeKHR> modes(count);
    vkGetPhysicalDeviceSurfacePresentModesKHR(_physical, _surface, &count, modes.data());
    for (VkPresentModeKHR preferred : {VK_PRESENT_MODE_MAILBOX_KHR, VK_PRESENT_MODE_IMMEDIATE_KHR})
      if (std::find(modes.begin(), modes.end(), preferred) != modes.end()) return preferred;
    return VK_PRESENT_MODE_FIFO_KHR;
  }

  // (Re)creates the swap chain at the surface's current extent, passing the old one on.
  result<void> build() {
    _stale = false;
    _image_index = 0;
    VkSurfaceCapabilitiesKHR caps{};
    if (VkResult r = vkGetPhysicalDeviceSurfaceCapabilitiesKHR(_physical, _surface, &caps); r != VK_SUCCESS)
      return vk_failed("vkGetPhysicalDeviceSurfaceCapabilitiesKHR", r);
    _extent = caps.currentExtent;
    if (_extent.width == UINT32_MAX) _extent = {_window.width(), _window.height()};
    if (_extent.width == 0 || _extent.height == 0 || _window.is_minimized()) {
      // Nothing to present into until the window has an area again.
      if (_swapchain) vkDestroySwapchainKHR(_device, _swapchain, nullptr);
      _swapchain = VK_NULL_HANDLE;
      _extent = {0, 0};
      return {};
    }

    u32 format_count = 0;
    vkGetPhysicalDeviceSurfaceFormatsKHR(_physical, _surface, &format_count, nullptr);
    std::vector<VkSurfaceFormatKHR> formats(format_count);
    vkGetPhysicalDeviceSurfaceFormatsKHR(_physical, _surface, &format_count, formats.data());
    auto chosen = std::find_if(formats.begin(), formats.end(),
                               [](const VkSurfaceFormatKHR& f) { return f.format == VK_FORMAT_B8G8R8A8_UNORM; });
    if (chosen == formats.end()) return make_error(errc::unsupported, "the window offers no B8G8R8A8_UNORM format");

    const u32 max_images = caps.maxImageCount ? caps.maxImageCount : UINT32_MAX;
    VkSwapchainCreateInfoKHR info{};
    info.sType = VK_STRUCTURE_TYPE_SWAPCHAIN_CREATE_INFO_KHR;
    info.surface = _surface;
    info.minImageCount = std::clamp(_requested_count, caps.minImageCount, max_images);
    info.imageFormat = chosen->format;
    info.imageColorSpace = chosen->colorSpace;
    info.imageExtent = _extent;
    info.imageArrayLayers = 1;
    // Transfer source: screenshots copy the back buffer before it is presented.
    info.imageUsage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT |
                      (caps.supportedUsageFlags & VK_IMAGE_USAGE_TRANSFER_SRC_BIT);
    info.imageSharingMode = VK_SHARING_MODE_EXCLUSIVE;
    info.preTransform = caps.currentTransform;
    info.compositeAlpha =
        (caps.supportedCompositeAlpha & VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR)
            ? VK_COMPOSITE_ALPHA_OPAQUE_BIT_KHR
            : static_cast<VkCompositeAlphaFlagBitsKHR>(caps.supportedCompositeAlpha & -caps.supportedCompositeAlpha);
    info.presentMode = choose_present_mode();
    _present_mode = info.presentMode;
    info.clipped = VK_TRUE;
    info.oldSwapchain = _swapchain;
    VkSwapchainKHR created = VK_NULL_HANDLE;
    if (VkResult r = vkCreateSwapchainKHR(_device, &info, nullptr, &created); r != VK_SUCCESS)
      return vk_failed("vkCreateSwapchainKHR", r);
    if (_swapchain) vkDestroySwapchainKHR(_device, _swapchain, nullptr);
    _swapchain = created;

    u32 count = 0;
    vkGetSwapchainImagesKHR(_device, _swapchain, &count, nullptr);
    std::vector<VkImage> images(count);
    vkGetSwapchainImagesKHR(_device, _swapchain, &count, images.data());
    count = std::min<u32>(count, max_buffers);
    _dxgi_format = vkd3d_get_dxgi_format(chosen->format);

    VkSemaphoreCreateInfo semaphore_info{VK_STRUCTURE_TYPE_SEMAPHORE_CREATE_INFO, nullptr, 0};
    for (u32 i = 0; i < count; ++i) {
      vkd3d_image_resource_create_info wrap{};
      wrap.type = VKD3D_STRUCTURE_TYPE_IMAGE_RESOURCE_CREATE_INFO;
      wrap.vk_image = images[i];
      wrap.desc.Dimension = D3D12_RESOURCE_DIMENSION_TEXTURE2D;
      wrap.desc.Width = _extent.width;
      wrap.desc.Height = _extent.height;
      wrap.desc.DepthOrArraySize = 1;
      wrap.desc.MipLevels = 1;
      wrap.desc.Format = _dxgi_format;
      wrap.desc.SampleDesc.Count = 1;
      wrap.desc.Layout = D3D12_TEXTURE_LAYOUT_UNKNOWN;
      wrap.desc.Flags =
          XE_FAULT(back_buffer_usage_missing) ? D3D12_RESOURCE_FLAG_NONE : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
      // Both flags: vkd3d moves the images to the present layout itself (see the notes).
      wrap.flags = VKD3D_RESOURCE_INITIAL_STATE_TRANSITION | VKD3D_RESOURCE_PRESENT_STATE_TRANSITION;
      wrap.present_state = D3D12_RESOURCE_STATE_PRESENT;
      com_ptr<ID3D12Resource> resource;
      XE_TRY_HR(vkd3d_create_image_resource(_d3d12_device, &wrap, resource.put()));
      tracker::track(resource.get(),
                     {.name = fmt::format("{} back buffer {} ({}x{})", _label, i, _extent.width, _extent.height),
                      .type = "texture2d",
                      .kind = resource_kind::committed,
                      .width = _extent.width,
                      .height = _extent.height,
                      .format = _dxgi_format,
                      .bytes = u64{_extent.width} * _extent.height * 4,
                      .initial_state = D3D12_RESOURCE_STATE_PRESENT,
                      .presentable = true});
      _buffers.push_back(std::move(resource));
      VkSemaphore s = VK_NULL_HANDLE;
      if (VkResult r = vkCreateSemaphore(_device, &semaphore_info, nullptr, &s); r != VK_SUCCESS)
        return vk_failed("vkCreateSemaphore", r);
      _present_semaphores.push_back(s);
    }
    return {};
  }

  std::string _label;
  platform::window& _window;
  u32 _requested_count;
  VkPresentModeKHR _present_mode{VK_PRESENT_MODE_FIFO_KHR};
  ID3D12CommandQueue* _queue{nullptr};
  VkInstance _instance{VK_NULL_HANDLE};
  VkPhysicalDevice _physical{VK_NULL_HANDLE};
  VkDevice _device{VK_NULL_HANDLE};
  u32 _family{0};
  VkSurfaceKHR _surface{VK_NULL_HANDLE};
  VkSwapchainKHR _swapchain{VK_NULL_HANDLE};
  VkExtent2D _extent{0, 0};
  DXGI_FORMAT _dxgi_format{DXGI_FORMAT_B8G8R8A8_UNORM};
  std::vector<com_ptr<ID3D12Resource>> _buffers;
  // One per sync slot (engine frame slots, then an observer's): reused only after its
  // owner's fence has completed, which also completes the empty batch that waited on it.
  std::array<VkSemaphore, sync_slots> _acquire_semaphores{};
  // One per image: reused only when the image is acquired again, after its last present.
  std::vector<VkSemaphore> _present_semaphores;
  u32 _image_index{0};
  bool _stale{false};
  ID3D12Device* _d3d12_device{nullptr};
};

}  // namespace

result<std::unique_ptr<swap_chain>> create_window_swap_chain(ID3D12Device* device, ID3D12CommandQueue* queue,
                                                             std::string label, platform::window& window,
                                                             u32 buffer_count) {
  auto chain = std::make_unique<vk_swap_chain>(std::move(label), window, buffer_count);
  XE_TRY(chain->create(device, queue));
  return std::unique_ptr<swap_chain>{std::move(chain)};
}

}  // namespace xe::gfx::d3d12
