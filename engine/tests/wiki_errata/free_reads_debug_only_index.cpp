// The wiki's descriptor_handle (its header) and free() (7.6) as written, with stand-ins for
// the D3D12 handle types. With _DEBUG it compiles; without, free() reads a member the
// header declares only under _DEBUG (CTest wiki_errata.free_reads_debug_only_index).
#include <cstddef>
#include <cstdint>
#include <vector>

using u32 = std::uint32_t;
constexpr u32 u32_invalid_id{0xffff'ffffu};
constexpr u32 frame_slot_count{3};
struct D3D12_CPU_DESCRIPTOR_HANDLE {
  std::size_t ptr;
};
struct D3D12_GPU_DESCRIPTOR_HANDLE {
  std::uint64_t ptr;
};

class descriptor_heap;

struct descriptor_handle {
  D3D12_CPU_DESCRIPTOR_HANDLE cpu{};
  D3D12_GPU_DESCRIPTOR_HANDLE gpu{};
  constexpr bool is_valid() const { return cpu.ptr != 0; }
  constexpr bool is_shader_visible() const { return gpu.ptr != 0; }
#ifdef _DEBUG
private:
  friend class descriptor_heap;
  descriptor_heap* container{nullptr};
  u32 index{u32_invalid_id};
#endif
};

u32 current_frame_index() { return 0; }

class descriptor_heap {
public:
  void free(descriptor_handle handle) {
    const u32 frame_slot = current_frame_index();
    _deferred_free_indices[frame_slot].push_back(handle.index);
  }

private:
  std::vector<u32> _deferred_free_indices[frame_slot_count]{};
};

int main() {
  descriptor_heap heap;
  heap.free(descriptor_handle{});
}
