// Fiber stacks for GPU threads, carved from one reserved address range so
// that "is this address a thread's stack / a stack's guard page" is
// arithmetic. Each stack has a guard page below it: an overflow faults there
// and the crash handler names it instead of a plain segfault.
//
// The range holds enough stacks for the largest cooperative grid (every
// thread of the GPU resident at once: 270336 on sm_90), but only stacks in
// use are committed. Where the kernel has them (Linux 6.13+), guard pages
// are MADV_GUARD_INSTALL markers in one read-write mapping; otherwise each
// stack is its own mprotect'ed mapping, two per stack, and vm.max_map_count
// (65530 by default) bounds how many threads can be resident.
#pragma once

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <vector>

namespace warpsim::sim {

class StackPool {
public:
  // `stackBytes` is rounded up to pages; `capacity` stacks are reserved.
  void init(std::size_t stackBytes, std::size_t capacity);
  ~StackPool();
  // Makes every stack at least `stackBytes` large. Only between launches
  // (no stack in use); stacks never shrink.
  void grow(std::size_t stackBytes);
  // Gives the memory of stacks [keep, ...) back to the system (they stay
  // usable). Only between launches: after a grid larger than usual.
  void trim(std::size_t keep);

  // Returns the stack index; its usable range is [lo(i), hi(i)).
  std::uint32_t acquire();
  void release(std::uint32_t index);
  // acquire() while other host threads may call it too (blocks of a direct
  // launch on several host threads; release happens after they end).
  std::uint32_t acquireShared() {
    const std::lock_guard<std::mutex> lock(lock_);
    return acquire();
  }

  std::uintptr_t lo(std::uint32_t i) const { return base_ + i * stride_ + guard_; }
  std::uintptr_t hi(std::uint32_t i) const { return base_ + (i + 1) * stride_; }
  std::size_t stackBytes() const { return stride_ - guard_; }
  std::size_t capacity() const { return capacity_; }
  // Stacks ever handed out (the high-water mark of threads resident at once).
  std::size_t committed() const { return committed_; }
  // Guard pages are markers (no mapping per stack), not mprotect'ed ranges.
  bool guardMarkers() const { return markers_; }

  bool contains(std::uintptr_t a) const { return a - base_ < stride_ * capacity_; }
  // True when `a` lies in some stack's guard page (a stack overflow).
  bool inGuard(std::uintptr_t a) const { return contains(a) && (a - base_) % stride_ < guard_; }
  // Index of the stack (or guard) containing `a`; requires contains(a).
  std::uint32_t indexOf(std::uintptr_t a) const {
    return static_cast<std::uint32_t>((a - base_) / stride_);
  }

private:
  [[noreturn]] void mappingsExhausted() const;

  std::uintptr_t base_ = 0;
  std::size_t stride_ = 0;
  std::size_t guard_ = 0;
  std::size_t capacity_ = 0;
  bool markers_ = false;        // guard pages are MADV_GUARD_INSTALL markers
  std::uint32_t committed_ = 0; // stacks [0, committed_) are mapped
  std::vector<std::uint32_t> free_;
  std::mutex lock_;
};

} // namespace warpsim::sim
