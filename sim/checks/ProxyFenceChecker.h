// The generic -> async proxy rule (PTX memory model, proxies): bytes a thread
// wrote with ordinary stores (the generic proxy) and a bulk copy then reads
// or overwrites (the async proxy: cp.async.bulk) need a fence.proxy.async
// between the write and the copy's issue, by the writer or by the issuing
// thread after it has synchronised with the writer. Without it the copy may
// see the bytes from before the write. Checked for shared memory (each
// granule keeps its last generic write: thread, site, order number; each
// thread the order number of its last proxy fence covering shared memory)
// and for global memory within a launch (the same in a flat shadow, with
// launch-wide order numbers, since writer and copy may be in different
// blocks; a launch boundary orders both proxies).
//
// The same shadow serves the tensormap proxy: a tensor copy whose map in
// global memory was written in this launch through the generic proxy (by
// tensormap.replace or by stores) needs a fence.proxy.tensormap::generic.release
// by the writer after the write and a fence.proxy.tensormap::generic.acquire
// by the copying thread after it (PTX memory model, tensormap proxy); without
// either the copy may use the map from before the write: a tensormap-proxy
// finding. The acquire's address is not compared with the map's.
//
// The same global shadow serves the texture proxy: a texture fetch of bytes
// written earlier in the same launch (by any thread, through a pointer or a
// surface) may return the bytes from before the write, since the texture
// cache is not coherent with writes within a kernel and no fence orders
// them: a texture-misuse finding.
#pragma once

#include <cstdint>
#include <map>
#include <tuple>
#include <unordered_map>
#include <utility>
#include <vector>

#include "FindingTable.h"
#include "Observer.h"
#include "warpsim/model/ShadowMemory.h"

namespace warpsim::sim {
class ObserverContext;

class ProxyFenceChecker final : public Observer {
public:
  explicit ProxyFenceChecker(ObserverContext &cx);
  // Shared-memory state is per block; a parallel phase's global writes are
  // logged per block and recorded in round order when it ends (fences and
  // copies happen in serial phases).
  bool blockParallel() const override { return true; }
  // Async-proxy operations run on fibers (KernelTraits); a texture fetch
  // sends a checked direct launch back to fibers.
  bool silentOnDirect() const override { return true; }
  void onPhaseEnd(const std::vector<std::uint32_t> &slots) override;
  void onLaunchBegin(const LaunchInfo &l) override;
  void onLaunchEnd(const LaunchInfo &l) override;
  void onBlockBegin(const BlockInfo &b) override;
  void onWarpAccess(const WarpAccess &a) override;
  void onFence(const FenceEvent &e) override;
  void onAsyncCopy(const AsyncCopyEvent &e) override;

private:
  struct Write {
    std::uint32_t generation = 0; // the slot's block it belongs to
    std::uint32_t order = 0;
    std::uint32_t thread = 0;
    std::uint32_t site = kNoSite; // the static site id taken with `pc`
    std::uintptr_t pc = 0;
  };
  struct Slot {
    std::uint32_t generation = 0;
    std::uint32_t order = 0;
    std::vector<Write> granules;       // 4 bytes each, from smem_base
    std::vector<std::uint32_t> fences; // per thread: order of its last proxy fence
    const BlockInfo *block = nullptr;  // the resident block
    // A cluster peer's thread (its rank, thread) -> this slot's order when
    // it last made a proxy fence covering shared memory: it covers this
    // slot's writes up to there for the copies it issues into this CTA
    // (multicast, shared::cluster destinations).
    std::map<std::pair<std::uint32_t, std::uint32_t>, std::uint32_t> peerFences;
  };
  // The last generic write to a 16-byte granule of global memory (bulk
  // copies move whole aligned 16-byte chunks): 16 bytes of shadow per 16.
  struct GlobalWrite {
    std::uint32_t order = 0; // 0: none in this launch
    std::uint32_t thread = 0;
    std::uint32_t block = 0;
    std::uint32_t site = 0; // index into sitePcs_
  };
  // A global write of a parallel phase, until the phase ends.
  struct LoggedWrite {
    std::uintptr_t addr, pc;
    std::uint32_t size, thread, block, site;
    bool first; // the first lane of its warp instruction
  };
  Slot &slotOf(const BlockInfo *b);
  // The site index of `pc` (lastSite_), with its static site.
  void siteOf(std::uintptr_t pc, std::uint32_t site);
  void recordGlobal(std::uintptr_t addr, std::uint32_t size, const GlobalWrite &w);
  void checkRange(const AsyncCopyEvent &e, std::uintptr_t addr, std::uint32_t size, bool read);
  // checkRange for bytes in a cluster peer's shared memory.
  void checkPeerRange(const AsyncCopyEvent &e, std::uintptr_t addr, std::uint32_t size, bool read);
  void checkGlobal(const AsyncCopyEvent &e, std::uintptr_t addr, std::uint32_t size, bool read);
  void checkTexture(const WarpAccess &a);
  void checkTensorMap(const WarpAccess &a);
  void reportTexture(const WarpAccess &a, const LaneAccess &la, std::uint64_t writerBlock,
                     std::uint32_t writer, std::uintptr_t writerPc, std::uint32_t writerSite);
  void report(const AsyncCopyEvent &e, bool read, MemorySpace space, std::uintptr_t at,
              const BlockInfo *writerBlock, std::uint64_t writerLinear, std::uint32_t writer,
              std::uintptr_t writerPc, std::uint32_t writerSite);

  ObserverContext &cx_;
  std::vector<Slot> slots_;                    // per resident slot
  std::vector<std::vector<LoggedWrite>> logs_; // per resident slot
  model::ShadowMemory<GlobalWrite, 4> global_;
  model::ShadowMemory<GlobalWrite, 4>::Cache textureCache_; // serial phases only
  std::vector<std::uintptr_t> sitePcs_;                     // of the launch's global writes
  std::vector<std::uint32_t> siteStatic_;                   // their static site ids
  std::unordered_map<std::uintptr_t, std::uint32_t> siteIds_;
  std::uintptr_t lastPc_ = 0;
  std::uint32_t lastSite_ = 0;
  std::uint32_t launch_ = 0, globalOrder_ = 0;
  // Per thread (block linear index, thread): order of its last proxy fence
  // covering global memory (fences are rare; looked up only on a finding).
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::uint32_t> globalFences_;
  // The same for fence.proxy.tensormap::generic.release, and for .acquire
  // per map (block, thread, the map's address; 0: a fence of several lanes
  // together, which covers any map).
  std::map<std::pair<std::uint64_t, std::uint32_t>, std::uint32_t> tensormapReleases_;
  std::map<std::tuple<std::uint64_t, std::uint32_t, std::uintptr_t>, std::uint32_t>
      tensormapAcquires_;
  FindingTable<> table_;
};

} // namespace warpsim::sim
