#include "ProxyFenceChecker.h"

#include "Describe.h"
#include "Runtime.h"

namespace warpsim::sim {

ProxyFenceChecker::ProxyFenceChecker(Runtime &rt) : rt_(rt) {
  slots_.resize(rt.options.resident_blocks);
}

ProxyFenceChecker::Slot &ProxyFenceChecker::slotOf(const BlockInfo *b) {
  return slots_[rt_.memory.sharedSlotOf(b->smem_base)];
}

void ProxyFenceChecker::onBlockBegin(const BlockInfo &b) {
  // A new generation forgets the previous block's writes without clearing.
  Slot &s = slotOf(&b);
  ++s.generation;
  s.order = 0;
  s.fences.assign(b.launch->block.volume(), 0);
}

void ProxyFenceChecker::onWarpAccess(const WarpAccess &a) {
  if (a.space != MemorySpace::Shared || a.kind == AccessKind::Load || a.proxy != Proxy::Generic)
    return;
  Slot &s = slotOf(a.block);
  const std::uint32_t order = ++s.order;
  const std::size_t granules = (a.block->smem_size + 3) / 4;
  if (s.granules.size() < granules)
    s.granules.resize(granules);
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    const std::uintptr_t first = (la.addr - a.block->smem_base) / 4;
    const std::uintptr_t last = (la.addr + la.size - 1 - a.block->smem_base) / 4;
    const std::uint32_t tid = a.warp * a.block->launch->warp_size + la.lane;
    for (std::uintptr_t g = first; g <= last && g < s.granules.size(); ++g)
      s.granules[g] = Write{s.generation, order, tid, a.pc};
  }
}

void ProxyFenceChecker::onFence(const FenceEvent &e) {
  if ((e.proxy_async & kProxyFenceShared) == 0)
    return;
  Slot &s = slotOf(e.block);
  const std::uint32_t order = ++s.order;
  for (std::uint64_t m = e.mask; m != 0; m &= m - 1)
    s.fences[e.warp * e.block->launch->warp_size + static_cast<std::uint32_t>(__builtin_ctzll(m))] =
        order;
}

void ProxyFenceChecker::onAsyncCopy(const AsyncCopyEvent &e) {
  if (e.landed)
    return;
  if (e.kind == AsyncCopyKind::BulkStore)
    checkRange(e, e.src, e.size, true);
  else if (e.kind == AsyncCopyKind::BulkLoad)
    checkRange(e, e.dst, e.size, false);
}

void ProxyFenceChecker::checkRange(const AsyncCopyEvent &e, std::uintptr_t addr, std::uint32_t size,
                                   bool read) {
  const BlockInfo &b = *e.block;
  if (size == 0 || addr < b.smem_base || addr + size > b.smem_base + b.smem_size)
    return;
  Slot &s = slotOf(&b);
  const std::uint32_t issuerFence = s.fences[e.thread];
  const std::uintptr_t first = (addr - b.smem_base) / 4;
  const std::uintptr_t last =
      std::min<std::uintptr_t>((addr + size - 1 - b.smem_base) / 4, s.granules.size() - 1);
  for (std::uintptr_t g = first; g <= last && g < s.granules.size(); ++g) {
    const Write &w = s.granules[g];
    // Covered by a proxy fence the writer made after the write, or one the
    // issuing thread made after it (ordered after the write by whatever
    // synchronised the two threads; without that, the race detector reports).
    if (w.generation != s.generation || w.order < s.fences[w.thread] || w.order < issuerFence)
      continue;
    auto [index, fresh] = table_.find({"async-proxy", read ? 0 : 1, e.pc, w.pc});
    if (!fresh)
      continue;
    Finding &x = table_.at(index).finding;
    const std::uintptr_t at = b.smem_base + g * 4;
    x.kind = "async-proxy";
    x.space = "shared";
    x.address = at;
    x.size = 4;
    x.object = describeAddress(rt_, &b, at, MemorySpace::Shared);
    x.message = std::string("a bulk copy (async proxy) ") + (read ? "reads " : "overwrites ") +
                x.object +
                ", written with ordinary stores (generic proxy) and no fence.proxy.async "
                "between the write and the copy: the copy may " +
                (read ? "read the bytes from before the write" : "land before the write") +
                " (PTX memory model: accesses through different proxies need a proxy fence)";
    FindingSite copy = threadSite(b, e.thread, e.pc, "copy");
    copy.detail = read ? "bulk copy reads it" : "bulk copy writes it";
    FindingSite write = threadSite(b, w.thread, w.pc, "write");
    write.detail = "generic write, no fence.proxy.async after it";
    write.stack.clear(); // the writer's call stack now, not at the write
    x.sites.push_back(std::move(copy));
    x.sites.push_back(std::move(write));
  }
}

void ProxyFenceChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(rt_.findings, l); }

} // namespace warpsim::sim
