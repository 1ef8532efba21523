#include "Describe.h"

#include "Runtime.h"

namespace warpsim::sim {

std::string describeAddress(const Runtime &rt, const BlockInfo *block, std::uintptr_t addr,
                            MemorySpace space) {
  if (space == MemorySpace::Shared && block != nullptr) {
    std::uintptr_t off = addr - block->smem_base;
    std::string peer; // distributed shared memory: a peer block's window
    if (off >= MemoryMap::kSharedWindow && rt.memory.inSharedRegion(addr)) {
      const std::uint32_t slot = rt.memory.sharedSlotOf(addr);
      off = addr - rt.memory.sharedWindow(slot);
      if (const BlockExecutor *owner = rt.grid.blockInSlot(slot))
        peer = " of cluster rank " + std::to_string(owner->info.cluster_rank) + " (block " + "(" +
               std::to_string(owner->info.index.x) + "," + std::to_string(owner->info.index.y) +
               "," + std::to_string(owner->info.index.z) + ")" + ")";
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
  if (rt.memory.inGlobalRegion(addr)) {
    if (const Allocation *a = rt.memory.findAllocation(addr)) {
      std::string s = (a->heap ? "device-heap allocation #" : "allocation #") +
                      std::to_string(a->id) + " (" + std::to_string(a->size) + " bytes" +
                      (a->freed ? ", freed" : "") + ") + " + std::to_string(addr - a->base);
      return s;
    }
    return "global memory";
  }
  if (const Symbol *s = rt.memory.findSymbol(addr))
    return std::string(s->space == MemorySpace::Constant ? "__constant__ '" : "__device__ '") +
           s->name + "' + " + std::to_string(addr - s->base);
  return spaceName(space);
}

void threadCoords(const LaunchInfo &launch, std::uint64_t block, std::uint32_t thread, Dim3 &b,
                  Dim3 &t) {
  b = model::delinearize(block, launch.grid);
  t = model::delinearize(thread, launch.block);
}

FindingSite threadSite(const BlockInfo &b, std::uint32_t thread, std::uintptr_t pc,
                       std::uint32_t site, const char *role) {
  FindingSite s;
  if (pc != 0 && b.threads != nullptr) {
    b.threads->describe(thread, pc, site, role, s);
    return s;
  }
  s.role = role;
  s.pc = pc;
  s.site = pc != 0 ? site : kNoSite;
  s.has_thread = true;
  threadCoords(*b.launch, b.linear, thread, s.block, s.thread);
  return s;
}

} // namespace warpsim::sim
