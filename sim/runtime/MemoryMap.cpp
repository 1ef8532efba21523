#include "MemoryMap.h"

#include <sys/mman.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace warpsim::sim {
namespace {

std::uintptr_t reserve(std::size_t bytes, const char *what) {
  void *p = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    std::fprintf(stderr, "warpsim: error: cannot reserve address space for %s\n", what);
    std::_Exit(70);
  }
  return reinterpret_cast<std::uintptr_t>(p);
}

void commit(std::uintptr_t a, std::size_t bytes) {
  if (bytes != 0 && mprotect(reinterpret_cast<void *>(a), bytes, PROT_READ | PROT_WRITE) != 0) {
    std::fprintf(stderr, "warpsim: error: cannot map %zu bytes of device memory\n", bytes);
    std::_Exit(70);
  }
}

std::size_t pageRound(std::size_t n) {
  static const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  return (n + page - 1) / page * page;
}

} // namespace

// The device reserve's base for host-only code's inline range check
// (instrument/ValuesPass.cpp): until the runtime exists, no address is in it.
extern "C" std::uintptr_t __warpsim_host_guard_base;
std::uintptr_t __warpsim_host_guard_base = ~std::uintptr_t{0} - MemoryMap::kGlobalReserve + 1;

void MemoryMap::init(std::size_t sharedSlots) {
  globalBase_ = reserve(kGlobalReserve, "global memory");
  __warpsim_host_guard_base = globalBase_;
  sharedSlots_ = sharedSlots;
  sharedBase_ = reserve(kSharedWindow * sharedSlots, "shared memory");
  sharedMapped_.assign(sharedSlots, 0);
  paramBase_ = reserve(kParamBytes, "kernel parameters");
  commit(paramBase_, kParamBytes);
}

std::size_t MemoryMap::hostBudget() {
  static const std::size_t budget = [] {
    const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
    std::size_t b = kGlobalReserve;
    if (pages > 0 && page > 0)
      b = static_cast<std::size_t>(pages) / 4 * 3 * static_cast<std::size_t>(page);
    // Under `ulimit -d` the mapping itself would fail: keep half of the
    // limit for device memory, the rest for the program and warpsim.
    rlimit data{};
    if (getrlimit(RLIMIT_DATA, &data) == 0 && data.rlim_cur != RLIM_INFINITY)
      b = std::min<std::size_t>(b, data.rlim_cur / 2);
    return b;
  }();
  return budget;
}

void *MemoryMap::allocate(std::size_t size, MemorySpace space, bool heap) {
  if (size > hostBudget() || inUse_ > hostBudget() - size)
    return nullptr;
  const int h = space == MemorySpace::Managed ? 1 : 0;
  const std::uintptr_t base = globalBase_ + h * kHalf;
  std::size_t start = (globalNext_[h] + kAllocAlign - 1) / kAllocAlign * kAllocAlign;
  std::size_t end = start + size + kRedzone;
  if (size > kHalf || end > kHalf)
    return nullptr;
  if (end > globalMapped_[h]) {
    std::size_t newMapped = pageRound(end);
    commit(base + globalMapped_[h], newMapped - globalMapped_[h]);
    globalMapped_[h] = newMapped;
  }
  globalNext_[h] = end;
  Allocation a{base + start, size, space, false, nextId_++, heap};
  allocations_[a.base] = a;
  inUse_ += size;
  return reinterpret_cast<void *>(a.base);
}

const Allocation *MemoryMap::release(void *p, bool heap) {
  auto it = allocations_.find(reinterpret_cast<std::uintptr_t>(p));
  if (it == allocations_.end() || it->second.freed || it->second.heap != heap)
    return nullptr;
  it->second.freed = true;
  inUse_ -= it->second.size;
  // Give the pages back but keep the range mapped (reads see zeros): a later
  // use-after-free is reported, never a crash. Addresses are not reused.
  std::uintptr_t lo = pageRound(it->second.base);
  std::uintptr_t hi = (it->second.base + it->second.size) / 4096 * 4096;
  if (hi > lo)
    madvise(reinterpret_cast<void *>(lo), hi - lo, MADV_DONTNEED);
  return &it->second;
}

const Allocation *MemoryMap::findAllocation(std::uintptr_t a) const {
  auto it = allocations_.upper_bound(a);
  if (it == allocations_.begin())
    return nullptr;
  --it;
  return &it->second;
}

void MemoryMap::prepareSharedWindow(std::uint32_t slot, std::size_t bytes, unsigned char fill,
                                    std::size_t from) {
  std::size_t need = pageRound(bytes == 0 ? 1 : bytes);
  if (need > kSharedWindow)
    need = kSharedWindow;
  if (need > sharedMapped_[slot]) {
    commit(sharedWindow(slot) + sharedMapped_[slot], need - sharedMapped_[slot]);
    sharedMapped_[slot] = need;
  }
  if (from < need)
    std::memset(reinterpret_cast<void *>(sharedWindow(slot) + from), fill, need - from);
}

void MemoryMap::registerSymbol(Symbol s) { symbols_[s.base] = std::move(s); }

bool MemoryMap::mapped(std::uintptr_t a, std::size_t n) const {
  for (int h = 0; h < 2; ++h) {
    const std::uintptr_t off = a - (globalBase_ + h * kHalf);
    if (off < globalMapped_[h] && n <= globalMapped_[h] - off)
      return true;
  }
  if (!inSharedRegion(a))
    return false;
  const std::uint32_t slot = sharedSlotOf(a);
  const std::uintptr_t off = a - sharedWindow(slot);
  return n <= sharedMapped_[slot] && off <= sharedMapped_[slot] - n;
}

const Symbol *MemoryMap::findSymbol(std::uintptr_t a) const {
  auto it = symbols_.upper_bound(a);
  if (it == symbols_.begin())
    return nullptr;
  --it;
  return a - it->second.base < it->second.size ? &it->second : nullptr;
}

const Symbol *MemoryMap::symbolAt(std::uintptr_t a) const {
  auto it = symbols_.find(a);
  return it == symbols_.end() ? nullptr : &it->second;
}

bool MemoryMap::isDeviceRange(std::uintptr_t a, std::size_t n) const {
  if (const Allocation *al = findAllocation(a);
      al && !al->freed && !al->heap && a - al->base <= al->size && n <= al->size - (a - al->base))
    return true;
  if (const Symbol *s = findSymbol(a); s && n <= s->size - (a - s->base))
    return true;
  return false;
}

} // namespace warpsim::sim
