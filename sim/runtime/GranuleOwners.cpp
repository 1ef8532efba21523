#include "GranuleOwners.h"

#include <cstring>

namespace warpsim::sim {

void GranuleOwners::beginLaunch() {
  // Entries of earlier generations read as shared; when the 8-bit
  // generation wraps, the table starts again.
  if (++gen_ == 256) {
    pages_.clear();
    gen_ = 1;
  }
}

bool GranuleOwners::allow(std::uintptr_t a, std::uint32_t n, std::uint32_t block,
                          bool write) const {
  const std::uintptr_t first = a >> kGranuleShift;
  const std::uintptr_t last = (a + (n == 0 ? 1 : n) - 1) >> kGranuleShift;
  const Page *p = nullptr;
  std::uintptr_t pageOf = ~std::uintptr_t{0};
  for (std::uintptr_t g = first; g <= last; ++g) {
    const std::uintptr_t page = g >> (kPageShift - kGranuleShift);
    if (page != pageOf) {
      p = find(page);
      pageOf = page;
    }
    const std::uint32_t o = p == nullptr ? 0 : owner(p->e[g & (kEntries - 1)]);
    if (write ? o != block : o != 0 && o != block)
      return false;
  }
  return true;
}

void GranuleOwners::read(std::uintptr_t a, std::uint32_t n, std::uint32_t block) {
  const std::uintptr_t first = a >> kGranuleShift;
  const std::uintptr_t last = (a + (n == 0 ? 1 : n) - 1) >> kGranuleShift;
  for (std::uintptr_t g = first; g <= last; ++g) {
    auto it = pages_.find(g >> (kPageShift - kGranuleShift));
    if (it == pages_.end())
      continue; // shared already
    std::uint32_t &e = it->second->e[g & (kEntries - 1)];
    if (owner(e) != 0 && owner(e) != block)
      e = gen_ << 24; // read by another block: shared from now on
  }
}

void GranuleOwners::write(std::uintptr_t a, std::uint32_t n, std::uint32_t block) {
  const std::uintptr_t first = a >> kGranuleShift;
  const std::uintptr_t last = (a + (n == 0 ? 1 : n) - 1) >> kGranuleShift;
  for (std::uintptr_t g = first; g <= last; ++g) {
    std::unique_ptr<Page> &p = pages_[g >> (kPageShift - kGranuleShift)];
    if (!p) {
      p = std::make_unique<Page>();
      std::memset(p->e, 0, sizeof p->e);
    }
    std::uint32_t &e = p->e[g & (kEntries - 1)];
    const bool untouched = e >> 24 != gen_;
    e = gen_ << 24 | block;
    if (!untouched)
      continue;
    // The first write of the launch here: claim the untouched rest of its
    // chunk too. Blocks write runs of consecutive elements (a 256-thread
    // block of floats: 1 KiB), so the block's next warps find their bytes
    // owned and stay in the parallel phase. A wrong guess costs only a
    // deferral: any other block's access to a claimed byte waits for a
    // serial phase, as before.
    const std::uintptr_t chunk = g & ~(kChunkGranules - 1);
    for (std::uintptr_t c = chunk; c < chunk + kChunkGranules; ++c) {
      std::uint32_t &ce = p->e[c & (kEntries - 1)];
      if (ce >> 24 != gen_)
        ce = gen_ << 24 | block;
    }
  }
}

} // namespace warpsim::sim
