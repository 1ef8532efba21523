// The compiled engine's guard on the direct path: it runs a launch's threads
// one after another, which gives the same memory and output as the lockstep
// schedule exactly when no 4-byte word is touched by two threads of the
// launch with at least one of them writing (an atomic counts as a write).
// Then every thread reads what it would read under any interleaving. The
// watch keeps, per word, the last writer and the readers of this launch,
// and the bytes each word held before the launch first wrote it, so that a
// launch in which two threads meet on a word can be rolled back and run again
// on fibers (GridRunner). Words of shared memory count per block.
//
// Threads are numbered by a serial that grows across launches, so words
// touched by an earlier launch need no clearing: a word is this launch's (or
// this block's) only if its serial is at least the launch's (block's) first.
// A block whose threads run from one CTA barrier to the next (segments)
// numbers them again at each barrier: accesses of an earlier segment of the
// same block are ordered before the current one's by the barrier, so they
// do not meet; those of other blocks of the launch still do.
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

#include "warpsim/model/AtomicOps.h"

namespace warpsim::sim {

class LaneConflictWatch {
public:
  // Starts a launch of `threads` threads; false if serials would overflow
  // even after a reset (more threads than serials: the launch is not watched).
  bool beginLaunch(std::uint64_t threads);
  // The serial of the first of `threads` threads of the next block.
  std::uint32_t beginBlock(std::uint32_t threads) {
    blockFirst_ = segFirst_ = next_;
    next_ += threads;
    return blockFirst_;
  }
  // The block's threads passed a barrier: the serial of the first of them
  // from now on, or 0 when serials ran out (the launch is not watched).
  std::uint32_t beginSegment(std::uint32_t threads) {
    if (std::uint64_t{next_} + threads >= kSerial)
      return 0;
    segFirst_ = next_;
    next_ += threads;
    return segFirst_;
  }
  // Thread `serial` accesses [addr, addr+size): false if it meets another
  // thread's access on a word (the launch must go back to fibers).
  // `commute`: an atomic's model::commutingClass when no thread reads its
  // result (0: none). Atomics of one class may meet on a word: any order
  // leaves the same bits; any other access to that word then meets them.
  [[gnu::always_inline]] bool access(std::uint32_t serial, std::uintptr_t addr, std::uint32_t size,
                                     bool write, bool shared, std::uint8_t commute = 0) {
    if ((addr & 3) + size <= 4) [[likely]] // one word: inline
      return word(serial, addr & ~std::uintptr_t{3}, write, shared, commute);
    return accessWords(serial, addr, size, write, shared, commute);
  }
  // Puts back every word of global memory the launch wrote, as it was.
  void rollback();
  // Forgets the launch's undo log (it ended without a conflict).
  void endLaunch() { undo_.clear(); }

private:
  struct Cell {
    std::uint32_t writer; // serial | kCommute, 0: none
    // serial | kMany, 0: none; under a kCommute writer, the atomics' class
    // (| kMany: of several threads). Classes are serials no thread has.
    std::uint32_t reader;
  };
  static constexpr std::uint32_t kMany = 1u << 31;
  static constexpr std::uint32_t kCommute = 1u << 31;
  static constexpr std::uint32_t kSerial = kMany - 1;
  static constexpr std::uint32_t kFirstSerial = 64; // below: commuting classes
  static_assert(model::kCommutingClasses <= kFirstSerial);
  static constexpr unsigned kPageShift = 12;  // 4 KiB of memory: 1024 cells
  static constexpr unsigned kChunkShift = 24; // 16 MiB: 4096 pages
  static constexpr std::size_t kPagesPerChunk = std::size_t{1} << (kChunkShift - kPageShift);
  struct Chunk {
    std::unique_ptr<Cell[]> pages[kPagesPerChunk];
  };
  struct Undo {
    std::uintptr_t word;
    std::uint32_t bytes;
  };

  // Most accesses fall in a few pages: a direct-mapped cache of them before
  // the chunk table.
  [[gnu::always_inline]] Cell &cell(std::uintptr_t word) {
    const std::uintptr_t page = word >> kPageShift;
    PageEntry &e = pageCache_[page & (kPageCache - 1)];
    if (e.page != page) [[unlikely]]
      e = {page, pageOf(word)};
    return e.cells[(word >> 2) & ((std::size_t{1} << (kPageShift - 2)) - 1)];
  }
  Cell *pageOf(std::uintptr_t word);
  bool accessWords(std::uint32_t serial, std::uintptr_t addr, std::uint32_t size, bool write,
                   bool shared, std::uint8_t commute);
  [[gnu::always_inline]] bool word(std::uint32_t serial, std::uintptr_t w, bool write, bool shared,
                                   std::uint8_t commute) {
    Cell &c = cell(w);
    const std::uint32_t writer = c.writer & kSerial;
    const bool wrote = concurrent(writer, shared); // a write that may meet this one (or its own)
    const bool commuting = wrote && (c.writer & kCommute) != 0;
    if (commute != 0 && commuting && (c.reader & kSerial) == commute) {
      // Another atomic of the class, its result unused: any order of them
      // leaves the same bits.
      if (writer != serial)
        c.reader |= kMany;
      c.writer = serial | kCommute;
      return true;
    }
    if (wrote && writer != serial)
      return false;
    // Several threads' atomics: what any other access sees depends on their order.
    if (commuting && (c.reader & kMany) != 0)
      return false;
    // Several readers keep the smallest serial: if any of them may meet
    // this thread, the smallest does (serials grow with blocks and
    // segments, and a reader that may not meet the next is dropped).
    const std::uint32_t r = c.reader & kSerial;
    const bool read = concurrent(r, shared);
    if (!write) {
      if (!read)
        c.reader = serial;
      else if (c.reader != serial)
        c.reader = (r < serial ? r : serial) | kMany;
      return true;
    }
    if (read && c.reader != serial)
      return false;
    if (!shared && writer < launchFirst_)
      saveWord(w);
    if (commute != 0 && !wrote && !read) {
      c.writer = serial | kCommute; // the first atomic of the class here
      c.reader = commute;
    } else {
      c.writer = serial;
    }
    return true;
  }
  void saveWord(std::uintptr_t w);
  // An access by thread `s` may meet the current thread's: it is of this
  // segment, or (global memory) of another block of this launch.
  bool concurrent(std::uint32_t s, bool shared) const {
    return s >= segFirst_ || (!shared && s >= launchFirst_ && s < blockFirst_);
  }
  Chunk &chunk(std::uintptr_t index);

  std::unordered_map<std::uintptr_t, std::unique_ptr<Chunk>> chunks_;
  struct CacheEntry {
    std::uintptr_t index = ~std::uintptr_t{0};
    Chunk *chunk = nullptr;
  };
  CacheEntry cache_[16];
  struct PageEntry {
    std::uintptr_t page = ~std::uintptr_t{0};
    Cell *cells = nullptr;
  };
  static constexpr std::size_t kPageCache = 64;
  PageEntry pageCache_[kPageCache];
  std::vector<Undo> undo_;
  std::uint32_t next_ = kFirstSerial; // serial of the next thread (0 is nobody)
  std::uint32_t launchFirst_ = kFirstSerial, blockFirst_ = kFirstSerial, segFirst_ = kFirstSerial;
};

} // namespace warpsim::sim
