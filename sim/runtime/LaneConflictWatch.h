// The compiled engine's guard on the direct path: it runs a launch's threads
// one after another, which gives the same memory and output as the lockstep
// schedule exactly when no 4-byte word is touched by two threads of the
// launch with at least one of them writing (an atomic counts as a write).
// Then every thread reads what it would read under any interleaving. The
// watch keeps, per word, a writer and a reader of this launch, and the
// bytes each word held before the launch first wrote it, so that a launch in
// which two threads meet on a word can be rolled back and run again on
// fibers (GridRunner). Words of shared memory count per block.
//
// Threads are numbered by a serial that grows across launches, so words
// touched by an earlier launch need no clearing: a word is this launch's (or
// this segment's) only if its serial is at least the launch's (segment's)
// first. A block whose threads run from one CTA barrier to the next
// (segments) numbers them again at each barrier: accesses of an earlier
// segment of the same block are ordered before the current one's by the
// barrier, so they do not meet; those of other blocks of the launch do.
//
// Blocks may run on several host threads at once (`concurrent`): each block
// has a Cursor (its serials, its caches, its undo log), serials are taken
// from one atomic counter, and a word's state is one 64-bit atomic changed
// by compare-and-swap. Whether two threads meet does not depend on the
// order the host threads run them in: every state change is one atomic
// step, and the state machine (step()) finds a meeting in any order of the
// accesses that make it. The first writer of a word in a launch is the one
// whose swap takes the word from no writer of this launch: it keeps the
// bytes it read before its swap, which no one could have changed, since
// every other writer would have had to swap first.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <mutex>
#include <unordered_map>
#include <vector>

#include "warpsim/model/AtomicOps.h"

namespace warpsim::sim {

class LaneConflictWatch {
  static constexpr unsigned kPageShift = 12;  // 4 KiB of memory: 1024 cells
  static constexpr unsigned kChunkShift = 24; // 16 MiB: 4096 pages
  static constexpr std::size_t kPageCache = 64, kChunkCache = 16;
  using Cell = std::atomic<std::uint64_t>; // writer (low half), reader (high half)
  struct Chunk;

public:
  // One block's place in the watch: its block, its current segment's
  // serials, its caches of the cell table and the bytes its threads' first
  // writes found (the undo log). Used by one host thread at a time.
  class Cursor {
    friend class LaneConflictWatch;
    struct PageEntry {
      std::uintptr_t page = ~std::uintptr_t{0};
      Cell *cells = nullptr;
    };
    struct ChunkEntry {
      std::uintptr_t index = ~std::uintptr_t{0};
      Chunk *chunk = nullptr;
    };
    struct Undo {
      std::uintptr_t word;
      std::uint32_t bytes;
    };
    std::uint32_t block_ = 0;                     // the block's linear index + 1
    std::uint32_t blockFirst_ = 0, segFirst_ = 0; // serials
    std::uint64_t gen_ = 0;                       // the watch's table generation cached
    PageEntry pages_[kPageCache];
    ChunkEntry chunks_[kChunkCache];
    std::vector<Undo> undo_;
  };

  // Starts a launch of `threads` threads in blocks of `blockThreads`;
  // `concurrent`: blocks run on several host threads at once. False if
  // serials would overflow even after a reset (more threads than serials:
  // the launch is not watched).
  bool beginLaunch(std::uint64_t threads, std::uint32_t blockThreads, bool concurrent);
  // The serial of the first thread of block `linear` (its first segment).
  std::uint32_t beginBlock(Cursor &c, std::uint64_t linear);
  // The block's threads passed a barrier: the serial of the first of them
  // from now on, or 0 when serials ran out (the launch is not watched).
  std::uint32_t beginSegment(Cursor &c) { return takeSerials(c); }
  // Thread `serial` of `c`'s block accesses [addr, addr+size): false if it
  // meets another thread's access on a word (the launch must go back to
  // fibers). `commute`: an atomic's model::commutingClass when no thread
  // reads its result (0: none). Atomics of one class may meet on a word: any
  // order leaves the same bits; any other access to that word then meets
  // them.
  [[gnu::always_inline]] bool access(Cursor &c, std::uint32_t serial, std::uintptr_t addr,
                                     std::uint32_t size, bool write, bool shared,
                                     std::uint8_t commute = 0) {
    if ((addr & 3) + size <= 4) [[likely]] // one word: inline
      return word(c, serial, addr & ~std::uintptr_t{3}, write, shared, commute);
    return accessWords(c, serial, addr, size, write, shared, commute);
  }
  // Puts back every word of global memory `c`'s threads wrote first in this
  // launch, as it was (after every block of the launch stopped).
  static void rollback(Cursor &c);
  // Forgets `c`'s undo log (the launch ended without a conflict).
  static void endLaunch(Cursor &c) { c.undo_.clear(); }

private:
  // Reader flags: several readers in the reader's segment; readers of
  // several blocks. Both die with the reader's serial (an earlier launch's
  // or segment's readers are nobody).
  static constexpr std::uint32_t kMany = 1u << 31;
  static constexpr std::uint32_t kBlocks = 1u << 30;
  static constexpr std::uint32_t kCommute = 1u << 31;    // writer: atomics of one class
  static constexpr std::uint32_t kMultiBlock = 1u << 30; // commuting: atomics of several blocks
  static constexpr std::uint32_t kTouched = 1u << 29;    // commuting: the block accessed it plainly
  static constexpr std::uint32_t kClassMask = 63;
  static constexpr std::uint32_t kSerial = kBlocks - 1;
  static constexpr std::uint32_t kFirstSerial = 64; // below: commuting classes
  static_assert(model::kCommutingClasses <= kFirstSerial);
  static constexpr std::size_t kPagesPerChunk = std::size_t{1} << (kChunkShift - kPageShift);
  struct Chunk {
    std::atomic<Cell *> pages[kPagesPerChunk] = {};
    ~Chunk() {
      for (std::atomic<Cell *> &p : pages)
        delete[] p.load(std::memory_order_relaxed);
    }
  };
  // Where the serial `s` stands to the accessing thread `me`: nobody (an
  // earlier launch, or for shared memory an earlier segment of the block or
  // an earlier block of its slot), itself, another thread of its segment,
  // its block's earlier segment, another block of the launch.
  enum class Rel : std::uint8_t { None, Self, Seg, Mine, Other };
  [[gnu::always_inline]] Rel rel(const Cursor &c, std::uint32_t me, std::uint32_t s,
                                 bool shared) const {
    if (s == me)
      return Rel::Self;
    if (s - c.segFirst_ < blockThreads_)
      return Rel::Seg;
    if (shared ? s < c.segFirst_ : s < launchFirst_)
      return Rel::None;
    return mine(c, s) ? Rel::Mine : Rel::Other;
  }
  bool mine(const Cursor &c, std::uint32_t s) const;
  // The word's next state after thread `me`'s access, or false if the
  // access meets another thread's. `save`: this is the word's first write of
  // the launch (its bytes go to the undo log).
  [[gnu::always_inline]] bool step(const Cursor &c, std::uint32_t me, std::uint64_t cell,
                                   bool write, bool shared, std::uint8_t commute,
                                   std::uint64_t &out, bool &save) const {
    auto w = static_cast<std::uint32_t>(cell);
    auto r = static_cast<std::uint32_t>(cell >> 32);
    Rel wr = rel(c, me, w & kSerial, shared);
    if ((w & kCommute) != 0) {
      if (wr == Rel::None) {
        w = r = 0; // atomics of another launch (segment): nobody's
      } else if (commute != 0 && (r & kClassMask) == commute) {
        // Another atomic of the class, its result unused: any order of them
        // leaves the same bits.
        switch (wr) {
        case Rel::Self:
          out = cell;
          return true;
        case Rel::Seg:
          r |= kMany;
          break;
        case Rel::Mine:
          r &= ~kMany; // the earlier segment's atomics are ordered before
          break;
        default: // another block's: unless that block accessed it plainly
          if ((r & kTouched) != 0)
            return false;
          r |= kMultiBlock;
          break;
        }
        save = false;
        out = std::uint64_t{me | kCommute} | std::uint64_t{r} << 32;
        return true;
      } else {
        // Any other access sees the atomics' order, unless they are its own
        // or its block's earlier segments': then they count as its writes.
        if ((r & kMultiBlock) != 0 || wr == Rel::Seg || wr == Rel::Other ||
            (wr == Rel::Self && (r & kMany) != 0))
          return false;
        w &= kSerial;
        r = 0;
      }
    }
    if (wr == Rel::Seg || wr == Rel::Other)
      return false; // another's write
    Rel rr = rel(c, me, r & kSerial, shared);
    if (rr != Rel::None && (r & kBlocks) != 0)
      rr = Rel::Other; // readers of several blocks: one is another block's
    if (!write) {
      if (rr == Rel::None || rr == Rel::Mine)
        r = me;
      else if (rr == Rel::Seg)
        r |= kMany;
      else if (rr == Rel::Other && (r & kBlocks) == 0)
        r = me | kBlocks; // any writer meets one of them
      out = std::uint64_t{w} | std::uint64_t{r} << 32;
      save = false;
      return true;
    }
    if (rr == Rel::Seg || rr == Rel::Other || (rr == Rel::Self && (r & kMany) != 0))
      return false; // another's read
    save = !shared && (w & kSerial) < launchFirst_;
    if (commute != 0 && wr != Rel::Self && rr != Rel::Self) {
      // The first atomic of the class here (this thread touched the word
      // before: it saw a value the others' atomics would change).
      const std::uint32_t touched = wr == Rel::Mine || rr == Rel::Mine ? kTouched : 0;
      out = std::uint64_t{me | kCommute} | std::uint64_t{commute | touched} << 32;
    } else {
      out = std::uint64_t{me} | std::uint64_t{r} << 32;
    }
    return true;
  }
  [[gnu::always_inline]] bool word(Cursor &c, std::uint32_t serial, std::uintptr_t w, bool write,
                                   bool shared, std::uint8_t commute) {
    Cell &cell = cellOf(c, w);
    std::uint64_t old = cell.load(std::memory_order_acquire);
    while (true) {
      std::uint64_t next;
      bool save = false;
      if (!step(c, serial, old, write, shared, commute, next, save))
        return false;
      if (next == old)
        return true;
      std::uint32_t bytes = 0;
      if (save) [[unlikely]]
        bytes = *reinterpret_cast<const volatile std::uint32_t *>(w);
      if (!concurrent_) {
        cell.store(next, std::memory_order_relaxed);
      } else if (!cell.compare_exchange_weak(old, next, std::memory_order_acq_rel,
                                             std::memory_order_acquire)) {
        continue;
      }
      if (save) [[unlikely]]
        c.undo_.push_back({w, bytes});
      return true;
    }
  }
  bool accessWords(Cursor &c, std::uint32_t serial, std::uintptr_t addr, std::uint32_t size,
                   bool write, bool shared, std::uint8_t commute);
  std::uint32_t takeSerials(Cursor &c);
  // Most accesses fall in a few pages: a direct-mapped cache of them before
  // the chunk table.
  [[gnu::always_inline]] Cell &cellOf(Cursor &c, std::uintptr_t word) {
    const std::uintptr_t page = word >> kPageShift;
    Cursor::PageEntry &e = c.pages_[page & (kPageCache - 1)];
    if (e.page != page) [[unlikely]]
      e = {page, pageOf(c, word)};
    return e.cells[(word >> 2) & ((std::size_t{1} << (kPageShift - 2)) - 1)];
  }
  Cell *pageOf(Cursor &c, std::uintptr_t word);
  Chunk &chunk(Cursor &c, std::uintptr_t index);
  void forgetCaches(Cursor &c) const;

  std::mutex chunksLock_; // the chunk map (a cursor's cache misses)
  std::unordered_map<std::uintptr_t, std::unique_ptr<Chunk>> chunks_;
  std::uint64_t gen_ = 1; // a reset of the table: cursors' caches are stale
  // Which block took each range of blockThreads_ serials of this launch
  // (concurrent launches), in chunks made on first use.
  static constexpr unsigned kOwnerChunkShift = 16;
  std::unique_ptr<std::atomic<std::uint32_t *>[]> owners_;
  std::vector<std::unique_ptr<std::uint32_t[]>> ownerChunks_; // keeps them
  std::mutex ownersLock_;
  std::uint32_t *ownerChunk(std::size_t index);
  std::atomic<std::uint32_t> next_{kFirstSerial}; // serial of the next thread (0 is nobody)
  std::uint32_t launchFirst_ = kFirstSerial;
  std::uint32_t blockThreads_ = 1;
  bool concurrent_ = false;
};

} // namespace warpsim::sim
