// Happens-before race detection on GPU threads, per 4-byte granule of
// memory: the last write and the last two reads of each granule, each with
// the epoch of the thread that made it. Two accesses to overlapping bytes,
// at least one a write, not both atomic, race unless one happens before the
// other:
//  * the same thread (program order);
//  * an earlier kernel launch (a launch boundary orders everything);
//  * the same block and an earlier barrier phase (barrier intervals);
//  * the same warp, a different warp instruction, under the warp-synchronous
//    thread model (pre-Volta lockstep warps);
//  * knowledge from release/acquire synchronisation (SyncClock).
// Pure state: the runtime's RaceDetector feeds it and turns hazards into
// findings.
#pragma once

#include <cstdint>

#include "warpsim/model/SyncClock.h"

namespace warpsim::model {

enum class Hazard : std::uint8_t { None, ReadAfterWrite, WriteAfterRead, WriteAfterWrite };

// AccessRecord::atomic: not atomic, atomic at device (or system) scope, or
// a block-scope atomic (atomicAdd_block), atomic only among its own block.
enum : std::uint8_t { kNotAtomic = 0, kAtomic = 1, kBlockAtomic = 2 };

// Two accesses to the same bytes that are both atomic do not race when each
// one's scope includes the other's thread (PTX: they are morally strong):
// a block-scope atomic includes only the threads of its own block.
inline bool morallyStrong(std::uint8_t x, std::uint8_t y, bool sameBlock) {
  return x != kNotAtomic && y != kNotAtomic &&
         (sameBlock || (x != kBlockAtomic && y != kBlockAtomic));
}

struct AccessRecord {
  std::uint32_t gen = 0;      // launch generation; 0: empty
  std::uint32_t thread = 0;   // global thread id (block * threadsPerBlock + tid)
  std::uint32_t phase = 0;    // block barrier phase at the access
  std::uint32_t releases = 0; // the thread's release count at the access
  std::uint32_t instr = 0;    // the warp's instruction number
  std::uint8_t mask = 0;      // bytes of the granule touched
  std::uint8_t atomic = 0;    // kNotAtomic, kAtomic or kBlockAtomic
  std::uint16_t pad = 0;
  std::uintptr_t pc = 0;
};

struct RaceCell {
  AccessRecord write;
  AccessRecord reads[2];
};

// The thread making an access, and what orders it.
struct Accessor {
  std::uint32_t gen;
  std::uint32_t thread; // global id
  std::uint32_t block;
  std::uint32_t phase;
  std::uint32_t releases;
  std::uint32_t instr;
  std::uint32_t threadsPerBlock;
  std::uint32_t warpSize;
  bool warpSynchronous;
  const SyncClock *threadClock; // acquired since the last barrier
  const SyncClock *blockClock;  // acquired by the block up to the last barrier
  // Per lane of the warp: instruction number of the last __syncwarp (or
  // *_sync op) this lane took part in together with it; nullptr if none.
  const std::uint32_t *warpSync;

  bool orderedAfter(const AccessRecord &r) const {
    if (r.gen != gen || r.thread == thread)
      return true;
    const std::uint32_t rblock = r.thread / threadsPerBlock;
    if (rblock == block) {
      if (r.phase < phase)
        return true;
      const std::uint32_t rtid = r.thread % threadsPerBlock;
      if (rtid / warpSize == (thread % threadsPerBlock) / warpSize) {
        if (warpSynchronous && r.instr != instr)
          return true;
        if (warpSync != nullptr && warpSync[rtid % warpSize] > r.instr)
          return true;
      }
    }
    return (threadClock != nullptr && threadClock->covers(rblock, r.phase, r.thread, r.releases)) ||
           (blockClock != nullptr && blockClock->covers(rblock, r.phase, r.thread, r.releases));
  }

  bool sameBlock(const AccessRecord &r) const { return r.thread / threadsPerBlock == block; }

  AccessRecord record(std::uint8_t mask, std::uint8_t atomic, std::uintptr_t pc) const {
    AccessRecord r;
    r.gen = gen;
    r.thread = thread;
    r.phase = phase;
    r.releases = releases;
    r.instr = instr;
    r.mask = mask;
    r.atomic = atomic;
    r.pc = pc;
    return r;
  }
};

// Checks one access of `mask` bytes against a granule's history, calls
// `onHazard(Hazard, const AccessRecord &prior)` for every racing prior
// access, then records the access.
template <class OnHazard>
inline void raceAccess(RaceCell &c, const Accessor &a, std::uint8_t mask, bool write,
                       std::uint8_t atomic, std::uintptr_t pc, OnHazard &&onHazard) {
  const AccessRecord &w = c.write;
  if (w.gen == a.gen && (w.mask & mask) != 0 && !morallyStrong(atomic, w.atomic, a.sameBlock(w)) &&
      !a.orderedAfter(w))
    onHazard(write ? Hazard::WriteAfterWrite : Hazard::ReadAfterWrite, w);
  if (write) {
    for (const AccessRecord &r : c.reads)
      if (r.gen == a.gen && (r.mask & mask) != 0 &&
          !morallyStrong(atomic, r.atomic, a.sameBlock(r)) && !a.orderedAfter(r))
        onHazard(Hazard::WriteAfterRead, r);
    c.write = a.record(mask, atomic, pc);
    // Reads before this write either raced (reported) or are ordered
    // before it: later accesses need only check the write.
    c.reads[0].gen = 0;
    c.reads[1].gen = 0;
    return;
  }
  // Keep two readers: replace this thread's own record, else one ordered
  // before this read, else the older one.
  AccessRecord rec = a.record(mask, atomic, pc);
  for (AccessRecord &r : c.reads)
    if (r.gen == a.gen && r.thread == a.thread) {
      r.mask |= mask;
      r.pc = pc;
      r.phase = a.phase;
      r.releases = a.releases;
      r.instr = a.instr;
      r.atomic = rec.atomic;
      return;
    }
  for (AccessRecord &r : c.reads)
    if (r.gen != a.gen || a.orderedAfter(r)) {
      r = rec;
      return;
    }
  c.reads[1] = c.reads[0];
  c.reads[0] = rec;
}

} // namespace warpsim::model
