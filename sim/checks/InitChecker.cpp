#include "InitChecker.h"

#include <algorithm>
#include <atomic>

#include "Describe.h"
#include "ObserverContext.h"

namespace warpsim::sim {

namespace {
std::uint64_t bitsFor(std::uintptr_t a, std::size_t n) { // n <= 64 - (a & 63)
  const unsigned lo = static_cast<unsigned>(a & 63);
  const std::uint64_t ones = n >= 64 ? ~std::uint64_t{0} : ((std::uint64_t{1} << n) - 1);
  return ones << lo;
}
} // namespace

InitChecker::InitChecker(ObserverContext &cx) : cx_(cx) {
  slots_.resize(cx.options().resident_blocks);
}

InitChecker::GlobalBits::Cache &InitChecker::cache() {
  const auto i = static_cast<std::size_t>(parallelSlot() + 1);
  return i < caches_.size() ? caches_[i].cache : caches_[0].cache;
}

void InitChecker::markGlobal(std::uintptr_t a, std::size_t n) {
  GlobalBits::Cache &c = cache();
  const bool parallel = parallelSlot() >= 0;
  while (n > 0) {
    const std::size_t take = std::min<std::size_t>(n, 64 - (a & 63));
    std::uint64_t &bits = global_.at(a, c);
    if (parallel)
      std::atomic_ref<std::uint64_t>(bits).fetch_or(bitsFor(a, take), std::memory_order_relaxed);
    else
      bits |= bitsFor(a, take);
    a += take;
    n -= take;
  }
}

bool InitChecker::globalInit(std::uintptr_t a, std::uint32_t n) {
  GlobalBits::Cache &c = cache();
  while (n > 0) {
    const std::uint32_t take = std::min<std::uint32_t>(n, 64 - (a & 63));
    const std::uint64_t want = bitsFor(a, take);
    std::uint64_t *bits = global_.find(a, c);
    if (bits == nullptr ||
        (std::atomic_ref<std::uint64_t>(*bits).load(std::memory_order_relaxed) & want) != want)
      return false;
    a += take;
    n -= take;
  }
  return true;
}

void InitChecker::onHostWrite(const HostWrite &w) {
  if (cx_.memory().inGlobalRegion(w.addr))
    markGlobal(w.addr, w.size);
}

void InitChecker::onBlockBegin(const BlockInfo &b) {
  Slot &s = slots_[cx_.memory().sharedSlotOf(b.smem_base)];
  s.used = true;
  std::fill(s.bits.begin(),
            s.bits.begin() +
                static_cast<std::ptrdiff_t>(std::min(s.bits.size(), (s.dirty + 63) / 64)),
            0);
  s.dirty = 0;
}

bool InitChecker::sharedAccess(Slot &s, std::uintptr_t off, std::uint32_t size, bool store) {
  // Bits for the window as far as it is used, in 4 KiB steps (thousands
  // of resident blocks in a cooperative grid).
  if (const std::size_t need = (off + size + 4095) / 4096 * 64; s.bits.size() < need)
    s.bits.resize(need, 0);
  s.dirty = std::max<std::size_t>(s.dirty, off + size);
  for (std::uintptr_t i = off, n = size; n > 0;) {
    const std::uint32_t take = std::min<std::uint32_t>(n, 64 - (i & 63));
    const std::uint64_t want = bitsFor(i, take);
    std::uint64_t &w = s.bits[i / 64];
    if (store)
      w |= want;
    else if ((w & want) != want)
      return false;
    i += take;
    n -= take;
  }
  return true;
}

void InitChecker::onWarpAccess(const WarpAccess &a) {
  // Atomics initialise and are not checked: atomicExch is how a flag is
  // usually first set, and its old value is rarely used.
  const bool store = a.kind != AccessKind::Load;
  if (a.space == MemorySpace::Shared) {
    for (std::uint32_t i = 0; i < a.count; ++i) {
      const LaneAccess &la = a.lanes[i];
      // The window the bytes are in: the block's own, or a peer's of its
      // cluster (distributed shared memory initialises the owner's bytes).
      // A lane of the warp instruction may be in another space (a generic
      // pointer): its bytes are not this slot's.
      if (!cx_.memory().inSharedRegion(la.addr))
        continue;
      const std::uint32_t slot = cx_.memory().sharedSlotOf(la.addr);
      if (slot >= slots_.size() || !slots_[slot].used)
        continue; // a window no block has
      Slot &s = slots_[slot];
      const std::uintptr_t off = la.addr - cx_.memory().sharedWindow(slot);
      if (off + la.size > MemoryMap::kSharedWindow)
        continue;
      if (!sharedAccess(s, off, la.size, store))
        report(a, la);
    }
    return;
  }
  if (a.space != MemorySpace::Global && a.space != MemorySpace::Managed)
    return;
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    if (!cx_.memory().inGlobalRegion(la.addr))
      continue;
    if (!store && !globalInit(la.addr, la.size))
      report(a, la);
    if (a.kind != AccessKind::Load)
      markGlobal(la.addr, la.size);
  }
}

void InitChecker::report(const WarpAccess &a, const LaneAccess &lane) {
  auto [index, fresh] = table_.find({"uninitialized-read", static_cast<int>(a.space), a.pc, 0});
  if (fresh) {
    Finding &f = table_.at(index).finding;
    f.kind = "uninitialized-read";
    f.space = spaceName(a.space);
    f.address = lane.addr;
    f.size = lane.size;
    f.object = describeAddress(cx_, a.block, lane.addr, a.space);
    f.message =
        std::string("read of size ") + std::to_string(lane.size) + " of " + f.object +
        (a.space == MemorySpace::Shared ? (lane.addr - a.block->smem_base < MemoryMap::kSharedWindow
                                               ? ", which no thread of this block has written"
                                               : ", which no thread of the cluster has written")
                                        : ", which was never written (by cudaMemcpy, cudaMemset "
                                          "or a kernel)");
    const std::uint32_t tid = a.warp * a.block->launch->warp_size + lane.lane;
    f.sites.push_back(threadSite(*a.block, tid, a.pc, a.site, "read"));
    f.sites.back().detail = "uninitialized read";
  }
}

void InitChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

void InitChecker::beginDirectLaunch() {
  ++writtenGen_;
  if (written_.empty())
    written_ = std::vector<Written>(std::size_t{cx_.options().resident_blocks} + 1);
  for (Written &w : written_)
    w.pages.clear();
}

InitChecker::Written &InitChecker::written() {
  const auto i = static_cast<std::size_t>(parallelSlot() + 1);
  return i < written_.size() ? written_[i] : written_[0];
}

bool InitChecker::directAccess(const BlockInfo &b, std::uintptr_t addr, std::uint32_t size,
                               AccessKind kind, MemorySpace space) {
  const bool store = kind != AccessKind::Load;
  if (space == MemorySpace::Shared) {
    // The block's own window (the direct path makes no other shared access).
    Slot &s = slots_[cx_.memory().sharedSlotOf(b.smem_base)];
    const std::uintptr_t off = addr - b.smem_base;
    return off + size <= MemoryMap::kSharedWindow && sharedAccess(s, off, size, store);
  }
  if ((space != MemorySpace::Global && space != MemorySpace::Managed) ||
      !cx_.memory().inGlobalRegion(addr))
    return true;
  Written &w = written();
  while (size > 0) {
    const std::uint32_t take = std::min<std::uint32_t>(size, 64 - (addr & 63));
    const std::uint64_t want = bitsFor(addr, take);
    if (store) {
      WrittenBits::Page &page = w.bits.page(addr, writtenGen_);
      if (page.data.gen != writtenGen_) {
        page.data.gen = writtenGen_;
        w.pages.emplace_back(addr >> WrittenBits::kPageShift << WrittenBits::kPageShift, &page);
      }
      page.cell(addr) |= want;
    } else if (const std::uint64_t *bits = global_.find(addr, cache());
               bits == nullptr || (*bits & want) != want) {
      // Not initialised before the launch: written by it? (A leaf of an
      // earlier launch holds nothing of this one's.)
      WrittenBits::Page *page = w.bits.findPage(addr, w.cache);
      const std::uint64_t mine =
          page != nullptr && page->data.gen == writtenGen_ ? page->cell(addr) : 0;
      if ((((bits != nullptr ? *bits : 0) | mine) & want) != want)
        return false;
    }
    addr += take;
    size -= take;
  }
  return true;
}

void InitChecker::endDirectLaunch(bool kept) {
  for (Written &w : written_) {
    if (kept)
      for (const auto &[base, page] : w.pages)
        for (std::uint32_t i = page->lo; i < page->hi; ++i)
          if (const std::uint64_t bits = page->cells[i]; bits != 0)
            global_.at(base + (std::uintptr_t{i} << WrittenBits::kGranuleShift),
                       caches_[0].cache) |= bits;
    w.pages.clear();
  }
  ++writtenGen_; // what was written is forgotten either way
}

} // namespace warpsim::sim
