#include "LaneConflictWatch.h"

#include <algorithm>
#include <cstring>

namespace warpsim::sim {

bool LaneConflictWatch::beginLaunch(std::uint64_t threads) {
  undo_.clear();
  if (threads + kFirstSerial >= kSerial)
    return false;
  if (std::uint64_t{next_} + threads >= kSerial) {
    // Serials would wrap: forget every launch's cells and count again.
    chunks_.clear();
    for (CacheEntry &e : cache_)
      e = CacheEntry{};
    for (PageEntry &e : pageCache_)
      e = PageEntry{};
    next_ = kFirstSerial;
  }
  launchFirst_ = blockFirst_ = segFirst_ = next_;
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

LaneConflictWatch::Cell *LaneConflictWatch::pageOf(std::uintptr_t word) {
  Chunk &c = chunk(word >> kChunkShift);
  std::unique_ptr<Cell[]> &page = c.pages[(word >> kPageShift) & (kPagesPerChunk - 1)];
  if (!page)
    page.reset(new Cell[std::size_t{1} << (kPageShift - 2)]()); // zero: nobody
  return page.get();
}

bool LaneConflictWatch::accessWords(std::uint32_t serial, std::uintptr_t addr, std::uint32_t size,
                                    bool write, bool shared, std::uint8_t commute) {
  const std::uintptr_t last = (addr + (size == 0 ? 1 : size) - 1) & ~std::uintptr_t{3};
  for (std::uintptr_t w = addr & ~std::uintptr_t{3}; w <= last; w += 4)
    if (!word(serial, w, write, shared, commute))
      return false;
  return true;
}

void LaneConflictWatch::saveWord(std::uintptr_t w) {
  Undo u{w, 0};
  std::memcpy(&u.bytes, reinterpret_cast<const void *>(w), 4);
  undo_.push_back(u);
}

void LaneConflictWatch::rollback() {
  for (const Undo &u : undo_)
    std::memcpy(reinterpret_cast<void *>(u.word), &u.bytes, 4);
  undo_.clear();
}

} // namespace warpsim::sim
