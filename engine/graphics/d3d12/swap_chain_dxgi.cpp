// Windows: a DXGI flip-discard swap chain for a Win32 window, mirroring swap_chain_vk.cpp.
// DXGI's Alt+Enter handling is switched off: the window goes borderless fullscreen itself
// (wiki 9.3), and the swap chain follows with ResizeBuffers.
#include <windows.h>

#include <algorithm>
#include <vector>

#include "graphics/d3d12/d3d12_command.h"
#include "graphics/d3d12/d3d12_runtime_win32.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/swap_chain.h"
#include "platform/window.h"

namespace xe::gfx::d3d12 {
namespace {

class dxgi_swap_chain final : public swap_chain {
public:
  dxgi_swap_chain(std::string label, platform::window& window, u32 buffer_count)
      : _label{std::move(label)}, _window{window}, _count{buffer_count} {}

  ~dxgi_swap_chain() override { release_buffers(); }

  result<void> create(ID3D12CommandQueue* queue) {
    HWND hwnd = static_cast<HWND>(_window.native_handle());
    XE_TRY_ASSIGN(IDXGIFactory2* const factory, runtime::dxgi_factory());

    com_ptr<IDXGIFactory5> factory5;
    if (SUCCEEDED(factory->QueryInterface(IID_PPV_ARGS(factory5.put())))) {
      BOOL allow = FALSE;
      if (SUCCEEDED(factory5->CheckFeatureSupport(DXGI_FEATURE_PRESENT_ALLOW_TEARING, &allow, sizeof(allow))))
        _tearing = allow != FALSE;
    }

    // Explicit sizes: 0 means "the window's size" to DXGI, but Wine 8's DXGI asserts on it
    // (seen here); the client size is the same thing, stated.
    DXGI_SWAP_CHAIN_DESC1 desc{};
    desc.Width = std::max(_window.width(), 1u);
    desc.Height = std::max(_window.height(), 1u);
    desc.Format = DXGI_FORMAT_R8G8B8A8_UNORM;
    desc.SampleDesc.Count = 1;  // flip-model swap chains cannot be multisampled
    desc.BufferUsage = DXGI_USAGE_RENDER_TARGET_OUTPUT;
    desc.BufferCount = _count;
    desc.Scaling = DXGI_SCALING_STRETCH;
    desc.SwapEffect = DXGI_SWAP_EFFECT_FLIP_DISCARD;
    desc.AlphaMode = DXGI_ALPHA_MODE_UNSPECIFIED;
    desc.Flags = _tearing ? DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING : 0;

    com_ptr<IDXGISwapChain1> chain1;
    XE_TRY_HR(factory->CreateSwapChainForHwnd(queue, hwnd, &desc, nullptr, nullptr, chain1.put()));
    XE_TRY_HR(factory->MakeWindowAssociation(hwnd, DXGI_MWA_NO_ALT_ENTER));
    XE_TRY_HR(chain1->QueryInterface(IID_PPV_ARGS(_chain.put())));
    return take_buffers();
  }

  const char* kind() const override { return "window"; }
  u32 width() const override { return _width; }
  u32 height() const override { return _height; }
  DXGI_FORMAT format() const override { return DXGI_FORMAT_R8G8B8A8_UNORM; }
  u32 buffer_count() const override { return static_cast<u32>(_buffers.size()); }
  std::string presentation() const override {
    DXGI_SWAP_CHAIN_DESC1 desc{};
    if (FAILED(_chain->GetDesc1(&desc))) return "unknown (GetDesc1 failed)";
    const char* effect = desc.SwapEffect == DXGI_SWAP_EFFECT_FLIP_DISCARD      ? "DXGI_SWAP_EFFECT_FLIP_DISCARD"
                         : desc.SwapEffect == DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL ? "DXGI_SWAP_EFFECT_FLIP_SEQUENTIAL"
                                                                               : "a blt-model swap effect";
    return fmt::format("{}, {}", effect,
                       (desc.BufferUsage & DXGI_USAGE_RENDER_TARGET_OUTPUT) ? "DXGI_USAGE_RENDER_TARGET_OUTPUT"
                                                                            : "no render-target usage");
  }
  u32 current_buffer() const override { return _chain->GetCurrentBackBufferIndex(); }
  bool fullscreen() const override { return _window.is_fullscreen(); }
  bool stale() const override {
    return !_window.is_minimized() && (_window.width() != _width || _window.height() != _height);
  }

  result<com_ptr<ID3D12Resource>> buffer(u32 index) override {
    XE_ASSERT(index < _buffers.size());
    return com_ptr<ID3D12Resource>::add_ref(_buffers[index].get());
  }

  result<acquire_status> acquire(u32) override {
    if (_window.is_minimized() || _buffers.empty()) return acquire_status::skip;
    if (stale()) return acquire_status::stale;
    return acquire_status::ready;  // DXGI hands out buffers in order; nothing to wait for
  }

  result<void> present() override {
    const HRESULT hr = _tearing ? _chain->Present(0, DXGI_PRESENT_ALLOW_TEARING) : _chain->Present(1, 0);
    if (hr == DXGI_STATUS_OCCLUDED) return {};
    XE_TRY_HR(hr);
    return {};
  }

  result<void> resize(u32, u32, u32 buffer_count) override {
    release_buffers();
    if (buffer_count) _count = buffer_count;
    if (_window.is_minimized() || _window.width() == 0 || _window.height() == 0) {
      _width = _height = 0;  // ResizeBuffers to zero is invalid: wait for the restore
      return {};
    }
    XE_TRY_HR(_chain->ResizeBuffers(_count, _window.width(), _window.height(), DXGI_FORMAT_UNKNOWN,
                                    _tearing ? DXGI_SWAP_CHAIN_FLAG_ALLOW_TEARING : 0));
    return take_buffers();
  }

private:
  // GetBuffer takes a reference to each buffer; ResizeBuffers needs all of them dropped.
  result<void> take_buffers() {
    DXGI_SWAP_CHAIN_DESC1 desc{};
    XE_TRY_HR(_chain->GetDesc1(&desc));
    _width = desc.Width;
    _height = desc.Height;
    for (u32 i = 0; i < desc.BufferCount && i < max_buffers; ++i) {
      com_ptr<ID3D12Resource> resource;
      XE_TRY_HR(_chain->GetBuffer(i, IID_PPV_ARGS(resource.put())));
      tracker::track(resource.get(), {.name = fmt::format("{} back buffer {} ({}x{})", _label, i, _width, _height),
                                      .type = "texture2d",
                                      .kind = resource_kind::committed,
                                      .width = _width,
                                      .height = _height,
                                      .format = desc.Format,
                                      .bytes = u64{_width} * _height * 4,
                                      .initial_state = D3D12_RESOURCE_STATE_PRESENT,
                                      .presentable = true});
      _buffers.push_back(std::move(resource));
    }
    return {};
  }

  void release_buffers() {
    for (auto& b : _buffers) tracker::release_now(b);
    _buffers.clear();
  }

  std::string _label;
  platform::window& _window;
  u32 _count;
  com_ptr<IDXGISwapChain3> _chain;
  std::vector<com_ptr<ID3D12Resource>> _buffers;
  u32 _width{0};
  u32 _height{0};
  bool _tearing{false};
};

}  // namespace

result<std::unique_ptr<swap_chain>> create_window_swap_chain(ID3D12Device*, ID3D12CommandQueue* queue,
                                                             std::string label, platform::window& window,
                                                             u32 buffer_count) {
  auto chain = std::make_unique<dxgi_swap_chain>(std::move(label), window, buffer_count);
  XE_TRY(chain->create(queue));
  return std::unique_ptr<swap_chain>{std::move(chain)};
}

}  // namespace xe::gfx::d3d12
