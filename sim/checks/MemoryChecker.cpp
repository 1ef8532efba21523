#include "MemoryChecker.h"

#include "Describe.h"
#include "ObserverContext.h"

#include <algorithm>
#include <string_view>

namespace warpsim::sim {

namespace {
const char *verb(AccessKind k) {
  return k == AccessKind::Load ? "read" : k == AccessKind::Store ? "write" : "atomic";
}
} // namespace

bool MemoryChecker::check(const BlockInfo &block, std::uintptr_t addr, std::uint32_t size,
                          AccessKind kind, MemorySpace space, Finding *f, cudaError_t *error) {
  bool ok = true;
  if ((size == 2 || size == 4 || size == 8 || size == 16) && (addr & (size - 1)) != 0) {
    if (f == nullptr)
      return false;
    f->kind = "misaligned-access";
    f->message = "address is not aligned to the access size";
    *error = cudaErrorMisalignedAddress;
    ok = false;
  } else if (space == MemorySpace::Shared) {
    ok = shared(block, addr, size, f);
  } else if (const Last &c = last();
             (space == MemorySpace::Global || space == MemorySpace::Managed) &&
             !(addr >= c.lo && addr + size <= c.hi) && cx_.memory().inGlobalRegion(addr)) {
    ok = global(addr, size, f);
  }
  if (ok || f == nullptr)
    return ok;
  f->space = spaceName(space);
  f->address = addr;
  f->size = size;
  f->fatal = false;
  f->object = describeAddress(cx_, &block, addr, space);
  f->message = std::string("invalid ") + spaceName(space) + " " + verb(kind) + " of size " +
               std::to_string(size) + " at " + f->object + ": " + f->message;
  return false;
}

bool MemoryChecker::global(std::uintptr_t addr, std::uint32_t size, Finding *f) {
  const Allocation *a = cx_.memory().findAllocation(addr);
  if (a != nullptr && addr - a->base < a->size) {
    if (a->freed) {
      if (f != nullptr) {
        f->kind = "use-after-free";
        f->message = a->heap ? "the block was released by free/delete in device code"
                             : "the allocation was released by cudaFree";
        heapSites(*a, *f);
      }
      return false;
    }
    if (addr + size > a->base + a->size) {
      if (f != nullptr) {
        f->kind = "out-of-bounds";
        f->message = "the access runs " + std::to_string(addr + size - a->base - a->size) +
                     " bytes past the end of " +
                     (a->heap ? "device-heap allocation #" : "allocation #") +
                     std::to_string(a->id) + " (" + std::to_string(a->size) + " bytes)";
        heapSites(*a, *f);
      }
      return false;
    }
    last() = Last{a->base, a->base + a->size};
    return true;
  }
  if (f == nullptr)
    return false;
  f->kind = "out-of-bounds";
  if (a != nullptr) {
    f->message = "the address is " + std::to_string(addr - a->base - a->size) +
                 " bytes after the end of " +
                 (a->heap ? "device-heap allocation #" : "allocation #") + std::to_string(a->id) +
                 " (" + std::to_string(a->size) + " bytes" + (a->freed ? ", freed" : "") + ")";
    heapSites(*a, *f);
  } else
    f->message = "the address is before every device allocation";
  return false;
}

bool MemoryChecker::shared(const BlockInfo &b, std::uintptr_t addr, std::uint32_t size,
                           Finding *f) {
  const std::uintptr_t off = addr - b.smem_base;
  if (addr < b.smem_base || off >= MemoryMap::kSharedWindow)
    return true; // another block's window: the engine reports it
  const std::size_t dyn = b.launch->dynamic_smem;
  if (off + size <= dyn)
    return true;
  const SharedVar *below = nullptr;
  for (const SharedVar *v : *b.launch->shared_vars) {
    if (off >= v->offset && off + size <= std::uintptr_t{v->offset} + v->size)
      return true;
    if (v->offset <= off && (below == nullptr || v->offset > below->offset))
      below = v;
  }
  if (f == nullptr)
    return false;
  f->kind = "out-of-bounds";
  if (below != nullptr && off >= below->offset)
    f->message = std::to_string(off + size - below->offset - below->size) +
                 " bytes past the end of __shared__ '" + below->name + "' (" +
                 std::to_string(below->size) + " bytes)";
  else if (off < dyn + 128)
    f->message = std::to_string(off + size - dyn) + " bytes past the end of the launch's " +
                 std::to_string(dyn) + " bytes of dynamic shared memory";
  else
    f->message = "outside every __shared__ variable of the block";
  return false;
}

void MemoryChecker::suppressed(Finding f) {
  // One finding per kind and access site, counted, like the other checkers.
  const std::uintptr_t pc = f.sites.empty() ? 0 : f.sites.front().pc;
  const auto [index, fresh] = table_.find({f.kind, 0, pc, 0});
  if (fresh) {
    f.fatal = false;
    f.message += "; the access was suppressed (a load reads zero, a store is dropped) and the "
                 "launch went on (--memory-error continue)";
    table_.at(index).finding = std::move(f);
  }
}

void MemoryChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

void MemoryChecker::heapSites(const Allocation &a, Finding &f) const {
  if (!a.heap)
    return;
  if (const HeapBlock *b = cx_.heapBlock(a.base)) {
    f.sites.push_back(b->allocated);
    if (b->isFreed)
      f.sites.push_back(b->freed);
  }
}

void MemoryChecker::onHeapFree(const HeapFree &e) {
  Finding f;
  f.kind = e.block != nullptr ? "double-free" : "invalid-free";
  f.space = spaceName(MemorySpace::Global);
  f.address = e.ptr;
  f.sites.push_back(threadSite(*e.info, e.thread, e.pc, e.site, "free"));
  if (e.block != nullptr) {
    f.object = "device-heap allocation #" + std::to_string(e.block->id) + " (" +
               std::to_string(e.block->size) + " bytes, freed)";
    f.message = "free of " + f.object + ", which was already freed";
    f.sites.push_back(e.block->allocated);
    f.sites.push_back(e.block->freed);
  } else {
    const Allocation *a = cx_.memory().findAllocation(e.ptr);
    const bool inside = a != nullptr && a->heap && e.ptr - a->base < a->size;
    f.object = describeAddress(cx_, e.info, e.ptr, MemorySpace::Global);
    f.message =
        std::string("free of a pointer that ") +
        (inside ? "points into, not at the start of, " + f.object.substr(0, f.object.find(" + "))
                : "malloc/new in device code did not return (" + f.object + ")");
    if (inside)
      f.sites.push_back(cx_.heapBlock(a->base)->allocated);
  }
  f.message += cx_.options().memory_error_continue
                   ? "; the free was ignored and the launch went on (--memory-error continue)"
                   : "; the launch ends with cudaErrorLaunchFailure, as on the GPU";
  const auto [index, fresh] = table_.find({f.kind, 0, e.pc, 0});
  if (fresh)
    table_.at(index).finding = std::move(f);
}

// One finding per allocation site: how many blocks made there were never
// freed, and the first of them.
void MemoryChecker::reportAllocationLeaks() {
  std::vector<std::pair<std::uintptr_t, std::vector<const Allocation *>>> byCall;
  std::uint64_t last = leaksReportedUpTo_;
  for (const Allocation *a : cx_.memory().liveAllocations()) {
    if (a->id <= leaksReportedUpTo_)
      continue;
    last = std::max(last, a->id);
    auto it =
        std::find_if(byCall.begin(), byCall.end(), [&](const auto &c) { return c.first == a->pc; });
    if (it == byCall.end())
      byCall.push_back({a->pc, {a}});
    else
      it->second.push_back(a);
  }
  leaksReportedUpTo_ = last;
  for (const auto &[pc, allocs] : byCall) {
    const Allocation &first = *allocs.front();
    std::size_t bytes = 0;
    for (const Allocation *a : allocs)
      bytes += a->size;
    const char *api = first.api != nullptr                  ? first.api
                      : first.space == MemorySpace::Managed ? "cudaMallocManaged"
                                                            : "cudaMalloc";
    const std::string_view a = api;
    const char *free = a == "cudaMallocHost" || a == "cudaHostAlloc" ? "cudaFreeHost"
                       : a == "cudaMallocAsync" || a == "cudaMallocFromPoolAsync"
                           ? "cudaFreeAsync or cudaFree"
                           : "cudaFree";
    Finding f;
    f.kind = "memory-leak";
    f.space = spaceName(first.space);
    f.address = first.base;
    f.size = static_cast<std::uint32_t>(std::min<std::size_t>(first.size, UINT32_MAX));
    f.object =
        "allocation #" + std::to_string(first.id) + " (" + std::to_string(first.size) + " bytes)";
    f.count = allocs.size();
    f.message = std::to_string(allocs.size()) + " " + api + " allocation" +
                (allocs.size() == 1 ? "" : "s") + " (" + std::to_string(bytes) +
                " bytes) made here " + (allocs.size() == 1 ? "was" : "were") +
                " never freed with " + free + "; the first: " + f.object;
    FindingSite at;
    at.role = "allocated";
    at.detail = std::string("allocated by ") + api;
    at.pc = pc;
    f.sites.push_back(std::move(at));
    cx_.findings().add(f);
  }
}

void MemoryChecker::onDeviceReset() {
  if (cx_.options().leak_check_full)
    reportAllocationLeaks();
  std::vector<std::pair<std::uintptr_t, std::vector<const HeapBlock *>>> bySite;
  for (const HeapBlock *b : cx_.liveHeapBlocks()) {
    auto it = std::find_if(bySite.begin(), bySite.end(),
                           [&](const auto &s) { return s.first == b->allocated.pc; });
    if (it == bySite.end())
      bySite.push_back({b->allocated.pc, {b}});
    else
      it->second.push_back(b);
  }
  for (const auto &[pc, blocks] : bySite) {
    const HeapBlock &first = *blocks.front();
    std::size_t bytes = 0;
    for (const HeapBlock *b : blocks)
      bytes += b->size;
    Finding f;
    f.kind = "memory-leak";
    f.kernel = first.kernel;
    f.launch = first.launch;
    f.space = spaceName(MemorySpace::Global);
    f.address = first.base;
    f.size = static_cast<std::uint32_t>(first.size);
    f.object = "device-heap allocation #" + std::to_string(first.id) + " (" +
               std::to_string(first.size) + " bytes)";
    f.count = blocks.size();
    f.message = std::to_string(blocks.size()) + " device-heap block" +
                (blocks.size() == 1 ? "" : "s") + " (" + std::to_string(bytes) +
                " bytes) allocated here " + (blocks.size() == 1 ? "was" : "were") +
                " never freed; the first: " + f.object;
    f.sites.push_back(first.allocated);
    cx_.findings().add(f);
  }
}

} // namespace warpsim::sim
