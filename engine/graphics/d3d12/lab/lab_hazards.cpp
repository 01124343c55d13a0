// Mistakes made on purpose for the lessons, each harmless, with the runtime's messages
// captured. Also lesson 13's upload with its barriers.
//
// release_texture_immediately (lesson 12): what deferred release prevents, provoked so that
// nothing is harmed. Submission 1 copies the texture into a readback buffer; submission 2
// copies a marker behind it. No fence is signalled after either, so to D3D12 (and to the
// Vulkan validation layer, which learns of completion only through fences) the copy is
// still in flight. The CPU watches the marker land in mapped memory; work submitted in
// separate ExecuteCommandLists calls completes in order, so the GPU has then passed the
// copy and releasing the texture's memory cannot corrupt anything. Then the last reference
// goes at once, with the runtime's messages captured, and a fence covers both submissions.
#include <atomic>
#include <chrono>
#include <cstring>
#include <thread>
#include <vector>

#include "graphics/d3d12/d3d12_fence.h"
#include "graphics/d3d12/d3d12_frame.h"
#include "graphics/d3d12/d3d12_resources.h"
#include "graphics/d3d12/d3d12_runtime.h"
#include "graphics/d3d12/d3d12_tracker.h"
#include "graphics/d3d12/lab/lab_experiments.h"
#include "graphics/d3d12/lab/lab_textured_quad.h"

namespace xe::gfx::d3d12 {
namespace {

constexpr u32 marker_value{0x600D600D};
constexpr u64 marker_alignment{256};
constexpr auto marker_timeout = std::chrono::seconds{5};

// Buffers made for one call: forgotten by the tracker and released however the call ends
// (after the final fence wait once anything was submitted).
struct scratch_buffers {
  com_ptr<ID3D12Resource> readback;
  com_ptr<ID3D12Resource> marker;
  ~scratch_buffers() {
    tracker::release_now(readback);
    tracker::release_now(marker);
  }
};

// One allocator records one list at a time: each list is closed before the next is made.
result<com_ptr<ID3D12GraphicsCommandList>> open_list(ID3D12Device* device, ID3D12CommandAllocator* allocator) {
  com_ptr<ID3D12GraphicsCommandList> list;
  XE_TRY_HR(device->CreateCommandList(0, D3D12_COMMAND_LIST_TYPE_DIRECT, allocator, nullptr, IID_PPV_ARGS(list.put())));
  return list;
}

}  // namespace

result<lab::immediate_release_report> release_texture_immediately(core_state& g, std::string_view name) {
  if (g.in_frame) return make_error(errc::invalid_argument, "an immediate release runs between frames");
  XE_TRY_ASSIGN(auto found, g.lab.find_texture(name));
  const auto it = found;
  ID3D12Device* device = g.device.get();
  ID3D12Resource* texture = it->second.texture.resource();
  if (it->second.texture.kind() == resource_kind::reserved)
    return make_error(errc::unsupported, "a reserved texture has no memory for the GPU to copy");

  const D3D12_RESOURCE_DESC desc = resource_desc(texture);
  D3D12_PLACED_SUBRESOURCE_FOOTPRINT footprint{};
  UINT64 texture_bytes = 0;
  device->GetCopyableFootprints(&desc, 0, 1, 0, &footprint, nullptr, nullptr, &texture_bytes);
  const u64 marker_offset = (texture_bytes + marker_alignment - 1) / marker_alignment * marker_alignment;

  scratch_buffers scratch;
  XE_TRY_ASSIGN(auto readback, create_buffer(device, "immediate release readback", marker_offset + sizeof(u32),
                                             D3D12_HEAP_TYPE_READBACK, D3D12_RESOURCE_STATE_COPY_DEST));
  scratch.readback = std::move(readback);
  XE_TRY_ASSIGN(auto marker, create_buffer(device, "immediate release marker", sizeof(u32), D3D12_HEAP_TYPE_UPLOAD,
                                           D3D12_RESOURCE_STATE_GENERIC_READ));
  scratch.marker = std::move(marker);
  void* mapped = nullptr;
  const D3D12_RANGE nothing_read{0, 0};
  XE_TRY_HR(scratch.marker->Map(0, &nothing_read, &mapped));
  std::memcpy(mapped, &marker_value, sizeof(u32));
  scratch.marker->Unmap(0, nullptr);
  void* readback_memory = nullptr;
  XE_TRY_HR(scratch.readback->Map(0, nullptr, &readback_memory));
  std::memset(readback_memory, 0, marker_offset + sizeof(u32));

  com_ptr<ID3D12CommandAllocator> allocator;
  XE_TRY_HR(device->CreateCommandAllocator(D3D12_COMMAND_LIST_TYPE_DIRECT, IID_PPV_ARGS(allocator.put())));
  XE_TRY_ASSIGN(auto copy, open_list(device, allocator.get()));
  transition(copy.get(), texture, D3D12_RESOURCE_STATE_COMMON, D3D12_RESOURCE_STATE_COPY_SOURCE);
  D3D12_TEXTURE_COPY_LOCATION dst{};
  dst.pResource = scratch.readback.get();
  dst.Type = D3D12_TEXTURE_COPY_TYPE_PLACED_FOOTPRINT;
  dst.PlacedFootprint = footprint;
  D3D12_TEXTURE_COPY_LOCATION src{};
  src.pResource = texture;
  src.Type = D3D12_TEXTURE_COPY_TYPE_SUBRESOURCE_INDEX;
  copy->CopyTextureRegion(&dst, 0, 0, 0, &src, nullptr);
  transition(copy.get(), texture, D3D12_RESOURCE_STATE_COPY_SOURCE, D3D12_RESOURCE_STATE_COMMON);
  XE_TRY_HR(copy->Close());
  XE_TRY_ASSIGN(auto marker_list, open_list(device, allocator.get()));
  marker_list->CopyBufferRegion(scratch.readback.get(), marker_offset, scratch.marker.get(), 0, sizeof(u32));
  XE_TRY_HR(marker_list->Close());

  ID3D12CommandQueue* queue = g.command.queue();
  ID3D12CommandList* first[] = {copy.get()};
  ID3D12CommandList* second[] = {marker_list.get()};
  queue->ExecuteCommandLists(1, first);
  queue->ExecuteCommandLists(1, second);

  lab::immediate_release_report report;
  const auto start = std::chrono::steady_clock::now();
  const auto* landed = reinterpret_cast<const volatile u32*>(static_cast<u8*>(readback_memory) + marker_offset);
  while (*landed != marker_value) {
    if (std::chrono::steady_clock::now() - start > marker_timeout) break;
    std::this_thread::sleep_for(std::chrono::microseconds{200});
  }
  std::atomic_thread_fence(std::memory_order_acquire);
  report.marker_wait_ms = std::chrono::duration<f64, std::milli>(std::chrono::steady_clock::now() - start).count();
  const bool passed = *landed == marker_value;

  if (passed) {
    report.fence_completed_at_release = g.command.completed_value();
    report.fence_signalled_at_release = g.command.fence_value();
    report.capture_available = runtime::can_capture_messages();
    report.validation_layer = runtime::validation_layer_requested();
    com_ptr<ID3D12Resource> last = it->second.texture.detach_resource();
    deferred_release(it->second.heap);
    g.lab.textures.erase(it);
    tracker::untrack(last.get());
    runtime::begin_expected_messages();
    last.reset();
    report.messages = runtime::end_expected_messages();
    report.released = true;
  }
  scratch.readback->Unmap(0, nullptr);
  // A fence behind both submissions: they are complete for everyone, and the lists and
  // buffers can go.
  XE_TRY(g.immediate.run([](ID3D12GraphicsCommandList*) {}));
  if (!passed)
    return make_error(
        errc::device_hung,
        fmt::format("the GPU had not passed the copy after {:.0f} ms; the texture was kept", report.marker_wait_ms));
  return report;
}

result<void> upload_texture_pattern(core_state& g, std::string_view name, lab::texture_pattern pattern) {
  XE_TRY_ASSIGN(auto found, g.lab.find_texture(name));
  learner_texture& t = found->second;
  ID3D12Resource* texture = t.texture.resource();
  if (t.texture.kind() == resource_kind::reserved)
    return make_error(errc::unsupported, "a reserved texture has no memory to upload into");
  const D3D12_RESOURCE_DESC desc = resource_desc(texture);
  const u32 width = static_cast<u32>(desc.Width), height = desc.Height;
  std::vector<u8> pixels = pattern_pixels(pattern, width, height);
  const D3D12_RESOURCE_STATES tracked = tracker::state_of(texture);
  XE_TRY(upload_texture_rgba8(g, texture, pixels.data(), width, height, tracked));
  t.pixels = std::move(pixels);
  t.upload_queued = false;  // this copy came later than a queued one would
  return {};
}

result<lab::wrong_barrier_report> record_wrong_barrier(core_state& g, std::string_view name) {
  if (g.in_frame) return make_error(errc::invalid_argument, "a wrong barrier runs between frames");
  XE_TRY_ASSIGN(auto found, g.lab.find_texture(name));
  const auto it = found;
  ID3D12Resource* texture = it->second.texture.resource();
  constexpr D3D12_RESOURCE_STATES claimed = D3D12_RESOURCE_STATE_COPY_DEST;
  constexpr D3D12_RESOURCE_STATES after = D3D12_RESOURCE_STATE_PIXEL_SHADER_RESOURCE;
  const D3D12_RESOURCE_STATES tracked = tracker::state_of(texture);
  if (tracked == claimed)
    return make_error(errc::invalid_argument,
                      fmt::format("texture '{}' is in COPY_DEST already: that barrier would be right", name));

  lab::wrong_barrier_report report;
  report.tracked_before = tracker::state_name(tracked);
  report.claimed_before = tracker::state_name(claimed);
  report.after = tracker::state_name(after);
  report.capture_available = runtime::can_capture_messages();
  report.validation_layer = runtime::validation_layer_requested();
  runtime::begin_expected_messages();
  auto ran = g.immediate.run([&](ID3D12GraphicsCommandList* list) { transition(list, texture, claimed, after); });
  report.messages = runtime::end_expected_messages();
  if (!ran) return std::move(ran).error_value();
  return report;
}

}  // namespace xe::gfx::d3d12
