#include "Describe.h"

#include "ObserverContext.h"

namespace warpsim::sim {

std::string describeAddress(const ObserverContext &cx, const BlockInfo *block, std::uintptr_t addr,
                            MemorySpace space) {
  if (space == MemorySpace::Shared && block != nullptr) {
    std::uintptr_t off = addr - block->smem_base;
    std::string peer; // distributed shared memory: a peer block's window
    if (off >= MemoryMap::kSharedWindow && cx.memory().inSharedRegion(addr)) {
      const std::uint32_t slot = cx.memory().sharedSlotOf(addr);
      off = addr - cx.memory().sharedWindow(slot);
      if (const BlockInfo *owner = cx.blockInSlot(slot))
        peer = " of cluster rank " + std::to_string(owner->cluster_rank) + " (block " + "(" +
               std::to_string(owner->index.x) + "," + std::to_string(owner->index.y) + "," +
               std::to_string(owner->index.z) + ")" + ")";
    }
    if (off < block->launch->dynamic_smem)
      return "extern __shared__ (dynamic) + " + std::to_string(off) + peer;
    if (block->launch->shared_vars != nullptr)
      for (const SharedVar *v : *block->launch->shared_vars)
        if (off - v->offset < v->size)
          return std::string("__shared__ '") + v->name + "' + " + std::to_string(off - v->offset) +
                 peer;
    return "shared offset " + std::to_string(off) + peer;
  }
  if (cx.memory().inGlobalRegion(addr)) {
    if (const Allocation *a = cx.memory().findAllocation(addr)) {
      std::string s = (a->heap ? "device-heap allocation #" : "allocation #") +
                      std::to_string(a->id) + " (" + std::to_string(a->size) + " bytes" +
                      (a->freed ? ", freed" : "") + ") + " + std::to_string(addr - a->base);
      return s;
    }
    return "global memory";
  }
  if (const Symbol *s = cx.memory().findSymbol(addr))
    return std::string(s->space == MemorySpace::Constant ? "__constant__ '" : "__device__ '") +
           s->name + "' + " + std::to_string(addr - s->base);
  return spaceName(space);
}

} // namespace warpsim::sim
