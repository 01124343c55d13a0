// Windowed presentation at 1280x720 (needs a display; skipped without one):
// - the engine's frame (begin_frame, render_surface, end_frame) against a minimal
//   clear+present loop on the same device, queue and kind of swap chain: one allocator
//   per frame, a fence wait, a barrier, a clear, a barrier, execute, present, signal;
// - resize rebuild: from the resize request to the first frame presented at the new size.
#include <benchmark/benchmark.h>

#include <array>
#include <chrono>
#include <memory>

#include "graphics/d3d12/d3d12_command.h"
#include "engine_access.h"
#include "graphics/d3d12/d3d12_fence.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/swap_chain.h"
#include "graphics/renderer.h"
#include "platform/window.h"

namespace xe::bench {
namespace {

using namespace gfx::d3d12;

constexpr u32 width = 1280, height = 720;

std::unique_ptr<platform::window> open_window(benchmark::State& state) {
  if (!platform::has_display()) {
    state.SkipWithError("no display");
    return nullptr;
  }
  auto w = platform::create_window({.title = "xengine-bench", .width = width, .height = height});
  if (!w) {
    state.SkipWithError("window creation failed");
    return nullptr;
  }
  return std::move(*w);
}

void pump() {
  std::vector<platform::window_event> events;
  platform::poll_events(events);
}

void bm_present_engine_frame(benchmark::State& state) {
  auto window = open_window(state);
  if (!window) return;
  auto surface = gfx::create_surface({.window = window.get()});
  if (!surface) return state.SkipWithError("surface creation failed");
  for (auto _ : state) {
    pump();
    if (!gfx::begin_frame() || !gfx::render_surface(*surface, gfx::color{0.1f, 0.2f, 0.3f, 1.f}) || !gfx::end_frame())
      return state.SkipWithError("frame failed");
  }
  (void)gfx::remove_surface(*surface);
}
BENCHMARK(bm_present_engine_frame)->Unit(benchmark::kMillisecond)->MinTime(3.0)->UseRealTime();

// The baseline: no deferred queues, no hooks, no trackers, no descriptor free stack, but
// the same GPU work as the engine's frame (colour and depth clears at 1280x720).
void bm_present_minimal_loop(benchmark::State& state) {
  auto window = open_window(state);
  if (!window) return;
  ID3D12Device* device = test::engine_device();
  ID3D12CommandQueue* queue = test::engine().command.queue();
  auto chain = create_window_swap_chain(device, queue, "bench minimal", *window, 3);
  if (!chain) return state.SkipWithError("swap chain creation failed");

  com_ptr<ID3D12DescriptorHeap> rtv_heap, dsv_heap;
  D3D12_DESCRIPTOR_HEAP_DESC dsv_desc{D3D12_DESCRIPTOR_HEAP_TYPE_DSV, 1, D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  texture_desc depth_desc;
  depth_desc.name = "bench minimal depth";
  depth_desc.width = width;
  depth_desc.height = height;
  depth_desc.format = DXGI_FORMAT_D32_FLOAT;
  depth_desc.flags = D3D12_RESOURCE_FLAG_ALLOW_DEPTH_STENCIL;
  depth_desc.initial_state = D3D12_RESOURCE_STATE_DEPTH_WRITE;
  depth_desc.clear_depth = 1.f;
  auto depth = create_committed_texture(device, depth_desc);
  if (!depth || FAILED(device->CreateDescriptorHeap(&dsv_desc, IID_PPV_ARGS(dsv_heap.put()))))
    return state.SkipWithError("setup failed");
  const D3D12_CPU_DESCRIPTOR_HANDLE dsv = dsv_heap->GetCPUDescriptorHandleForHeapStart();
  device->CreateDepthStencilView(depth->get(), nullptr, dsv);
  D3D12_DESCRIPTOR_HEAP_DESC heap_desc{D3D12_DESCRIPTOR_HEAP_TYPE_RTV, (*chain)->buffer_count(),
                                       D3D12_DESCRIPTOR_HEAP_FLAG_NONE, 0};
  std::array<com_ptr<ID3D12CommandAllocator>, 3> allocators;
  com_ptr<ID3D12GraphicsCommandList> list;
  com_ptr<ID3D12Fence> fence;
  if (FAILED(device->CreateDescriptorHeap(&heap_desc, IID_PPV_ARGS(rtv_heap.put()))) ||
      FAILED(device->CreateFence(0, D3D12_FENCE_FLAG_NONE, IID_PPV_ARGS(fence.put()))))
    return state.SkipWithError("setup failed");
  for (auto& a : allocators)
    if (FAILED(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_PPV_ARGS(a.put()))))
      return state.SkipWithError("setup failed");
  if (FAILED(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocators[0].get(), nullptr,
                                       IID_PPV_ARGS(list.put()))))
    return state.SkipWithError("setup failed");
  list->Close();
  const u32 rtv_size = device->GetDescriptorHandleIncrementSize(D3D12_DESCRIPTOR_HEAP_TYPE_RTV);
  std::vector<com_ptr<ID3D12Resource>> buffers;
  for (u32 i = 0; i < (*chain)->buffer_count(); ++i) {
    buffers.push_back(std::move(*(*chain)->buffer(i)));
    D3D12_CPU_DESCRIPTOR_HANDLE rtv{rtv_heap->GetCPUDescriptorHandleForHeapStart().ptr + i * rtv_size};
    device->CreateRenderTargetView(buffers.back().get(), nullptr, rtv);
  }
  runtime::fence_event event = runtime::create_fence_event();
  std::array<u64, 3> slot_values{};
  u64 value = 0;
  u32 slot = 0;
  const f32 clear[4] = {0.1f, 0.2f, 0.3f, 1.f};

  for (auto _ : state) {
    pump();
    if (!wait_for_fence(fence.get(), slot_values[slot], event, {queue, value}))
      return state.SkipWithError("fence wait failed");
    allocators[slot]->Reset();
    list->Reset(allocators[slot].get(), nullptr);
    auto status = (*chain)->acquire(slot);
    if (!status || *status != swap_chain::acquire_status::ready) return state.SkipWithError("acquire failed");
    const u32 index = (*chain)->current_buffer();
    ID3D12Resource* buffer = buffers[index].get();
    D3D12_CPU_DESCRIPTOR_HANDLE rtv{rtv_heap->GetCPUDescriptorHandleForHeapStart().ptr + index * rtv_size};
    transition(list.get(), buffer, D3D12_RESOURCE_STATE_PRESENT, D3D12_RESOURCE_STATE_RENDER_TARGET);
    list->OMSetRenderTargets(1, &rtv, FALSE, &dsv);
    list->ClearRenderTargetView(rtv, clear, 0, nullptr);
    list->ClearDepthStencilView(dsv, D3D12_CLEAR_FLAG_DEPTH, 1.f, 0, 0, nullptr);
    transition(list.get(), buffer, D3D12_RESOURCE_STATE_RENDER_TARGET, D3D12_RESOURCE_STATE_PRESENT);
    list->Close();
    ID3D12CommandList* lists[] = {list.get()};
    queue->ExecuteCommandLists(1, lists);
    if (!(*chain)->present()) return state.SkipWithError("present failed");
    queue->Signal(fence.get(), ++value);
    slot_values[slot] = value;
    slot = (slot + 1) % 3;
  }
  queue->Signal(fence.get(), ++value);
  (void)wait_for_fence(fence.get(), value, event, {queue, value});
  runtime::destroy_fence_event(event);
  buffers.clear();
  chain->reset();
  tracker::release_now(*depth);
}
BENCHMARK(bm_present_minimal_loop)->Unit(benchmark::kMillisecond)->MinTime(3.0)->UseRealTime();

// Each iteration: request a new window size, rebuild, present one frame at it. Counters
// split the time: the window system applying the size, the engine's rebuild (flush,
// release, recreate), and the first frame.
void bm_resize_rebuild(benchmark::State& state) {
  auto window = open_window(state);
  if (!window) return;
  auto surface = gfx::create_surface({.window = window.get()});
  if (!surface) return state.SkipWithError("surface creation failed");
  using clock = std::chrono::steady_clock;
  f64 window_ms = 0, rebuild_ms = 0, frame_ms = 0;
  bool big = false;
  for (auto _ : state) {
    big = !big;
    const u32 w = big ? 1280 : 1024, h = big ? 720 : 576;
    const auto t0 = clock::now();
    if (!window->resize(w, h)) return state.SkipWithError("resize failed");
    const auto t1 = clock::now();
    if (!gfx::resize_surface(*surface, w, h)) return state.SkipWithError("rebuild failed");
    const auto t2 = clock::now();
    pump();
    if (!gfx::begin_frame() || !gfx::render_surface(*surface, gfx::color{}) || !gfx::end_frame())
      return state.SkipWithError("frame failed");
    const auto t3 = clock::now();
    window_ms += std::chrono::duration<f64, std::milli>(t1 - t0).count();
    rebuild_ms += std::chrono::duration<f64, std::milli>(t2 - t1).count();
    frame_ms += std::chrono::duration<f64, std::milli>(t3 - t2).count();
  }
  const f64 n = static_cast<f64>(state.iterations());
  state.counters["window_ms"] = window_ms / n;
  state.counters["rebuild_ms"] = rebuild_ms / n;
  state.counters["first_frame_ms"] = frame_ms / n;
  (void)gfx::remove_surface(*surface);
}
BENCHMARK(bm_resize_rebuild)->Unit(benchmark::kMillisecond)->Iterations(40)->UseRealTime();

}  // namespace
}  // namespace xe::bench
