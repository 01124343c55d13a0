#pragma once
// utl::spin_lock: a BasicLockable for critical sections of a few instructions (the
// descriptor free stack). Uncontended, lock+unlock is one atomic exchange and a store,
// less than half the cost of std::mutex here (see docs/PERFORMANCE.md). Long holders
// make waiters yield rather than burn their core.
#include <atomic>
#include <thread>

namespace xe::utl {

class spin_lock {
public:
  void lock() noexcept {
    for (;;) {
      if (!_locked.exchange(true, std::memory_order_acquire)) return;
      for (unsigned spins = 0; _locked.load(std::memory_order_relaxed); ++spins)
        if (spins >= 64) std::this_thread::yield();
    }
  }
  bool try_lock() noexcept {
    return !_locked.load(std::memory_order_relaxed) && !_locked.exchange(true, std::memory_order_acquire);
  }
  void unlock() noexcept { _locked.store(false, std::memory_order_release); }

private:
  std::atomic<bool> _locked{false};
};

}  // namespace xe::utl
