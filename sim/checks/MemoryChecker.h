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

namespace warpsim::sim {
class Runtime;

class MemoryChecker final : public Observer, public AccessGuard {
public:
  explicit MemoryChecker(Runtime &rt) : rt_(rt) {}
  bool check(const Lane &l, std::uintptr_t addr, std::uint32_t size, AccessKind kind,
             MemorySpace space, Finding *f, cudaError_t *error) override;
  void suppressed(Finding f) override;
  void onFree(std::uintptr_t, std::size_t) override { lo_ = hi_ = 0; }
  void onLaunchBegin(const LaunchInfo &) override { lo_ = hi_ = 0; }
  void onLaunchEnd(const LaunchInfo &l) override;
  // Device heap: bad frees (double free, not a heap block) and leaks.
  void onHeapFree(const HeapFree &e) override;
  void onDeviceReset() override;

private:
  bool global(std::uintptr_t addr, std::uint32_t size, Finding *f);
  // Where a device-heap block was made (and released), for a finding on it.
  void heapSites(const Allocation &a, Finding &f) const;
  bool shared(const Lane &l, std::uintptr_t addr, std::uint32_t size, Finding *f);

  Runtime &rt_;
  std::uintptr_t lo_ = 0, hi_ = 0; // the live allocation last found
  FindingTable<> table_;           // suppressed accesses, by kind and site
};

} // namespace warpsim::sim
