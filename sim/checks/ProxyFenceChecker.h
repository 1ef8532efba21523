// The generic -> async proxy rule (PTX memory model, proxies): bytes a thread
// wrote with ordinary stores (the generic proxy) and a bulk copy then reads
// or overwrites (the async proxy: cp.async.bulk) need a fence.proxy.async
// between the write and the copy's issue, by the writer or by the issuing
// thread after it has synchronised with the writer. Without it the copy may
// see the bytes from before the write. Checked for shared memory: each
// granule keeps its last generic write (thread, site, order number); each
// thread the order number of its last proxy fence covering shared memory.
#pragma once

#include <cstdint>
#include <vector>

#include "FindingTable.h"
#include "Observer.h"

namespace warpsim::sim {
class Runtime;

class ProxyFenceChecker final : public Observer {
public:
  explicit ProxyFenceChecker(Runtime &rt);
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
    std::uintptr_t pc = 0;
  };
  struct Slot {
    std::uint32_t generation = 0;
    std::uint32_t order = 0;
    std::vector<Write> granules;       // 4 bytes each, from smem_base
    std::vector<std::uint32_t> fences; // per thread: order of its last proxy fence
  };
  Slot &slotOf(const BlockInfo *b);
  void checkRange(const AsyncCopyEvent &e, std::uintptr_t addr, std::uint32_t size, bool read);

  Runtime &rt_;
  std::vector<Slot> slots_; // per resident slot
  FindingTable<> table_;
};

} // namespace warpsim::sim
