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
//
// Several host threads (--jobs) may use one shadow at once, each with a
// Cache of its own, provided none of them creates a middle node meanwhile
// (`reserve` creates them beforehand) or a leaf another one uses, and no
// two write one cell; the range of handed-out cells is kept atomically.
#pragma once

#include <algorithm>
#include <atomic>
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

  struct Mid;
  // The last page and middle node a host thread found.
  struct Cache {
    std::uint64_t epoch = 0; // the shadow's clear() count it is valid for
    std::uintptr_t page = ~std::uintptr_t{0}, midKey = ~std::uintptr_t{0};
    Page *leaf = nullptr;
    Mid *mid = nullptr;
  };

  // The cell of the granule holding `a`, allocated (value-initialised) on
  // first use.
  Cell &at(std::uintptr_t a) { return at(a, cache_); }
  Cell &at(std::uintptr_t a, Cache &c) {
    Page &pg = pageOf(a, c);
    if (std::atomic_ref<std::uint32_t>(pg.hi).load(std::memory_order_relaxed) != kCellsPerPage) {
      std::atomic_ref<std::uint32_t>(pg.lo).store(0, std::memory_order_relaxed);
      std::atomic_ref<std::uint32_t>(pg.hi).store(kCellsPerPage, std::memory_order_relaxed);
    }
    return pg.cell(a);
  }

  // The page holding `a`, emptied first if it was last used under another
  // generation; use it for the cell of `a` only (that cell is what the
  // page records as handed out). Threads at once: only on pages already
  // of generation `gen`.
  Page &page(std::uintptr_t a, std::uint32_t gen) { return page(a, gen, cache_); }
  Page &page(std::uintptr_t a, std::uint32_t gen, Cache &c) {
    Page &pg = pageOf(a, c);
    if (pg.gen != gen) {
      std::fill(pg.cells + pg.lo, pg.cells + pg.hi, Cell{});
      pg.data = PageData{};
      pg.gen = gen;
      pg.lo = static_cast<std::uint32_t>(kCellsPerPage);
      pg.hi = 0;
    }
    const auto i = static_cast<std::uint32_t>((a >> GranuleShift) & (kCellsPerPage - 1));
    std::atomic_ref<std::uint32_t> lo(pg.lo), hi(pg.hi);
    for (std::uint32_t v = lo.load(std::memory_order_relaxed); i < v;)
      if (lo.compare_exchange_weak(v, i, std::memory_order_relaxed))
        break;
    for (std::uint32_t v = hi.load(std::memory_order_relaxed); i + 1 > v;)
      if (hi.compare_exchange_weak(v, i + 1, std::memory_order_relaxed))
        break;
    return pg;
  }

  // The cell if its page was ever touched, else nullptr.
  Cell *find(std::uintptr_t a) { return find(a, cache_); }
  Cell *find(std::uintptr_t a, Cache &c) {
    Page *leaf = findPage(a, c);
    return leaf == nullptr ? nullptr : &leaf->cell(a);
  }
  // The page holding `a` if it was ever touched, else nullptr (whatever
  // its generation).
  Page *findPage(std::uintptr_t a, Cache &c) {
    const std::uintptr_t p = a >> kPageShift;
    if (c.epoch == epoch_ && p == c.page && c.leaf != nullptr)
      return c.leaf;
    return leafFor(p, false, c);
  }

  // Creates the middle node of `a` (before threads use the shadow at once).
  void reserve(std::uintptr_t a) { midFor((a >> kPageShift) >> kMidBits, true, cache_); }

  // Forgets every cell (pages are released).
  void clear() {
    mids_.clear();
    ++epoch_;
    cache_ = Cache{};
    pageCount_ = 0;
  }

  std::size_t pages() const { return pageCount_.load(std::memory_order_relaxed); }

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
  Page &pageOf(std::uintptr_t a, Cache &c) {
    const std::uintptr_t p = a >> kPageShift;
    if (c.epoch == epoch_ && p == c.page && c.leaf != nullptr)
      return *c.leaf;
    return *leafFor(p, true, c);
  }

  static constexpr unsigned kMidBits = 14;

public:
  struct Mid {
    std::unique_ptr<Page> leaves[std::size_t{1} << kMidBits];
  };

private:
  Mid *midFor(std::uintptr_t key, bool create, Cache &c) {
    if (c.epoch == epoch_ && key == c.midKey && c.mid != nullptr)
      return c.mid;
    auto it = mids_.find(key);
    if (it == mids_.end()) {
      if (!create)
        return nullptr;
      it = mids_.emplace(key, std::make_unique<Mid>()).first;
    }
    if (c.epoch != epoch_) {
      c = Cache{};
      c.epoch = epoch_;
    }
    c.midKey = key;
    c.mid = it->second.get();
    return c.mid;
  }

  Page *leafFor(std::uintptr_t page, bool create, Cache &c) {
    Mid *mid = midFor(page >> kMidBits, create, c);
    if (mid == nullptr)
      return nullptr;
    std::unique_ptr<Page> &leaf = mid->leaves[page & ((std::size_t{1} << kMidBits) - 1)];
    if (!leaf) {
      if (!create)
        return nullptr;
      leaf = std::make_unique<Page>();
      pageCount_.fetch_add(1, std::memory_order_relaxed);
    }
    c.page = page;
    c.leaf = leaf.get();
    return leaf.get();
  }

  std::unordered_map<std::uintptr_t, std::unique_ptr<Mid>> mids_;
  std::uint64_t epoch_ = 1; // clear() count: caches of another epoch are stale
  Cache cache_;             // the one-thread callers'
  std::atomic<std::size_t> pageCount_{0};
};

} // namespace warpsim::model
