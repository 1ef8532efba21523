// Memory errors a GPU would fault on or silently corrupt: accesses outside
// the accessed allocation, outside the block's shared variables and dynamic
// shared memory, to freed memory, or misaligned. Checked on the lane before
// the access happens (AccessGuard). With --memory-error abort, like
// compute-sanitizer's memcheck, the finding ends the launch with
// cudaErrorIllegalAddress (or cudaErrorMisalignedAddress), never a crash of
// warpsim; with continue (check's default) the access is suppressed and the
// launch goes on, so that later bugs are found in the same run.
#pragma once

#include "AccessGuard.h"
#include "FindingTable.h"
#include "MemoryMap.h"
#include "Observer.h"
#include "ParallelSlot.h"

#include <algorithm>
#include <vector>

namespace warpsim::sim {
class ObserverContext;

class MemoryChecker final : public Observer, public AccessGuard {
public:
  explicit MemoryChecker(ObserverContext &cx) : cx_(cx) {}
  unsigned interests() const override { return kEverything & ~kAccesses; }
  bool check(const BlockInfo &block, std::uintptr_t addr, std::uint32_t size, AccessKind kind,
             MemorySpace space, Finding *f, cudaError_t *error) override;
  void suppressed(Finding f) override;
  // It only reads what blocks share (allocations, the shared layout); a
  // violation is reported in a serial phase (BlockExecutor::access).
  bool blockParallel() const override { return true; }
  // A direct launch asks the guard at every access (check above).
  bool silentOnDirect() const override { return true; }
  void onFree(std::uintptr_t, std::size_t) override { forget(); }
  void onLaunchBegin(const LaunchInfo &l) override {
    last_.resize(std::max<std::size_t>(l.slots, 1) + 1);
    forget();
  }
  void onLaunchEnd(const LaunchInfo &l) override;
  // Device heap: bad frees (double free, not a heap block) and leaks.
  void onHeapFree(const HeapFree &e) override;
  void onDeviceReset() override;

private:
  bool global(std::uintptr_t addr, std::uint32_t size, Finding *f);
  // Where a device-heap block was made (and released), for a finding on it.
  void heapSites(const Allocation &a, Finding &f) const;
  bool shared(const BlockInfo &b, std::uintptr_t addr, std::uint32_t size, Finding *f);
  // --leak-check full: cudaMalloc memory never freed, one finding per
  // allocating call (each allocation reported once, at a reset or at exit).
  void reportAllocationLeaks();
  std::uint64_t leaksReportedUpTo_ = 0; // allocation ids already reported

  // The live allocation last found, per resident slot in parallel phases
  // (entry 0: everyone else).
  // A cache line each: host threads update theirs at every miss.
  struct alignas(64) Last {
    std::uintptr_t lo = 0, hi = 0;
  };
  Last &last() {
    const auto i = static_cast<std::size_t>(parallelSlot() + 1);
    return i < last_.size() ? last_[i] : last_[0];
  }
  void forget() { std::fill(last_.begin(), last_.end(), Last{}); }

  ObserverContext &cx_;
  std::vector<Last> last_ = std::vector<Last>(1);
  FindingTable<> table_; // suppressed accesses, by kind and site
};

} // namespace warpsim::sim
