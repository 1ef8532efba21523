#include "ProxyFenceChecker.h"

#include "Describe.h"
#include "ObserverContext.h"

#include <algorithm>

namespace warpsim::sim {

ProxyFenceChecker::ProxyFenceChecker(ObserverContext &cx) : cx_(cx) {
  slots_.resize(cx.options().resident_blocks);
}

ProxyFenceChecker::Slot &ProxyFenceChecker::slotOf(const BlockInfo *b) {
  return slots_[cx_.memory().sharedSlotOf(b->smem_base)];
}

void ProxyFenceChecker::onBlockBegin(const BlockInfo &b) {
  // A new generation forgets the previous block's writes without clearing.
  Slot &s = slotOf(&b);
  ++s.generation;
  s.order = 0;
  s.fences.assign(b.launch->block.volume(), 0);
  s.block = &b;
  s.peerFences.clear();
}

void ProxyFenceChecker::onLaunchBegin(const LaunchInfo &l) {
  launch_ = static_cast<std::uint32_t>(l.id);
  slots_.resize(l.slots);
  logs_.resize(l.slots);
  table_.reserveShards(l.slots);
  globalOrder_ = 0;
  globalFences_.clear();
  tensormapReleases_.clear();
  tensormapAcquires_.clear();
  sitePcs_.clear();
  siteStatic_.clear();
  siteIds_.clear();
  lastPc_ = 0;
}

void ProxyFenceChecker::onWarpAccess(const WarpAccess &a) {
  if (a.proxy == Proxy::Texture &&
      (a.space == MemorySpace::Global || a.space == MemorySpace::Managed))
    checkTexture(a);
  if (a.proxy == Proxy::TensorMap) {
    checkTensorMap(a);
    return;
  }
  if (a.kind == AccessKind::Load || a.proxy != Proxy::Generic)
    return;
  if (a.space == MemorySpace::Global || a.space == MemorySpace::Managed) {
    const std::uint32_t ws = a.block->launch->warp_size;
    const auto block = static_cast<std::uint32_t>(a.block->linear);
    if (const int slot = parallelSlot(); slot >= 0) {
      std::vector<LoggedWrite> &log = logs_[static_cast<std::size_t>(slot)];
      for (std::uint32_t i = 0; i < a.count; ++i)
        log.push_back({a.lanes[i].addr, a.pc, a.lanes[i].size, a.warp * ws + a.lanes[i].lane, block,
                       a.site, i == 0});
      return;
    }
    const std::uint32_t order = ++globalOrder_;
    siteOf(a.pc, a.site);
    for (std::uint32_t i = 0; i < a.count; ++i)
      recordGlobal(a.lanes[i].addr, a.lanes[i].size,
                   GlobalWrite{order, a.warp * ws + a.lanes[i].lane, block, lastSite_});
    return;
  }
  if (a.space != MemorySpace::Shared)
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
      s.granules[g] = Write{s.generation, order, tid, a.site, a.pc};
  }
}

void ProxyFenceChecker::siteOf(std::uintptr_t pc, std::uint32_t site) {
  if (pc != lastPc_ || sitePcs_.empty()) {
    auto [it, fresh] = siteIds_.try_emplace(pc, static_cast<std::uint32_t>(sitePcs_.size()));
    if (fresh) {
      sitePcs_.push_back(pc);
      siteStatic_.push_back(site);
    }
    lastPc_ = pc;
    lastSite_ = it->second;
  }
}

void ProxyFenceChecker::recordGlobal(std::uintptr_t addr, std::uint32_t size,
                                     const GlobalWrite &w) {
  for (std::uintptr_t g = addr & ~std::uintptr_t{15}; g < addr + size; g += 16)
    global_.page(g, launch_).cell(g) = w;
}

void ProxyFenceChecker::onPhaseEnd(const std::vector<std::uint32_t> &slots) {
  for (std::uint32_t slot : slots) {
    if (slot >= logs_.size())
      continue;
    std::uint32_t order = 0;
    for (const LoggedWrite &w : logs_[slot]) {
      if (w.first) {
        order = ++globalOrder_;
        siteOf(w.pc, w.site);
      }
      recordGlobal(w.addr, w.size, GlobalWrite{order, w.thread, w.block, lastSite_});
    }
    logs_[slot].clear();
  }
  table_.mergeShards(slots);
}

void ProxyFenceChecker::onFence(const FenceEvent &e) {
  if ((e.proxy_async & (kProxyFenceTensorMapRelease | kProxyFenceTensorMapAcquire)) != 0) {
    const std::uint32_t order = ++globalOrder_;
    // An acquire names its map; lanes fenced together may name different
    // ones, of which the event carries one: such a group covers any map.
    const std::uintptr_t map = (e.mask & (e.mask - 1)) == 0 ? e.addr : 0;
    for (std::uint64_t m = e.mask; m != 0; m &= m - 1) {
      const std::uint32_t thread =
          e.warp * e.block->launch->warp_size + static_cast<std::uint32_t>(__builtin_ctzll(m));
      if ((e.proxy_async & kProxyFenceTensorMapRelease) != 0)
        tensormapReleases_[{e.block->linear, thread}] = order;
      else
        tensormapAcquires_[{e.block->linear, thread, map}] = order;
    }
  }
  if ((e.proxy_async & kProxyFenceGlobal) != 0) {
    const std::uint32_t order = ++globalOrder_;
    for (std::uint64_t m = e.mask; m != 0; m &= m - 1)
      globalFences_[{e.block->linear, e.warp * e.block->launch->warp_size +
                                          static_cast<std::uint32_t>(__builtin_ctzll(m))}] = order;
  }
  if ((e.proxy_async & kProxyFenceShared) == 0)
    return;
  Slot &s = slotOf(e.block);
  const std::uint32_t order = ++s.order;
  for (std::uint64_t m = e.mask; m != 0; m &= m - 1)
    s.fences[e.warp * e.block->launch->warp_size + static_cast<std::uint32_t>(__builtin_ctzll(m))] =
        order;
  // The cluster's other CTAs: their writes so far, for the copies these
  // threads issue into them. A cluster's blocks sit in consecutive slots.
  const std::uint32_t n = static_cast<std::uint32_t>(e.block->launch->cluster.volume());
  if (n <= 1)
    return;
  const std::uint32_t mine = cx_.memory().sharedSlotOf(e.block->smem_base);
  const std::uint32_t first = mine - e.block->cluster_rank;
  for (std::uint32_t r = 0; r < n; ++r) {
    if (r == e.block->cluster_rank || first + r >= slots_.size())
      continue;
    Slot &p = slots_[first + r];
    for (std::uint64_t m = e.mask; m != 0; m &= m - 1)
      p.peerFences[{e.block->cluster_rank, e.warp * e.block->launch->warp_size +
                                               static_cast<std::uint32_t>(__builtin_ctzll(m))}] =
          p.order;
  }
}

void ProxyFenceChecker::onAsyncCopy(const AsyncCopyEvent &e) {
  if (e.landed)
    return;
  if (e.kind == AsyncCopyKind::BulkStore) {
    checkRange(e, e.src, e.size, true);
    checkGlobal(e, e.dst, e.size, false);
  } else if (e.kind == AsyncCopyKind::BulkLoad) {
    checkRange(e, e.dst, e.size, false);
    checkGlobal(e, e.src, e.size, true);
  } else if (e.kind == AsyncCopyKind::Wgmma) {
    checkRange(e, e.src, e.src_size, true);
  }
}

void ProxyFenceChecker::checkGlobal(const AsyncCopyEvent &e, std::uintptr_t addr,
                                    std::uint32_t size, bool read) {
  if (globalOrder_ == 0 || !cx_.memory().inGlobalRegion(addr))
    return;
  auto fenceOf = [this](std::uint64_t block, std::uint32_t thread) -> std::uint32_t {
    auto it = globalFences_.find({block, thread});
    return it == globalFences_.end() ? 0 : it->second;
  };
  const std::uint32_t issuerFence = fenceOf(e.block->linear, e.thread);
  for (std::uintptr_t g = addr & ~std::uintptr_t{15}; g < addr + size; g += 16) {
    // The page's generation is the launch: a write of an earlier launch is
    // ordered by the launch boundary.
    const GlobalWrite &w = global_.page(g, launch_).cell(g);
    if (w.order == 0 || w.order < issuerFence || w.order < fenceOf(w.block, w.thread))
      continue;
    const BlockInfo *writer = w.block == e.block->linear ? e.block : nullptr;
    report(e, read, MemorySpace::Global, g, writer, w.block, w.thread, sitePcs_[w.site],
           siteStatic_[w.site]);
  }
}

void ProxyFenceChecker::checkRange(const AsyncCopyEvent &e, std::uintptr_t addr, std::uint32_t size,
                                   bool read) {
  const BlockInfo &b = *e.block;
  if (size != 0 && addr - b.smem_base >= b.smem_size && cx_.memory().inSharedRegion(addr)) {
    checkPeerRange(e, addr, size, read);
    return;
  }
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
    report(e, read, MemorySpace::Shared, b.smem_base + g * 4, &b, b.linear, w.thread, w.pc, w.site);
  }
}

void ProxyFenceChecker::checkPeerRange(const AsyncCopyEvent &e, std::uintptr_t addr,
                                       std::uint32_t size, bool read) {
  const std::uint32_t slot = cx_.memory().sharedSlotOf(addr);
  if (slot >= slots_.size() || slots_[slot].block == nullptr)
    return;
  Slot &s = slots_[slot];
  const BlockInfo &p = *s.block;
  if (addr < p.smem_base || addr + size > p.smem_base + p.smem_size)
    return;
  std::uint32_t issuerFence = 0;
  if (auto it = s.peerFences.find({e.block->cluster_rank, e.thread}); it != s.peerFences.end())
    issuerFence = it->second;
  const std::uintptr_t first = (addr - p.smem_base) / 4;
  const std::uintptr_t last =
      std::min<std::uintptr_t>((addr + size - 1 - p.smem_base) / 4, s.granules.size() - 1);
  for (std::uintptr_t g = first; g <= last && g < s.granules.size(); ++g) {
    const Write &w = s.granules[g];
    // Covered by the writer's fence after the write, or by the issuing
    // thread's fence made after it.
    if (w.generation != s.generation || w.order < s.fences[w.thread] || w.order <= issuerFence)
      continue;
    report(e, read, MemorySpace::Shared, p.smem_base + g * 4, &p, p.linear, w.thread, w.pc, w.site);
  }
}

void ProxyFenceChecker::report(const AsyncCopyEvent &e, bool read, MemorySpace space,
                               std::uintptr_t at, const BlockInfo *writerBlock,
                               std::uint64_t writerLinear, std::uint32_t writer,
                               std::uintptr_t writerPc, std::uint32_t writerSite) {
  auto [index, fresh] = table_.find({"async-proxy",
                                     (read ? 0 : 1) + (space == MemorySpace::Global ? 2 : 0) +
                                         (e.kind == AsyncCopyKind::Wgmma ? 4 : 0),
                                     e.pc, writerPc});
  if (!fresh)
    return;
  const BlockInfo &b = *e.block;
  Finding &x = table_.at(index).finding;
  x.kind = "async-proxy";
  x.space = spaceName(space);
  x.address = at;
  x.size = 4;
  // (A peer's shared memory is described as that CTA's.)
  x.object = describeAddress(
      cx_, space == MemorySpace::Shared && writerBlock != nullptr ? writerBlock : &b, at, space);
  const bool wgmma = e.kind == AsyncCopyKind::Wgmma;
  x.message =
      std::string(wgmma ? "a wgmma.mma_async (async proxy) " : "a bulk copy (async proxy) ") +
      (read ? "reads " : "overwrites ") + x.object +
      ", written with ordinary stores (generic proxy) and no fence.proxy.async" +
      (space == MemorySpace::Global ? " (or .global)" : "") + " between the write and the " +
      (wgmma ? "wgmma: it may multiply" : "copy: the copy may ") +
      (wgmma  ? " the bytes from before the write (wgmma.fence orders registers, not "
                "shared memory)"
       : read ? "read the bytes from before the write"
              : "land before the write") +
      " (PTX memory model: accesses through different proxies need a proxy fence)";
  FindingSite copy = threadSite(b, e.thread, e.pc, e.site, wgmma ? "wgmma" : "copy");
  copy.detail = wgmma  ? "wgmma.mma_async reads it"
                : read ? "bulk copy reads it"
                       : "bulk copy writes it";
  FindingSite write;
  if (writerBlock != nullptr) {
    write = threadSite(*writerBlock, writer, writerPc, writerSite, "write");
    write.stack.clear(); // the writer's call stack now, not at the write
  } else {
    write.role = "write";
    write.pc = writerPc;
    write.site = writerSite;
    write.has_thread = true;
    threadCoords(*b.launch, writerLinear, writer, write.block, write.thread);
  }
  write.detail = "generic write, no fence.proxy.async after it";
  x.sites.push_back(std::move(copy));
  x.sites.push_back(std::move(write));
}

void ProxyFenceChecker::checkTexture(const WarpAccess &a) {
  const int slot = parallelSlot();
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    for (std::uintptr_t g = la.addr & ~std::uintptr_t{15}; g < la.addr + la.size; g += 16) {
      // In a parallel phase the block's own writes of the phase are still in
      // its log (no other block writes bytes it reads in the phase); earlier
      // ones are in the shadow, which nobody writes until the phase ends.
      if (slot >= 0) {
        const std::vector<LoggedWrite> &log = logs_[static_cast<std::size_t>(slot)];
        auto it = std::find_if(log.rbegin(), log.rend(), [&](const LoggedWrite &w) {
          return w.addr < g + 16 && g < w.addr + w.size;
        });
        if (it != log.rend()) {
          reportTexture(a, la, it->block, it->thread, it->pc, it->site);
          break;
        }
      }
      model::ShadowMemory<GlobalWrite, 4>::Cache local;
      auto *page = global_.findPage(g, slot >= 0 ? local : textureCache_);
      if (page == nullptr || page->gen != launch_)
        continue;
      const GlobalWrite &w = page->cell(g);
      if (w.order == 0)
        continue;
      reportTexture(a, la, w.block, w.thread, sitePcs_[w.site], siteStatic_[w.site]);
      break;
    }
  }
}

void ProxyFenceChecker::reportTexture(const WarpAccess &a, const LaneAccess &la,
                                      std::uint64_t writerBlock, std::uint32_t writer,
                                      std::uintptr_t writerPc, std::uint32_t writerSite) {
  auto [index, fresh] = table_.find({"texture-misuse", 0, a.pc, writerPc});
  if (!fresh)
    return;
  const BlockInfo &b = *a.block;
  Finding &x = table_.at(index).finding;
  x.kind = "texture-misuse";
  x.space = spaceName(a.space);
  x.address = la.addr;
  x.size = la.size;
  x.object = describeAddress(cx_, &b, la.addr, a.space);
  x.message = "a texture fetch reads " + x.object +
              ", which was written earlier in the same launch: the texture cache is not "
              "coherent with global or surface writes within a kernel, so the fetch may return "
              "the bytes from before the write (CUDA programming guide, texture memory)";
  FindingSite fetch =
      threadSite(b, a.warp * b.launch->warp_size + la.lane, a.pc, a.site, "texture fetch");
  fetch.detail = "texture fetch reads it";
  FindingSite write;
  write.role = "write";
  write.pc = writerPc;
  write.site = writerSite;
  write.has_thread = true;
  threadCoords(*b.launch, writerBlock, writer, write.block, write.thread);
  write.detail = "the last write to its 16-byte granule in this launch";
  x.sites.push_back(std::move(fetch));
  x.sites.push_back(std::move(write));
}

void ProxyFenceChecker::checkTensorMap(const WarpAccess &a) {
  if (a.space != MemorySpace::Global && a.space != MemorySpace::Managed)
    return;
  const BlockInfo &b = *a.block;
  const std::uint32_t ws = b.launch->warp_size;
  auto fenceOf = [](const auto &fences, const auto &key) {
    auto it = fences.find(key);
    return it == fences.end() ? std::uint32_t{0} : it->second;
  };
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    const std::uint32_t user = a.warp * ws + la.lane;
    // The thread's acquire of this map, or one of a group of lanes.
    const std::uint32_t acquired =
        std::max(fenceOf(tensormapAcquires_, std::make_tuple(b.linear, user, la.addr)),
                 fenceOf(tensormapAcquires_, std::make_tuple(b.linear, user, std::uintptr_t{0})));
    for (std::uintptr_t g = la.addr & ~std::uintptr_t{15}; g < la.addr + la.size; g += 16) {
      // Tensor copies issue in serial phases: every earlier write is in the
      // shadow (the page's generation is the launch).
      model::ShadowMemory<GlobalWrite, 4>::Cache local;
      auto *page = global_.findPage(g, local);
      if (page == nullptr || page->gen != launch_)
        continue;
      const GlobalWrite &w = page->cell(g);
      if (w.order == 0)
        continue;
      const bool released =
          fenceOf(tensormapReleases_, std::make_pair(std::uint64_t{w.block}, w.thread)) > w.order;
      const bool acquire = acquired > w.order;
      if (released && acquire)
        continue;
      auto [index, fresh] = table_.find(
          {"tensormap-proxy", (released ? 1 : 0) + (acquire ? 2 : 0), a.pc, sitePcs_[w.site]});
      if (!fresh)
        break;
      Finding &x = table_.at(index).finding;
      x.kind = "tensormap-proxy";
      x.space = spaceName(a.space);
      x.address = g;
      x.size = 16;
      x.object = describeAddress(cx_, &b, la.addr, a.space);
      const char *missing =
          !released && !acquire
              ? "neither a fence.proxy.tensormap::generic.release by the writer after the write "
                "nor a fence.proxy.tensormap::generic.acquire of the map by the copying thread "
                "after it"
          : !released ? "no fence.proxy.tensormap::generic.release by the writer after the write"
                      : "no fence.proxy.tensormap::generic.acquire of the map by the copying "
                        "thread after the write";
      x.message = "a tensor copy uses the tensor map at " + x.object +
                  ", modified in this launch through the generic proxy (tensormap.replace, "
                  "tensormap.cp_fenceproxy or stores), with " +
                  missing +
                  ": the copy may use the map from before the change (PTX memory model: a "
                  "tensor map modified through the generic proxy needs "
                  "fence.proxy.tensormap::generic release and acquire before the tensormap "
                  "proxy reads it)";
      FindingSite copy = threadSite(b, user, a.pc, a.site, "copy");
      copy.detail = "tensor copy reads the map";
      FindingSite write;
      write.role = "write";
      write.pc = sitePcs_[w.site];
      write.site = siteStatic_[w.site];
      write.has_thread = true;
      threadCoords(*b.launch, w.block, w.thread, write.block, write.thread);
      write.detail = "generic write of the map";
      x.sites.push_back(std::move(copy));
      x.sites.push_back(std::move(write));
      break;
    }
  }
}

void ProxyFenceChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

} // namespace warpsim::sim
