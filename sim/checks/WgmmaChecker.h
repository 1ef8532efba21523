// The warpgroup MMA's rules (PTX ISA, "Asynchronous Warpgroup Level Matrix
// Multiply-Accumulate"), as one `wgmma` finding kind:
//   - a wgmma.mma_async reads its shared tiles until the wgmma.wait_group
//     that covers it: a write to those bytes before then (ordinary stores,
//     a TMA or bulk copy landing, an atomic) may change what it multiplies;
//   - its accumulator registers (and the A registers of the register form)
//     belong to it until that wait: reading or writing an accumulator, or
//     writing an A register, before then is undefined (the runtime sees the
//     accesses, WgmmaExecution.h);
//   - a warp's first wgmma.mma_async needs a wgmma.fence before it (the
//     fence orders the registers' earlier writes before the wgmma reads
//     them);
//   - the four warps of a warpgroup all execute each wgmma.mma_async
//     (.aligned): a warp that issued a different number of them than
//     another warp of its warpgroup by the block's end, or a warpgroup the
//     block does not have whole.
// The generic -> async proxy rule for the tiles is the ProxyFenceChecker's
// (async-proxy); a wgmma without all 32 lanes of a warp is the warp
// checker's (warp-sync-mask).
#pragma once

#include <cstdint>
#include <vector>

#include "FindingTable.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

class WgmmaChecker final : public Observer {
public:
  explicit WgmmaChecker(ObserverContext &cx);
  bool blockParallel() const override { return true; }
  // A kernel that issues wgmma (inline PTX) runs on fibers (KernelTraits).
  bool silentOnDirect() const override { return true; }
  void onPhaseEnd(const std::vector<std::uint32_t> &slots) override { table_.mergeShards(slots); }
  void onLaunchBegin(const LaunchInfo &l) override {
    slots_.resize(l.slots);
    table_.reserveShards(l.slots);
  }
  void onLaunchEnd(const LaunchInfo &l) override;
  void onBlockBegin(const BlockInfo &b) override;
  void onBlockEnd(const BlockInfo &b) override;
  void onWarpAccess(const WarpAccess &a) override;
  void onAsyncCopy(const AsyncCopyEvent &e) override;
  void onWgmma(const WgmmaEvent &e) override;

private:
  struct Tile {
    std::uintptr_t addr;
    std::uint32_t size, thread;
    std::uintptr_t pc;
    std::uint32_t site;
    std::vector<std::uintptr_t> stack; // the issuer's callers at the issue
  };
  struct Issues {
    std::uint64_t count = 0;
    std::uintptr_t pc = 0; // its first wgmma.mma_async
    std::uint32_t site = kNoSite, thread = 0;
    std::vector<std::uintptr_t> stack; // the issuer's callers at the issue
  };
  struct Slot {
    std::vector<Tile> tiles;   // read by a wgmma in flight
    std::vector<Issues> warps; // wgmma.mma_async issued, per warp
  };
  Slot &slotOf(const BlockInfo *b);

  ObserverContext &cx_;
  std::vector<Slot> slots_;
  FindingTable<> table_;
};

} // namespace warpsim::sim
