#include "Describe.h"

#include "Runtime.h"

namespace warpsim::sim {

std::string describeAddress(const Runtime &rt, const BlockInfo *block, std::uintptr_t addr,
                            MemorySpace space) {
  if (space == MemorySpace::Shared && block != nullptr) {
    const std::uintptr_t off = addr - block->smem_base;
    if (off < block->launch->dynamic_smem)
      return "extern __shared__ (dynamic) + " + std::to_string(off);
    for (const SharedVar *v : rt.engine.sharedVars())
      if (off - v->offset < v->size)
        return std::string("__shared__ '") + v->name + "' + " + std::to_string(off - v->offset);
    return "shared offset " + std::to_string(off);
  }
  if (rt.memory.inGlobalRegion(addr)) {
    if (const Allocation *a = rt.memory.findAllocation(addr)) {
      std::string s = "allocation #" + std::to_string(a->id) + " (" + std::to_string(a->size) +
                      " bytes" + (a->freed ? ", freed" : "") + ") + " +
                      std::to_string(addr - a->base);
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

} // namespace warpsim::sim
