#include "DeviceHeap.h"

#include <algorithm>

#include "BlockExecutor.h"
#include "Runtime.h"

namespace warpsim::sim {

void *DeviceHeap::allocate(Lane &l, std::size_t size, std::uintptr_t pc) {
  std::unique_lock lock(mu_);
  used_ = true;
  // The heap budget counts the bytes asked for; a GPU's allocator also
  // spends some on its own bookkeeping, so it may fail a little earlier.
  if (size == 0 || size > rt_.mallocHeapLimit() - inUse_)
    return nullptr;
  void *p = rt_.memory.allocate(size, MemorySpace::Global, /*heap=*/true);
  if (p == nullptr)
    return nullptr;
  const auto base = reinterpret_cast<std::uintptr_t>(p);
  HeapBlock &b = blocks_[base];
  b.base = base;
  b.size = size;
  b.id = rt_.memory.findAllocation(base)->id;
  const BlockInfo &info = l.block->info;
  b.kernel = info.launch->site->kernel_name;
  b.launch = info.launch->id;
  b.allocated = threadSite(info, l.tid, pc, currentSiteId(), "allocated");
  inUse_ += size;
  lock.unlock();
  for (Observer *o : rt_.observers)
    o->onAlloc(base, size, MemorySpace::Global);
  return p;
}

void DeviceHeap::release(Lane &l, void *p, std::uintptr_t pc) {
  if (p == nullptr)
    return;
  const auto base = reinterpret_cast<std::uintptr_t>(p);
  std::unique_lock lock(mu_);
  auto it = blocks_.find(base);
  if (it == blocks_.end() || it->second.isFreed) {
    const HeapBlock *b = it == blocks_.end() ? nullptr : &it->second;
    lock.unlock();
    HeapFree bad{&l.block->info, l.tid, pc, base, b};
    bad.site = currentSiteId();
    for (Observer *o : rt_.observers)
      o->onHeapFree(bad);
    // The H100 ends the launch at a bad free (cudaErrorLaunchFailure);
    // --memory-error continue (check's default) reports it and goes on.
    if (!rt_.options.memory_error_continue)
      l.block->abortLaunch(&l, cudaErrorLaunchFailure, Finding{});
    return;
  }
  HeapBlock &b = it->second;
  b.isFreed = true;
  b.freed = threadSite(l.block->info, l.tid, pc, currentSiteId(), "freed");
  inUse_ -= b.size;
  rt_.memory.release(p, /*heap=*/true);
  lock.unlock();
  for (Observer *o : rt_.observers)
    o->onFree(base, b.size);
}

const HeapBlock *DeviceHeap::at(std::uintptr_t base) const {
  std::lock_guard lock(mu_);
  auto it = blocks_.find(base);
  return it == blocks_.end() ? nullptr : &it->second;
}

std::vector<const HeapBlock *> DeviceHeap::live() const {
  std::lock_guard lock(mu_);
  std::vector<const HeapBlock *> out;
  for (const auto &[base, b] : blocks_)
    if (!b.isFreed)
      out.push_back(&b);
  std::sort(out.begin(), out.end(),
            [](const HeapBlock *x, const HeapBlock *y) { return x->id < y->id; });
  return out;
}

void DeviceHeap::reset() {
  std::unique_lock lock(mu_);
  std::vector<std::pair<std::uintptr_t, std::size_t>> released;
  for (auto &[base, b] : blocks_)
    if (!b.isFreed) {
      b.isFreed = true;
      inUse_ -= b.size;
      rt_.memory.release(reinterpret_cast<void *>(base), /*heap=*/true);
      released.emplace_back(base, b.size);
    }
  used_ = false;
  lock.unlock();
  for (const auto &[base, size] : released)
    for (Observer *o : rt_.observers)
      o->onFree(base, size);
}

} // namespace warpsim::sim
