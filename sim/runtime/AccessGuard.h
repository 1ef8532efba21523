// A checker that validates every access on the lane before it happens (the
// memory checker, see sim/checks/). A violation ends the launch with a
// finding and a CUDA error, as compute-sanitizer's memcheck does, or, under
// --memory-error continue, the engine suppresses the access and hands the
// finding back (`suppressed`) to be reported when the launch ends. It only
// judges; it never schedules.
#pragma once

#include <cstdint>

#include "Findings.h"
#include "Observer.h"

namespace warpsim::sim {

class AccessGuard {
public:
  // An access of a thread of `block`. Returns false if the access is invalid. The first call passes
  // no finding (nothing is built for the valid accesses of the hot path); only after a false does
  // the engine call again with `f` and `error` to fill.
  virtual bool check(const BlockInfo &block, std::uintptr_t addr, std::uint32_t size,
                     AccessKind kind, MemorySpace space, Finding *f, cudaError_t *error) = 0;
  // The launch goes on without the access `f` describes.
  virtual void suppressed(Finding f) = 0;

protected:
  ~AccessGuard() = default;
};

} // namespace warpsim::sim
