// Shadow memory: one Cell per granule of device-visible address space, found
// through a two-level table with leaf pages allocated on first touch: a
// middle node holds 2^14 leaves (1 GiB of address at 64 KiB leaves), and the
// few middle nodes a program touches are found by a hash (the last one
// cached), so the table costs 128 KiB a node rather than a 2 MiB top level
// per shadow. Checkers keep their per-address state here (race epochs,
// initialisation bits).
//
// A page also carries a generation and a `PageData` of the checker's own
// (e.g. side entries): `page(a, gen)` hands out the page reset to empty if
// it was last used under another generation, so state that dies at a launch
// or block boundary costs nothing per cell and is cleared only where touched:
// the page keeps the range of cells handed out since its last reset, and a
// reset clears only that range (a block's 1 KiB of shared memory clears 8 KiB
// of race shadow, not the whole leaf). A cell reached through `at()` marks
// the whole page; write through `find()` only to cells that `at()` or
// `page(a, gen)` handed out before.
//
// A leaf covers 2^PageShift bytes of address (64 KiB by default); smaller
// leaves suit many small, scattered ranges (shared-memory windows of
// thousands of resident blocks: 512 KiB of race shadow each at 64 KiB).
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <unordered_map>
#include <vector>

namespace warpsim::model {

struct NoPageData {};

template <class Cell, unsigned GranuleShift, class PageData = NoPageData, unsigned PageShift = 16>
class ShadowMemory {
public:
  static constexpr unsigned kGranuleShift = GranuleShift;
  static constexpr std::size_t kGranule = std::size_t{1} << GranuleShift;
  static constexpr unsigned kPageShift = PageShift; // address bytes per leaf: 2^PageShift
  static constexpr std::size_t kCellsPerPage = std::size_t{1} << (kPageShift - GranuleShift);

  struct Page {
    Cell cells[kCellsPerPage];
    PageData data;
    std::uint32_t gen = 0;
    // Cells [lo, hi) may be non-empty (handed out since the last reset).
    std::uint32_t lo = 0, hi = 0;

    Cell &cell(std::uintptr_t a) { return cells[(a >> GranuleShift) & (kCellsPerPage - 1)]; }
  };

  // The cell of the granule holding `a`, allocated (value-initialised) on
  // first use.
  Cell &at(std::uintptr_t a) {
    Page &pg = pageOf(a);
    pg.lo = 0;
    pg.hi = kCellsPerPage;
    return pg.cell(a);
  }

  // The page holding `a`, emptied first if it was last used under another
  // generation; use it for the cell of `a` only (that cell is what the
  // page records as handed out).
  Page &page(std::uintptr_t a, std::uint32_t gen) {
    Page &pg = pageOf(a);
    if (pg.gen != gen) {
      std::fill(pg.cells + pg.lo, pg.cells + pg.hi, Cell{});
      pg.data = PageData{};
      pg.gen = gen;
      pg.lo = static_cast<std::uint32_t>(kCellsPerPage);
      pg.hi = 0;
    }
    const auto i = static_cast<std::uint32_t>((a >> GranuleShift) & (kCellsPerPage - 1));
    pg.lo = std::min(pg.lo, i);
    pg.hi = std::max(pg.hi, i + 1);
    return pg;
  }

  // The cell if its page was ever touched, else nullptr.
  Cell *find(std::uintptr_t a) {
    Page *leaf = leafFor(a >> kPageShift, false);
    return leaf == nullptr ? nullptr : &leaf->cell(a);
  }

  // Forgets every cell (pages are released).
  void clear() {
    mids_.clear();
    lastMid_ = nullptr;
    lastMidKey_ = ~std::uintptr_t{0};
    pageCount_ = 0;
    last_ = nullptr;
    lastPage_ = ~std::uintptr_t{0};
  }

  std::size_t pages() const { return pageCount_; }

  // Calls `f(const Page &)` for every allocated page (for statistics: it
  // walks the whole table).
  template <class F> void forEachPage(F &&f) const {
    for (const auto &[key, mid] : mids_)
      for (const std::unique_ptr<Page> &leaf : mid->leaves)
        if (leaf)
          f(*leaf);
  }

  // Bytes of the table's middle nodes and hash (the pages not counted).
  std::size_t tableBytes() const {
    return mids_.size() * (sizeof(Mid) + 4 * sizeof(void *)) +
           mids_.bucket_count() * sizeof(void *);
  }

private:
  // The page holding `a`, allocated on first use.
  Page &pageOf(std::uintptr_t a) {
    const std::uintptr_t p = a >> kPageShift;
    if (p == lastPage_ && last_ != nullptr)
      return *last_;
    Page *leaf = leafFor(p, true);
    lastPage_ = p;
    last_ = leaf;
    return *leaf;
  }

  static constexpr unsigned kMidBits = 14;
  struct Mid {
    std::unique_ptr<Page> leaves[std::size_t{1} << kMidBits];
  };

  Page *leafFor(std::uintptr_t page, bool create) {
    const std::uintptr_t key = page >> kMidBits;
    Mid *mid = key == lastMidKey_ ? lastMid_ : nullptr;
    if (mid == nullptr) {
      auto it = mids_.find(key);
      if (it == mids_.end()) {
        if (!create)
          return nullptr;
        it = mids_.emplace(key, std::make_unique<Mid>()).first;
      }
      mid = it->second.get();
      lastMidKey_ = key;
      lastMid_ = mid;
    }
    std::unique_ptr<Page> &leaf = mid->leaves[page & ((std::size_t{1} << kMidBits) - 1)];
    if (!leaf) {
      if (!create)
        return nullptr;
      leaf = std::make_unique<Page>();
      ++pageCount_;
    }
    return leaf.get();
  }

  std::unordered_map<std::uintptr_t, std::unique_ptr<Mid>> mids_;
  std::uintptr_t lastMidKey_ = ~std::uintptr_t{0};
  Mid *lastMid_ = nullptr;
  std::uintptr_t lastPage_ = ~std::uintptr_t{0};
  Page *last_ = nullptr;
  std::size_t pageCount_ = 0;
};

} // namespace warpsim::model
