// A resident block's part in deterministic parallel rounds (--jobs;
// ParallelRounds.cpp drives it). Classic: the one-thread engine. Parallel:
// the block runs on its host thread beside others and may touch only what
// GranuleOwners allows; a warp instruction that needs more is deferred to
// the Serial phase, where blocks run one at a time in round order and
// ownership moves. Direct: a block of a direct launch running on a host
// worker beside others (DirectBlocks.cpp): it counts its own progress.
#pragma once

#include <cstdint>
#include <string>

namespace warpsim::sim {

struct Warp;

struct RoundState {
  enum class Phase : std::uint8_t { Classic, Parallel, Serial, Direct };
  Phase phase = Phase::Classic;
  Warp *deferredWarp = nullptr; // the instruction the parallel phase stopped at
  std::uint64_t deferredGroup = 0;
  bool serialOnly = false;    // this round entirely in the serial phase
  bool turnProgress = false;  // this round's turn ran something
  bool turnDone = false;      // this round's turn is over
  std::uint32_t turnFrom = 0; // the warp its turn goes on with
  // The deferred instruction's place in its warp's quantum, and where that
  // warp's step goes on (LockstepSchedule::step).
  unsigned deferredAt = 0, quantumFrom = 0;
  bool progressedInPhase = false;
  bool changedInPhase = false;     // by progress(), not only notSpinning()
  std::uint64_t phaseSteps = 0;    // warp instructions without progress this round
  std::uint64_t sinceProgress = 0; // the grid's count, then this block's
  std::uint64_t sinceChange = 0;   // the same for GridRunner::sinceChange
  std::string printfOut;           // this round's device printf, flushed in round order

  bool classic() const { return phase == Phase::Classic; }
  bool inParallelPhase() const { return phase == Phase::Parallel; }
  bool inSerialPhase() const { return phase == Phase::Serial; }
  bool deferred() const { return deferredWarp != nullptr; }

  // The block is admitted: parallel rounds or the one-thread engine.
  void admit(bool parallel) {
    phase = parallel ? Phase::Parallel : Phase::Classic;
    deferredWarp = nullptr;
    printfOut.clear();
  }
  // A round begins; `copiesInFlight`: the whole turn runs in the serial
  // phase (a landing reads memory: only where nothing else runs).
  void begin(std::uint64_t gridSinceProgress, std::uint64_t gridSinceChange, bool copiesInFlight) {
    phase = Phase::Parallel;
    deferredWarp = nullptr;
    serialOnly = copiesInFlight;
    turnProgress = false;
    turnDone = false;
    turnFrom = 0;
    quantumFrom = 0;
    progressedInPhase = changedInPhase = false;
    phaseSteps = 0;
    sinceProgress = gridSinceProgress;
    sinceChange = gridSinceChange;
  }
  void defer(Warp *w, std::uint64_t group) {
    deferredWarp = w;
    deferredGroup = group;
  }
};

} // namespace warpsim::sim
