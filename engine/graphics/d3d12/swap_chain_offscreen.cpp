#include <array>

#include "common/fault.h"
#include "graphics/d3d12/d3d12_deferred_release.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/swap_chain.h"

namespace xe::gfx::d3d12 {
namespace {

class offscreen_swap_chain final : public swap_chain {
public:
  offscreen_swap_chain(ID3D12Device* device, std::string label, u32 width, u32 height, u32 count)
      : _device{device}, _label{std::move(label)}, _width{width}, _height{height}, _count{count} {}
  ~offscreen_swap_chain() override {
    for (auto& b : _buffers) deferred_release(b);
  }

  const char* kind() const override { return "offscreen"; }
  u32 width() const override { return _width; }
  u32 height() const override { return _height; }
  DXGI_FORMAT format() const override { return DXGI_FORMAT_R8G8B8A8_UNORM; }
  u32 buffer_count() const override { return _count; }
  std::string presentation() const override { return "none"; }  // committed textures used in turn
  u32 current_buffer() const override { return _current; }

  result<com_ptr<ID3D12Resource>> buffer(u32 index) override {
    XE_ASSERT(index < _count);
    return com_ptr<ID3D12Resource>{_buffers[index]};
  }

  result<void> present() override {
    _current = (_current + 1) % _count;
    return {};
  }

  result<void> resize(u32 width, u32 height, u32 buffer_count) override {
    for (auto& b : _buffers) deferred_release(b);
    if (buffer_count) _count = buffer_count;
    _width = width;
    _height = height;
    _current = 0;
    return create_buffers();
  }

  result<void> create_buffers() {
    for (u32 i = 0; i < _count; ++i) {
      texture_desc desc;
      desc.name = fmt::format("{} back buffer {} ({}x{})", _label, i, _width, _height);
      desc.width = _width;
      desc.height = _height;
      desc.format = format();
      desc.flags =
          XE_FAULT(back_buffer_usage_missing) ? D3D12_RESOURCE_FLAG_NONE : D3D12_RESOURCE_FLAG_ALLOW_RENDER_TARGET;
      desc.initial_state = D3D12_RESOURCE_STATE_PRESENT;
      desc.presentable = true;
      desc.clear_color = std::array<f32, 4>{0.f, 0.f, 0.f, 1.f};
      XE_TRY_ASSIGN(auto texture, create_committed_texture(_device, desc));
      _buffers[i] = std::move(texture);
    }
    return {};
  }

private:
  ID3D12Device* _device;
  std::string _label;
  std::array<com_ptr<ID3D12Resource>, max_buffers> _buffers{};
  u32 _width;
  u32 _height;
  u32 _count;
  u32 _current{0};
};

}  // namespace

result<std::unique_ptr<swap_chain>> create_offscreen_swap_chain(ID3D12Device* device, std::string label, u32 width,
                                                                u32 height, u32 buffer_count) {
  XE_ASSERT(buffer_count >= swap_chain::min_buffers && buffer_count <= swap_chain::max_buffers);
  auto chain = std::make_unique<offscreen_swap_chain>(device, std::move(label), width, height, buffer_count);
  XE_TRY(chain->create_buffers());
  return std::unique_ptr<swap_chain>{std::move(chain)};
}

}  // namespace xe::gfx::d3d12
