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
// (side entries of the shadow page).
//
// Storage (4 bytes of shadow per byte): a cell is 16 bytes, the last write
// and the last read each packed in 64 bits. The second read, needed only
// where two unordered threads read a granule, lives in the page's side table
// (the cell then holds its index). A record whose thread or epoch is too wide
// to pack moves its cell's whole history to a side entry of full-width
// records: exact whatever the values, only bigger.
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

  bool empty() const { return epoch == 0; }
};

// A granule's (or a byte's) history, unpacked: slot 0 the last write, slots
// 1 and 2 the last two reads. A read record keeps no atomic kind: an atomic
// load is recorded as a read, and the detector knows its kind by its site.
struct RaceHistory {
  static constexpr int kReads = 2;
  AccessRecord slot[1 + kReads];
};

// A record in 64 bits: bits 0-1 the atomic kind (a write) or the cell's form
// (the read word), 2-17 the site, then the thread and the epoch. A launch's
// global thread ids pass 2^24 only past 16M threads, a warp's epoch 2^22
// only past 4M memory instructions in one block: either goes to the wide
// form.
struct PackedRecord {
  static constexpr unsigned kThreadBits = 24, kEpochBits = 22;
  static constexpr std::uint32_t kMaxThread = (1u << kThreadBits) - 1;
  static constexpr std::uint32_t kMaxEpoch = (1u << kEpochBits) - 1;

  static bool fits(const AccessRecord &r) {
    return r.empty() || (r.thread <= kMaxThread && r.epoch <= kMaxEpoch);
  }
  // `low`: the two low bits (atomic kind or form). An empty record packs to
  // `low` alone.
  static std::uint64_t pack(const AccessRecord &r, std::uint8_t low) {
    if (r.empty())
      return low;
    return std::uint64_t{low} | std::uint64_t{r.site} << 2 | std::uint64_t{r.thread} << 18 |
           std::uint64_t{r.epoch} << (18 + kThreadBits);
  }
  static AccessRecord unpack(std::uint64_t w, std::uint8_t atomic) {
    AccessRecord r;
    r.epoch = static_cast<std::uint32_t>(w >> (18 + kThreadBits));
    r.thread = static_cast<std::uint32_t>(w >> 18) & kMaxThread;
    r.site = static_cast<std::uint16_t>(w >> 2);
    r.atomic = atomic;
    return r;
  }
};

// A granule's (or a byte's) cell, 16 bytes. The read word's two low bits say
// what the cell is:
//  * kInline: `write` the last write, `read` the last read (one reader);
//  * kTwoReads: `write` the last write, the two reads at the page's
//    reads[index] and reads[index + 1];
//  * kWide: the whole history at the page's wide[index] (a value too wide to
//    pack);
//  * kSplit: the granule's four byte cells at the page's bytes[index].
// The index is the read word's bits 2 and up. A cell keeps its side entry
// until its page is reset (a launch or block boundary), so a granule read
// by two threads over and over takes one entry.
struct RaceCell {
  enum Form : std::uint8_t { kInline = 0, kTwoReads = 1, kWide = 2, kSplit = 3 };
  std::uint64_t write = 0;
  std::uint64_t read = 0;

  Form form() const { return static_cast<Form>(read & 3); }
  std::size_t index() const { return static_cast<std::size_t>(read >> 2); }
  void setSide(Form f, std::size_t index) { read = std::uint64_t{index} << 2 | f; }
};
static_assert(sizeof(RaceCell) == 16, "the race shadow is 16 bytes per 4-byte granule");

// What a shadow page keeps besides its cells: its cells' side entries.
struct RacePage {
  std::vector<std::uint64_t> reads; // two packed reads per kTwoReads cell
  std::vector<RaceHistory> wide;    // a kWide cell's history
  std::vector<RaceCell> bytes;      // four byte cells per kSplit granule

  std::size_t sideBytes() const {
    return reads.capacity() * sizeof(std::uint64_t) + wide.capacity() * sizeof(RaceHistory) +
           bytes.capacity() * sizeof(RaceCell);
  }
};

// The history of cell `c` (not split).
inline RaceHistory loadHistory(const RaceCell &c, const RacePage &page) {
  RaceHistory h;
  switch (c.form()) {
  case RaceCell::kInline:
    h.slot[0] = PackedRecord::unpack(c.write, static_cast<std::uint8_t>(c.write & 3));
    h.slot[1] = PackedRecord::unpack(c.read, kNotAtomic);
    break;
  case RaceCell::kTwoReads:
    h.slot[0] = PackedRecord::unpack(c.write, static_cast<std::uint8_t>(c.write & 3));
    h.slot[1] = PackedRecord::unpack(page.reads[c.index()], kNotAtomic);
    h.slot[2] = PackedRecord::unpack(page.reads[c.index() + 1], kNotAtomic);
    break;
  default:
    h = page.wide[c.index()];
    break;
  }
  return h;
}

// Stores history `h` into cell `c` (not split), in the smallest form that
// holds it and never dropping a side entry the cell already has.
inline void storeHistory(RaceCell &c, RacePage &page, const RaceHistory &h) {
  if (c.form() == RaceCell::kWide) {
    page.wide[c.index()] = h;
    return;
  }
  if (!PackedRecord::fits(h.slot[0]) || !PackedRecord::fits(h.slot[1]) ||
      !PackedRecord::fits(h.slot[2])) {
    c.write = 0;
    c.setSide(RaceCell::kWide, page.wide.size());
    page.wide.push_back(h);
    return;
  }
  c.write = PackedRecord::pack(h.slot[0], h.slot[0].atomic);
  if (c.form() == RaceCell::kInline && h.slot[2].empty()) {
    c.read = PackedRecord::pack(h.slot[1], RaceCell::kInline);
    return;
  }
  if (c.form() == RaceCell::kInline) {
    c.setSide(RaceCell::kTwoReads, page.reads.size());
    page.reads.resize(page.reads.size() + 2);
  }
  page.reads[c.index()] = PackedRecord::pack(h.slot[1], 0);
  page.reads[c.index() + 1] = PackedRecord::pack(h.slot[2], 0);
}

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

// Checks one access against one history, calls `onHazard(Hazard, const
// AccessRecord &prior)` for every racing prior access, then records the
// access.
template <class OnHazard>
inline void raceAccess(RaceHistory &c, const Accessor &a, bool write, std::uint8_t atomic,
                       std::uint16_t site, OnHazard &&onHazard) {
  if (!c.slot[0].empty()) {
    const AccessRecord &w = c.slot[0];
    if (!morallyStrong(atomic, w.atomic, a.sameBlock(w), a.sameCluster(w)) && !a.orderedAfter(w))
      onHazard(write ? Hazard::WriteAfterWrite : Hazard::ReadAfterWrite, w);
  }
  if (write) {
    for (int s = 1; s <= RaceHistory::kReads; ++s)
      if (!c.slot[s].empty() && !a.orderedAfter(c.slot[s]))
        onHazard(Hazard::WriteAfterRead, c.slot[s]);
    c.slot[0] = a.record(atomic, site);
    // Reads before this write either raced (reported) or are ordered
    // before it: later accesses need only check the write.
    for (int s = 1; s <= RaceHistory::kReads; ++s)
      c.slot[s].epoch = 0;
    return;
  }
  // Keep two readers: replace this thread's own record, else an empty one or
  // one ordered before this read, else the older one.
  const AccessRecord rec = a.record(kNotAtomic, site);
  for (int s = 1; s <= RaceHistory::kReads; ++s)
    if (!c.slot[s].empty() && c.slot[s].thread == a.thread) {
      c.slot[s] = rec;
      return;
    }
  for (int s = 1; s <= RaceHistory::kReads; ++s)
    if (c.slot[s].empty() || a.orderedAfter(c.slot[s])) {
      c.slot[s] = rec;
      return;
    }
  c.slot[2] = c.slot[1];
  c.slot[1] = rec;
}

// The same on cell `c` (not split) of `page`.
template <class OnHazard>
inline void raceAccess(RaceCell &c, RacePage &page, const Accessor &a, bool write,
                       std::uint8_t atomic, std::uint16_t site, OnHazard &&onHazard) {
  if (c.write == 0 && c.read == 0) {
    // The first access since the page's reset (most granules see one):
    // nothing to race with, the record goes straight into the cell.
    const AccessRecord rec = a.record(write ? atomic : kNotAtomic, site);
    if (PackedRecord::fits(rec)) {
      if (write)
        c.write = PackedRecord::pack(rec, atomic);
      else
        c.read = PackedRecord::pack(rec, RaceCell::kInline);
      return;
    }
  }
  RaceHistory h = loadHistory(c, page);
  raceAccess(h, a, write, atomic, site, onHazard);
  storeHistory(c, page, h);
}

// Checks and records an access to the bytes `mask` (bit i: byte i) of a
// granule: its cell `c` and the side entries of its page. Calls
// `onHazard(Hazard, const AccessRecord &prior, std::uint8_t bytes)` once per
// racing prior access, with the bytes it shares with this one.
template <class OnHazard>
inline void raceAccessGranule(RaceCell &c, RacePage &page, std::uint8_t mask, const Accessor &a,
                              bool write, std::uint8_t atomic, std::uint16_t site,
                              OnHazard &&onHazard) {
  if (mask == 0xf && c.form() != RaceCell::kSplit) {
    raceAccess(c, page, a, write, atomic, site,
               [&](Hazard h, const AccessRecord &prior) { onHazard(h, prior, mask); });
    return;
  }
  if (c.form() != RaceCell::kSplit) {
    // Until now every access took the whole granule: each byte inherits
    // the granule's history (and gets side entries of its own).
    const RaceHistory h = loadHistory(c, page);
    const std::size_t index = page.bytes.size();
    page.bytes.resize(index + 4);
    for (std::size_t i = 0; i < 4; ++i)
      storeHistory(page.bytes[index + i], page, h);
    c.write = 0;
    c.setSide(RaceCell::kSplit, index);
  }
  // One prior access seen on several bytes is one hazard.
  struct Seen {
    AccessRecord prior;
    Hazard h;
    std::uint8_t bytes;
  };
  Seen seen[4 * (1 + RaceHistory::kReads)];
  int count = 0;
  const std::size_t first = c.index();
  for (unsigned i = 0; i < 4; ++i) {
    if ((mask & (1u << i)) == 0)
      continue;
    // By index: the byte cell's vector does not move, but stay safe.
    raceAccess(page.bytes[first + i], page, a, write, atomic, site,
               [&](Hazard h, const AccessRecord &prior) {
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

// Checks a read of the bytes `mask` of a granule against its last writes
// without recording it (the record follows later, raceAccessGranule with no
// hazards to report): `onHazard(Hazard, const AccessRecord &prior,
// std::uint8_t bytes)` once per racing write. Reads race only with writes,
// so this needs nothing another reader changes.
template <class OnHazard>
inline void raceCheckReadGranule(const RaceCell &c, const RacePage &page, std::uint8_t mask,
                                 const Accessor &a, std::uint8_t atomic, OnHazard &&onHazard) {
  auto racing = [&](const AccessRecord &w) {
    return !w.empty() && !morallyStrong(atomic, w.atomic, a.sameBlock(w), a.sameCluster(w)) &&
           !a.orderedAfter(w);
  };
  if (c.form() != RaceCell::kSplit) {
    if (c.write == 0 && c.form() != RaceCell::kWide)
      return; // no write recorded
    const AccessRecord w = loadHistory(c, page).slot[0];
    if (racing(w))
      onHazard(Hazard::ReadAfterWrite, w, mask);
    return;
  }
  struct Seen {
    AccessRecord prior;
    std::uint8_t bytes;
  };
  Seen seen[4];
  int count = 0;
  for (unsigned i = 0; i < 4; ++i) {
    if ((mask & (1u << i)) == 0)
      continue;
    const AccessRecord w = loadHistory(page.bytes[c.index() + i], page).slot[0];
    if (!racing(w))
      continue;
    int k = 0;
    while (k < count && !(seen[k].prior.thread == w.thread && seen[k].prior.epoch == w.epoch &&
                          seen[k].prior.site == w.site))
      ++k;
    if (k == count)
      seen[count++] = {w, 0};
    seen[k].bytes = static_cast<std::uint8_t>(seen[k].bytes | (1u << i));
  }
  for (int k = 0; k < count; ++k)
    onHazard(Hazard::ReadAfterWrite, seen[k].prior, seen[k].bytes);
}

} // namespace warpsim::model
