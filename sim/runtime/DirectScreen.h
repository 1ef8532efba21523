// A checker's judgement of the accesses of a launch on the compiled
// engine's direct path under `check` (GridRunner: "checked"), made where
// each access happens. Such a launch delivers no events to the checkers
// that screen or are silent on it (Observer::silentOnDirect): if none of
// them could report anything, the launch stands as it ran; at the first
// access a screen rejects, the launch is undone and runs again on fibers,
// where the checker sees everything and reports what it finds. A screen
// only judges: it never schedules.
#pragma once

#include <cstdint>

#include "Observer.h"

namespace warpsim::sim {

class DirectScreen {
public:
  // A direct launch begins (before any of its blocks).
  virtual void beginDirectLaunch() = 0;
  // A block of it begins running on the direct path.
  virtual void beginDirectBlock(const BlockInfo &b) = 0;
  // A thread of `b` makes this access (an atomic: kind Atomic, atomicLoad
  // for one that only reads). False: the checker might report on it.
  virtual bool directAccess(const BlockInfo &b, std::uintptr_t addr, std::uint32_t size,
                            AccessKind kind, MemorySpace space) = 0;
  // The direct launch ended: `kept` if it stands, false if it was undone
  // (it runs again on fibers, where the checker hears all of it).
  virtual void endDirectLaunch(bool kept) = 0;

protected:
  ~DirectScreen() = default;
};

} // namespace warpsim::sim
