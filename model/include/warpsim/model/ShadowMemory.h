// Shadow memory: one Cell per granule of device-visible address space, found
// by a three-level radix table over the 48-bit address (no hashing, no
// search), with leaf pages allocated on first touch. Checkers keep their
// per-address state here (race epochs, initialisation bits).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

namespace warpsim::model {

template <class Cell, unsigned GranuleShift> class ShadowMemory {
public:
  static constexpr unsigned kGranuleShift = GranuleShift;
  static constexpr std::size_t kGranule = std::size_t{1} << GranuleShift;
  static constexpr unsigned kPageShift = 16; // 64 KiB of address per leaf
  static constexpr std::size_t kCellsPerPage = std::size_t{1} << (kPageShift - GranuleShift);

  // The cell of the granule holding `a`, allocated (value-initialised) on
  // first use.
  Cell &at(std::uintptr_t a) {
    const std::uintptr_t page = a >> kPageShift;
    if (page == lastPage_ && lastLeaf_ != nullptr)
      return lastLeaf_[(a >> GranuleShift) & (kCellsPerPage - 1)];
    Cell *leaf = leafFor(page, true);
    lastPage_ = page;
    lastLeaf_ = leaf;
    return leaf[(a >> GranuleShift) & (kCellsPerPage - 1)];
  }

  // The cell if its page was ever touched, else nullptr.
  Cell *find(std::uintptr_t a) {
    Cell *leaf = leafFor(a >> kPageShift, false);
    return leaf == nullptr ? nullptr : &leaf[(a >> GranuleShift) & (kCellsPerPage - 1)];
  }

  // Forgets every cell (pages are released).
  void clear() {
    top_.clear();
    lastLeaf_ = nullptr;
    lastPage_ = ~std::uintptr_t{0};
  }

  std::size_t pages() const { return pageCount_; }

private:
  static constexpr unsigned kMidBits = 14;
  static constexpr unsigned kTopBits = 48 - kPageShift - kMidBits; // 18
  struct Mid {
    std::unique_ptr<Cell[]> leaves[std::size_t{1} << kMidBits];
  };

  Cell *leafFor(std::uintptr_t page, bool create) {
    const std::size_t t = (page >> kMidBits) & ((std::size_t{1} << kTopBits) - 1);
    const std::size_t m = page & ((std::size_t{1} << kMidBits) - 1);
    if (top_.empty()) {
      if (!create)
        return nullptr;
      top_.resize(std::size_t{1} << kTopBits);
    }
    std::unique_ptr<Mid> &mid = top_[t];
    if (!mid) {
      if (!create)
        return nullptr;
      mid = std::make_unique<Mid>();
    }
    std::unique_ptr<Cell[]> &leaf = mid->leaves[m];
    if (!leaf) {
      if (!create)
        return nullptr;
      leaf = std::make_unique<Cell[]>(kCellsPerPage);
      ++pageCount_;
    }
    return leaf.get();
  }

  std::vector<std::unique_ptr<Mid>> top_;
  std::uintptr_t lastPage_ = ~std::uintptr_t{0};
  Cell *lastLeaf_ = nullptr;
  std::size_t pageCount_ = 0;
};

} // namespace warpsim::model
