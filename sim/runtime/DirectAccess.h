// The direct path's hot end: an access made where the lane runs, watched by
// the LaneConflictWatch and counted into the warp's lockstep stops, inline
// in the value hooks (Hooks.cpp). Everything else (the stack, a param load,
// constant or peer memory, a fault) takes BlockExecutor::access. The direct
// path runs only without an access guard or the PTX model (chooseEngine),
// so neither is asked here.
#pragma once

#include "BlockExecutor.h"
#include "GridRunner.h"
#include "Runtime.h"
#include "SiteTable.h"

namespace warpsim::sim {

// The direct path keeps a warp's diverged stops to count its warp
// instructions; past this many (~160 MiB) the launch goes back to fibers.
inline constexpr std::size_t kMaxKeptStops = std::size_t{1} << 22;

inline void BlockExecutor::countDirect(Lane *l, EventKind kind, bool write, std::uintptr_t pc,
                                       std::uintptr_t position, std::uintptr_t addr) {
  if (write)
    wroteCompiled();
  else if (++sinceStore_ >= readFrom_ && compiledSpins(*l, kind, pc, addr)) [[unlikely]]
    restartOnFibers("a thread made --spin-limit accesses without writing (it may wait for "
                    "another)");
  stats_.accesses += kind == EventKind::Access;
  lockstep_.add(l->lane, model::LaneStop{l->depth, pc, l->stack_hash,
                                         static_cast<std::uint8_t>(kind), position});
  if (lockstep_.kept() > kMaxKeptStops) [[unlikely]]
    restartOnFibers("a warp's lanes diverged too long to count its warp instructions");
}

inline bool BlockExecutor::directAccess(Lane *l, std::uintptr_t addr, std::uint32_t size,
                                        bool write, std::uintptr_t pc, const StaticSite *site) {
  if (!direct_)
    return false;
  const MemoryMap &m = rt_.memory;
  bool shared;
  if (m.inGlobalRegion(addr)) {
    shared = false;
  } else if (addr - info.smem_base < MemoryMap::kSharedWindow &&
             addr - info.smem_base + size <= grid_.sharedLayout().end()) {
    shared = true;
  } else {
    // Every thread's loads of its arguments: no event (access()).
    return !write && m.inParam(addr);
  }
  if (grid_.checkedDirect()) [[unlikely]]
    if (!shared || write || !screenedLoad(addr - info.smem_base, size))
      screenDirect(addr, size, write ? AccessKind::Store : AccessKind::Load,
                   shared ? MemorySpace::Shared : m.globalSpaceOf(addr));
  if (!watch_->access(cursor_, serial_, addr, size, write, shared)) [[unlikely]]
    restartOnFibers("two threads met on a word of memory, one writing,");
  countDirect(l, EventKind::Access, write, pc,
              site != nullptr ? reinterpret_cast<std::uintptr_t>(site) : pc, addr);
  return true;
}

} // namespace warpsim::sim
