// Happens-before race detection on GPU threads, per 4-byte granule of
// memory: the last write and the last two reads of each granule, each with
// the thread that made it and that thread's epoch. Two accesses to the same
// byte, at least one a write, not both atomic, race unless one happens
// before the other:
//  * the same thread (program order);
//  * an earlier kernel launch (the shadow page's generation: a launch
//    boundary orders everything);
//  * the same block and an earlier barrier (barrier intervals);
//  * the same warp, a different warp instruction, under the warp-synchronous
//    thread model (pre-Volta lockstep warps);
//  * knowledge from release/acquire synchronisation (SyncClock).
//
// Epochs: a warp counts its instructions; when a block barrier completes,
// every warp of the block moves on to one common epoch, the barrier's, so
// "before the barrier" is "epoch below the barrier's" for any warp.
//
// Exact per byte: a granule accessed only as a whole keeps one cell; the
// first access to part of it splits it, and each byte gets a cell of its own
// (overflow cells of the shadow page).
//
// Pure state: the runtime's RaceDetector feeds it and turns hazards into
// findings.
#pragma once

#include <cstdint>
#include <vector>

#include "warpsim/model/ClusterShape.h"
#include "warpsim/model/SyncClock.h"

namespace warpsim::model {

enum class Hazard : std::uint8_t { None, ReadAfterWrite, WriteAfterRead, WriteAfterWrite };

// The atomic kind of an access: not atomic, atomic at device (or system)
// scope, a block-scope atomic (atomicAdd_block), atomic only among its own
// block, or a cluster-scope one (.cluster), atomic among its cluster's
// blocks. (A thread-scope atomic is not atomic with any other thread: it is
// recorded as kNotAtomic.)
enum : std::uint8_t { kNotAtomic = 0, kAtomic = 1, kBlockAtomic = 2, kClusterAtomic = 3 };

// Two accesses to the same bytes that are both atomic do not race when each
// one's scope includes the other's thread (PTX: they are morally strong):
// a block-scope atomic includes only the threads of its own block, a
// cluster-scope one those of its own cluster.
inline bool morallyStrong(std::uint8_t x, std::uint8_t y, bool sameBlock, bool sameCluster) {
  if (x == kNotAtomic || y == kNotAtomic)
    return false;
  if (sameBlock)
    return true;
  if (x == kBlockAtomic || y == kBlockAtomic)
    return false;
  return sameCluster || (x != kClusterAtomic && y != kClusterAtomic);
}

// One remembered access.
struct AccessRecord {
  std::uint32_t thread = 0; // global thread id (block * threadsPerBlock + tid)
  std::uint32_t epoch = 0;  // the thread's epoch at the access; 0: none
  std::uint16_t site = 0;   // where in the program (the detector's site table)
  std::uint8_t atomic = kNotAtomic;
};

// A granule's history in 32 bytes: slot 0 the last write, slots 1 and 2 the
// last two reads. Reads are never atomic (an atomic load is an atomic
// access, remembered as the write). A split granule's cell holds only the
// index of its four byte cells in the page's overflow.
struct RaceCell {
  static constexpr int kReads = 2;
  std::uint32_t thread[1 + kReads];
  std::uint32_t epoch[1 + kReads];
  std::uint16_t site[1 + kReads];
  std::uint8_t atomic; // the write's kind
  std::uint8_t split;  // 1: the bytes' cells start at overflow[thread[0]]

  bool empty(int slot) const { return epoch[slot] == 0; }
  AccessRecord record(int slot) const {
    return {thread[slot], epoch[slot], site[slot],
            slot == 0 ? atomic : static_cast<std::uint8_t>(kNotAtomic)};
  }
  void set(int slot, const AccessRecord &r) {
    thread[slot] = r.thread;
    epoch[slot] = r.epoch;
    site[slot] = r.site;
    if (slot == 0)
      atomic = r.atomic;
  }
};
static_assert(sizeof(RaceCell) == 32, "the race shadow is 32 bytes per 4-byte granule");

// What a shadow page keeps besides its cells: the byte cells of its split
// granules, four each.
struct RacePage {
  std::vector<RaceCell> bytes;
};

// The thread making an access, and what orders it.
struct Accessor {
  std::uint32_t thread; // global id
  std::uint32_t block;
  std::uint32_t epoch;        // the warp's epoch now
  std::uint32_t barrierEpoch; // epoch of the block's last barrier (0: none yet)
  std::uint32_t gridEpoch;    // epoch of the grid's last grid.sync() (0: none yet)
  std::uint32_t threadsPerBlock;
  std::uint32_t warpSize;
  bool warpSynchronous;
  const SyncClock *threadClock; // acquired since the last barrier
  const SyncClock *blockClock;  // acquired by the block up to the last barrier
  // Per lane of the warp: epoch of the last __syncwarp (or *_sync op) this
  // lane took part in together with it; nullptr if none.
  const std::uint32_t *warpSync;
  // The launch's clusters (the default: every block its own cluster).
  ClusterShape clusters{};

  bool orderedAfter(const AccessRecord &r) const {
    if (r.thread == thread || r.epoch < gridEpoch)
      return true;
    const std::uint32_t rblock = r.thread / threadsPerBlock;
    if (rblock == block) {
      if (r.epoch < barrierEpoch)
        return true;
      const std::uint32_t rtid = r.thread % threadsPerBlock;
      if (rtid / warpSize == (thread % threadsPerBlock) / warpSize) {
        if (warpSynchronous && r.epoch != epoch)
          return true;
        if (warpSync != nullptr && warpSync[rtid % warpSize] > r.epoch)
          return true;
      }
    }
    return (threadClock != nullptr && threadClock->covers(rblock, r.thread, r.epoch)) ||
           (blockClock != nullptr && blockClock->covers(rblock, r.thread, r.epoch));
  }

  bool sameBlock(const AccessRecord &r) const { return r.thread / threadsPerBlock == block; }
  bool sameCluster(const AccessRecord &r) const {
    return clusters.clusterOfLinear(r.thread / threadsPerBlock) == clusters.clusterOfLinear(block);
  }

  AccessRecord record(std::uint8_t atomic, std::uint16_t site) const {
    return {thread, epoch, site, atomic};
  }
};

// Checks one access against one cell (a whole granule, or one byte of a
// split one), calls `onHazard(Hazard, const AccessRecord &prior)` for every
// racing prior access, then records the access.
template <class OnHazard>
inline void raceAccess(RaceCell &c, const Accessor &a, bool write, std::uint8_t atomic,
                       std::uint16_t site, OnHazard &&onHazard) {
  if (!c.empty(0)) {
    const AccessRecord w = c.record(0);
    if (!morallyStrong(atomic, w.atomic, a.sameBlock(w), a.sameCluster(w)) && !a.orderedAfter(w))
      onHazard(write ? Hazard::WriteAfterWrite : Hazard::ReadAfterWrite, w);
  }
  if (write) {
    for (int s = 1; s <= RaceCell::kReads; ++s)
      if (!c.empty(s) && !a.orderedAfter(c.record(s)))
        onHazard(Hazard::WriteAfterRead, c.record(s));
    c.set(0, a.record(atomic, site));
    // Reads before this write either raced (reported) or are ordered
    // before it: later accesses need only check the write.
    for (int s = 1; s <= RaceCell::kReads; ++s)
      c.epoch[s] = 0;
    return;
  }
  // Keep two readers: replace this thread's own record, else an empty one or
  // one ordered before this read, else the older one.
  const AccessRecord rec = a.record(kNotAtomic, site);
  for (int s = 1; s <= RaceCell::kReads; ++s)
    if (!c.empty(s) && c.thread[s] == a.thread) {
      c.set(s, rec);
      return;
    }
  for (int s = 1; s <= RaceCell::kReads; ++s)
    if (c.empty(s) || a.orderedAfter(c.record(s))) {
      c.set(s, rec);
      return;
    }
  c.set(2, c.record(1));
  c.set(1, rec);
}

// Checks and records an access to the bytes `mask` (bit i: byte i) of a
// granule: its cell `c` and the page's overflow cells. Calls
// `onHazard(Hazard, const AccessRecord &prior, std::uint8_t bytes)` once per
// racing prior access, with the bytes it shares with this one.
template <class OnHazard>
inline void raceAccessGranule(RaceCell &c, std::vector<RaceCell> &overflow, std::uint8_t mask,
                              const Accessor &a, bool write, std::uint8_t atomic,
                              std::uint16_t site, OnHazard &&onHazard) {
  if (mask == 0xf && c.split == 0) {
    raceAccess(c, a, write, atomic, site,
               [&](Hazard h, const AccessRecord &prior) { onHazard(h, prior, mask); });
    return;
  }
  if (c.split == 0) {
    // Until now every access took the whole granule: each byte inherits
    // the granule's history.
    const auto index = static_cast<std::uint32_t>(overflow.size());
    overflow.insert(overflow.end(), 4, c);
    c = RaceCell{};
    c.split = 1;
    c.thread[0] = index;
  }
  // One prior access seen on several bytes is one hazard.
  struct Seen {
    AccessRecord prior;
    Hazard h;
    std::uint8_t bytes;
  };
  Seen seen[4 * (1 + RaceCell::kReads)];
  int count = 0;
  RaceCell *bytes = &overflow[c.thread[0]];
  for (unsigned i = 0; i < 4; ++i) {
    if ((mask & (1u << i)) == 0)
      continue;
    raceAccess(bytes[i], a, write, atomic, site, [&](Hazard h, const AccessRecord &prior) {
      for (int k = 0; k < count; ++k)
        if (seen[k].h == h && seen[k].prior.thread == prior.thread &&
            seen[k].prior.epoch == prior.epoch && seen[k].prior.site == prior.site) {
          seen[k].bytes = static_cast<std::uint8_t>(seen[k].bytes | (1u << i));
          return;
        }
      seen[count++] = {prior, h, static_cast<std::uint8_t>(1u << i)};
    });
  }
  for (int k = 0; k < count; ++k)
    onHazard(seen[k].h, seen[k].prior, seen[k].bytes);
}

} // namespace warpsim::model
