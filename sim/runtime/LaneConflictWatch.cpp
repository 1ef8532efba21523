#include "LaneConflictWatch.h"

#include <cstring>

namespace warpsim::sim {

bool LaneConflictWatch::beginLaunch(std::uint64_t threads) {
  undo_.clear();
  if (threads >= kSerial)
    return false;
  if (std::uint64_t{next_} + threads >= kSerial) {
    // Serials would wrap: forget every launch's cells and count again.
    chunks_.clear();
    for (CacheEntry &e : cache_)
      e = CacheEntry{};
    next_ = 1;
  }
  launchFirst_ = blockFirst_ = next_;
  return true;
}

LaneConflictWatch::Chunk &LaneConflictWatch::chunk(std::uintptr_t index) {
  CacheEntry &e = cache_[index & 15];
  if (e.index == index)
    return *e.chunk;
  std::unique_ptr<Chunk> &c = chunks_[index];
  if (!c)
    c = std::make_unique<Chunk>();
  e.index = index;
  e.chunk = c.get();
  return *c;
}

LaneConflictWatch::Cell &LaneConflictWatch::cell(std::uintptr_t word) {
  Chunk &c = chunk(word >> kChunkShift);
  std::unique_ptr<Cell[]> &page = c.pages[(word >> kPageShift) & (kPagesPerChunk - 1)];
  if (!page)
    page.reset(new Cell[std::size_t{1} << (kPageShift - 2)]()); // zero: nobody
  return page[(word >> 2) & ((std::size_t{1} << (kPageShift - 2)) - 1)];
}

bool LaneConflictWatch::access(std::uint32_t serial, std::uintptr_t addr, std::uint32_t size,
                               bool write, bool shared) {
  const std::uint32_t first = shared ? blockFirst_ : launchFirst_;
  const std::uintptr_t last = (addr + (size == 0 ? 1 : size) - 1) & ~std::uintptr_t{3};
  for (std::uintptr_t w = addr & ~std::uintptr_t{3}; w <= last; w += 4) {
    Cell &c = cell(w);
    const bool written = c.writer >= first;
    if (written && c.writer != serial)
      return false;
    const bool read = (c.reader & kSerial) >= first;
    if (!write) {
      if (!read)
        c.reader = serial;
      else if (c.reader != serial)
        c.reader = serial | kMany;
      continue;
    }
    if (read && c.reader != serial)
      return false;
    if (!written && !shared) {
      Undo u{w, 0};
      std::memcpy(&u.bytes, reinterpret_cast<const void *>(w), 4);
      undo_.push_back(u);
    }
    c.writer = serial;
  }
  return true;
}

void LaneConflictWatch::rollback() {
  for (const Undo &u : undo_)
    std::memcpy(reinterpret_cast<void *>(u.word), &u.bytes, 4);
  undo_.clear();
}

} // namespace warpsim::sim
