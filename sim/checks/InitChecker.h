// Reads of memory nothing has written: device allocations never written by
// cudaMemcpy, cudaMemset or a kernel, and __shared__ memory never written in
// this block (the halo a tile forgot to fill). One bit per byte, in flat
// shadow memory for global memory and one bitmap per resident block's
// shared window.
#pragma once

#include <cstdint>
#include <vector>

#include "DirectScreen.h"
#include "FindingTable.h"
#include "Findings.h"
#include "Observer.h"
#include "warpsim/model/ShadowMemory.h"

namespace warpsim::sim {
class ObserverContext;

class InitChecker final : public Observer, public DirectScreen {
public:
  explicit InitChecker(ObserverContext &cx);
  // Shared bitmaps are per block; global bits are set atomically (a 64-byte
  // cell spans granules of several blocks) and only where the block owns
  // the bytes, read where no one writes them (--jobs).
  bool blockParallel() const override { return true; }
  void onPhaseEnd(const std::vector<std::uint32_t> &slots) override { table_.mergeShards(slots); }
  void onLaunchBegin(const LaunchInfo &l) override {
    launch_ = &l;
    slots_.resize(l.slots);
    caches_.resize(std::size_t{l.slots} + 1);
    table_.reserveShards(l.slots);
  }
  void onLaunchEnd(const LaunchInfo &) override;
  void onBlockBegin(const BlockInfo &) override;
  void onWarpAccess(const WarpAccess &) override;
  void onHostWrite(const HostWrite &) override;
  // A checked direct launch (DirectScreen.h): a read of bytes neither
  // initialised before the launch nor written in it sends it back to
  // fibers. What it writes is kept apart until it stands.
  bool silentOnDirect() const override { return true; }
  DirectScreen *directScreen() override { return this; }
  void beginDirectLaunch() override;
  void beginDirectBlock(const BlockInfo &b) override { onBlockBegin(b); }
  bool directAccess(const BlockInfo &b, std::uintptr_t addr, std::uint32_t size, AccessKind kind,
                    MemorySpace space) override;
  void endDirectLaunch(bool kept) override;

private:
  struct Slot {
    std::vector<std::uint64_t> bits; // one bit per byte of the shared window, as far as used
    std::size_t dirty = 0;           // bytes that may hold set bits
    bool used = false;               // a block of some launch began in this slot
  };
  // A shared access at `off` of the slot's window (within it): sets the
  // bits of a store; false if a load finds a byte no one wrote.
  static bool sharedAccess(Slot &s, std::uintptr_t off, std::uint32_t size, bool store);
  void markGlobal(std::uintptr_t a, std::size_t n);
  bool globalInit(std::uintptr_t a, std::uint32_t n);
  void report(const WarpAccess &a, const LaneAccess &lane);

  ObserverContext &cx_;
  const LaunchInfo *launch_ = nullptr;
  using GlobalBits = model::ShadowMemory<std::uint64_t, 6>; // bit i of a cell: byte i of 64
  GlobalBits global_;
  // By slot + 1, a cache line each (host threads update theirs at every lookup).
  struct alignas(64) SlotCache {
    GlobalBits::Cache cache;
  };
  std::vector<SlotCache> caches_ = std::vector<SlotCache>(1);
  GlobalBits::Cache &cache();
  std::vector<Slot> slots_;
  // Bytes a direct launch wrote, by generation (one per direct launch), and
  // the leaves it touched (GlobalBits' 64 KiB pages), merged into global_
  // when it stands.
  struct Listed {
    std::uint32_t gen = 0; // the direct launch that listed the leaf
  };
  using WrittenBits = model::ShadowMemory<std::uint64_t, 6, Listed>;
  // One per resident slot + 1 (blocks of a direct launch on several host
  // threads, ParallelSlot.h): a read needs only its own block's writes,
  // since one of another block's is a meeting the watch sends back anyway.
  struct alignas(64) Written {
    WrittenBits bits;
    WrittenBits::Cache cache;
    std::vector<std::pair<std::uintptr_t, WrittenBits::Page *>> pages;
  };
  std::vector<Written> written_;
  Written &written();
  std::uint32_t writtenGen_ = 0;
  FindingTable<> table_;
};

} // namespace warpsim::sim
