// What a checker or profiler may ask of the engine besides its events: a
// narrow, read-only view of the device (plus the finding sink), never the
// Runtime. The runtime implements it (Runtime.cpp); unit tests give their
// own (tests/unit/test_race_detector.cpp).
#pragma once

#include <cstdint>
#include <vector>

#include "Findings.h"
#include "MemoryMap.h"
#include "Observer.h"
#include "Options.h"
#include "warpsim/model/ArchSpec.h"

namespace warpsim::sim {

class ObserverContext {
public:
  virtual const Options &options() const = 0;
  virtual const model::ArchSpec &arch() const = 0;
  // Where findings go (FindingTable::flush at onLaunchEnd).
  virtual FindingSink &findings() = 0;
  // Device memory: allocations, symbols, the global region and the
  // shared-memory windows by resident slot.
  virtual const MemoryMap &memory() const = 0;
  // The block resident in `slot`, nullptr if none (a peer's shared window).
  virtual const BlockInfo *blockInSlot(std::uint32_t slot) const = 0;
  // The device heap: the block whose base is `base` (live or freed), and
  // those still live.
  virtual const HeapBlock *heapBlock(std::uintptr_t base) const = 0;
  virtual std::vector<const HeapBlock *> liveHeapBlocks() const = 0;
  // This launch's checkers run beside each other in parallel phases
  // (--jobs, Observer::blockParallel).
  virtual bool checkersParallel() const = 0;
  // The order between streams (StreamClocks.h): whether operation `op`
  // (LaunchInfo::stream_op, LibraryAccess::op) has finished before the
  // latest issued one starts, and whether any stream but the legacy one
  // is in use.
  virtual bool streamOrdered(std::uint64_t /*op*/) const { return true; }
  virtual bool streamsInUse() const { return false; }

protected:
  ~ObserverContext() = default;
};

} // namespace warpsim::sim
