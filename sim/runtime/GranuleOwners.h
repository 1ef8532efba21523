// Which block may touch which bytes of global memory in a parallel phase of
// a launch (--jobs; GridRunner's deterministic parallel rounds). Every 4-byte
// granule is shared (any block may read it, none may write it) or owned by
// one block (only it may read or write it). In a parallel phase the table
// is only read, so blocks on different host threads never touch what
// another block of the phase writes, and each block's run does not depend
// on which host thread ran it, or when. A block that needs more waits for
// the serial phase, where blocks run one at a time in a fixed order and
// their accesses move ownership: a write makes the writer the owner, a read
// of another block's granule makes it shared (the ownership scheme of
// deterministic multiprocessing, Devietti et al., ASPLOS'09).
#pragma once

#include <cstdint>
#include <memory>
#include <unordered_map>

namespace warpsim::sim {

class GranuleOwners {
public:
  // A new launch: every granule shared (host code wrote memory between
  // launches, and every block may read it).
  void beginLaunch();

  // Block ids are 1-based (linear block index + 1), below kMaxBlocks.
  static constexpr std::uint32_t kMaxBlocks = (1u << 24) - 1;

  // May `block` read (write) every granule of [a, a+n) in a parallel phase?
  bool mayRead(std::uintptr_t a, std::uint32_t n, std::uint32_t block) const {
    return allow(a, n, block, false);
  }
  bool mayWrite(std::uintptr_t a, std::uint32_t n, std::uint32_t block) const {
    return allow(a, n, block, true);
  }
  // A serial-phase access by `block`: ownership moves.
  void read(std::uintptr_t a, std::uint32_t n, std::uint32_t block);
  void write(std::uintptr_t a, std::uint32_t n, std::uint32_t block);

private:
  // One table page covers 64 KiB of memory: 16,384 entries of
  // (launch generation << 24 | owner); owner 0: shared after a read moved
  // it; another generation: untouched in this launch, shared.
  static constexpr unsigned kPageShift = 16, kGranuleShift = 2;
  static constexpr std::size_t kEntries = std::size_t{1} << (kPageShift - kGranuleShift);
  // A first write claims its 1 KiB chunk (GranuleOwners::write).
  static constexpr std::uintptr_t kChunkGranules = 1024 >> kGranuleShift;
  struct Page {
    std::uint32_t e[kEntries];
  };
  const Page *find(std::uintptr_t page) const {
    auto it = pages_.find(page);
    return it == pages_.end() ? nullptr : it->second.get();
  }
  std::uint32_t owner(std::uint32_t e) const { return e >> 24 == gen_ ? e & kMaxBlocks : 0; }
  bool allow(std::uintptr_t a, std::uint32_t n, std::uint32_t block, bool write) const;

  std::unordered_map<std::uintptr_t, std::unique_ptr<Page>> pages_;
  std::uint32_t gen_ = 0; // 1..255
};

} // namespace warpsim::sim
