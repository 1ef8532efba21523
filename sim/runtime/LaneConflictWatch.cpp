#include "LaneConflictWatch.h"

#include <cstring>

namespace warpsim::sim {

bool LaneConflictWatch::beginLaunch(std::uint64_t threads, std::uint32_t blockThreads,
                                    bool concurrent) {
  if (threads + kFirstSerial >= kSerial || blockThreads == 0)
    return false;
  // Each segment of a block takes blockThreads serials; a launch may take
  // more than `threads` (takeSerials says when they run out).
  if (std::uint64_t{next_.load(std::memory_order_relaxed)} + threads >= kSerial) {
    // Serials would wrap: forget every launch's cells and count again.
    chunks_.clear();
    ++gen_;
    next_.store(kFirstSerial, std::memory_order_relaxed);
  }
  launchFirst_ = next_.load(std::memory_order_relaxed);
  blockThreads_ = blockThreads;
  concurrent_ = concurrent;
  if (concurrent_ && !owners_)
    owners_ = std::make_unique<std::atomic<std::uint32_t *>[]>(
        (std::size_t{kSerial} >> kOwnerChunkShift) + 1);
  return true;
}

void LaneConflictWatch::forgetCaches(Cursor &c) const {
  for (Cursor::PageEntry &e : c.pages_)
    e = Cursor::PageEntry{};
  for (Cursor::ChunkEntry &e : c.chunks_)
    e = Cursor::ChunkEntry{};
  c.gen_ = gen_;
}

std::uint32_t LaneConflictWatch::beginBlock(Cursor &c, std::uint64_t linear) {
  if (c.gen_ != gen_)
    forgetCaches(c);
  c.block_ = static_cast<std::uint32_t>(linear + 1);
  c.blockFirst_ = takeSerials(c);
  return c.blockFirst_;
}

std::uint32_t LaneConflictWatch::takeSerials(Cursor &c) {
  const std::uint32_t first = next_.fetch_add(blockThreads_, std::memory_order_relaxed);
  if (std::uint64_t{first} + blockThreads_ >= kSerial) {
    next_.store(kSerial, std::memory_order_relaxed); // stays out until the next launch
    return 0;
  }
  c.segFirst_ = first;
  if (concurrent_) {
    const std::size_t range = (first - launchFirst_) / blockThreads_;
    ownerChunk(range >> kOwnerChunkShift)[range & ((std::size_t{1} << kOwnerChunkShift) - 1)] =
        c.block_;
  }
  return first;
}

std::uint32_t *LaneConflictWatch::ownerChunk(std::size_t index) {
  std::atomic<std::uint32_t *> &slot = owners_[index];
  std::uint32_t *p = slot.load(std::memory_order_acquire);
  if (p != nullptr) [[likely]]
    return p;
  const std::lock_guard<std::mutex> lock(ownersLock_);
  p = slot.load(std::memory_order_acquire);
  if (p == nullptr) {
    ownerChunks_.push_back(std::make_unique<std::uint32_t[]>(std::size_t{1} << kOwnerChunkShift));
    p = ownerChunks_.back().get();
    slot.store(p, std::memory_order_release);
  }
  return p;
}

// Serial `s` of this launch, outside `c`'s current segment: of `c`'s block?
bool LaneConflictWatch::mine(const Cursor &c, std::uint32_t s) const {
  if (!concurrent_) // blocks one after another: every serial from the block's first is its own
    return s >= c.blockFirst_;
  if (s < c.blockFirst_)
    return false;
  // The range's owner was written before any of its serials reached a cell
  // (the cell's swap, acquired by this thread's load, orders it).
  const std::size_t range = (s - launchFirst_) / blockThreads_;
  const std::uint32_t *chunk = owners_[range >> kOwnerChunkShift].load(std::memory_order_acquire);
  return chunk[range & ((std::size_t{1} << kOwnerChunkShift) - 1)] == c.block_;
}

LaneConflictWatch::Chunk &LaneConflictWatch::chunk(Cursor &c, std::uintptr_t index) {
  Cursor::ChunkEntry &e = c.chunks_[index & (kChunkCache - 1)];
  if (e.index == index)
    return *e.chunk;
  const std::lock_guard<std::mutex> lock(chunksLock_);
  std::unique_ptr<Chunk> &p = chunks_[index];
  if (!p)
    p = std::make_unique<Chunk>();
  e.index = index;
  e.chunk = p.get();
  return *p;
}

LaneConflictWatch::Cell *LaneConflictWatch::pageOf(Cursor &c, std::uintptr_t word) {
  if (c.gen_ != gen_)
    forgetCaches(c);
  Chunk &ch = chunk(c, word >> kChunkShift);
  std::atomic<Cell *> &slot = ch.pages[(word >> kPageShift) & (kPagesPerChunk - 1)];
  Cell *page = slot.load(std::memory_order_acquire);
  if (page != nullptr)
    return page;
  auto *fresh = new Cell[std::size_t{1} << (kPageShift - 2)](); // zero: nobody
  if (slot.compare_exchange_strong(page, fresh, std::memory_order_acq_rel,
                                   std::memory_order_acquire))
    return fresh;
  delete[] fresh; // another host thread made it first
  return page;
}

bool LaneConflictWatch::accessWords(Cursor &c, std::uint32_t serial, std::uintptr_t addr,
                                    std::uint32_t size, bool write, bool shared,
                                    std::uint8_t commute) {
  const std::uintptr_t last = (addr + (size == 0 ? 1 : size) - 1) & ~std::uintptr_t{3};
  for (std::uintptr_t w = addr & ~std::uintptr_t{3}; w <= last; w += 4)
    if (!word(c, serial, w, write, shared, commute))
      return false;
  return true;
}

void LaneConflictWatch::rollback(Cursor &c) {
  for (const Cursor::Undo &u : c.undo_)
    std::memcpy(reinterpret_cast<void *>(u.word), &u.bytes, 4);
  c.undo_.clear();
}

} // namespace warpsim::sim
