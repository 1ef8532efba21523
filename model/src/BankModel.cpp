#include "warpsim/model/BankModel.h"

#include <algorithm>

#include "warpsim/model/ArchSpec.h"

namespace warpsim::model {

BankModel::BankModel(unsigned bankCount, unsigned bankWidth, unsigned phaseLanes)
    : banks_(std::clamp(bankCount, 1u, kMaxBanks)), width_(std::max(bankWidth, 1u)),
      phaseLanes_(std::max(phaseLanes, 1u)) {}

BankModel::BankModel(const ArchSpec &arch)
    : BankModel(arch.shared_bank_count, arch.shared_bank_width, arch.shared_phase_lanes) {}

unsigned BankModel::lanesPerPhase(std::uint32_t size) const {
  const unsigned bytes = std::clamp<unsigned>(size, width_, std::max(16u, width_));
  return std::max(1u, phaseLanes_ * width_ / bytes);
}

BankResult BankModel::evaluate(const BankLane *lanes, std::size_t count,
                               std::uint64_t *bankLoad) const {
  BankResult r;
  if (count == 0)
    return r;
  std::uint32_t size = 0;
  for (std::size_t i = 0; i < count; ++i)
    size = std::max(size, lanes[i].size);
  const unsigned per = lanesPerPhase(size);
  // Words of one phase; a lane touches at most a few words (accesses are at
  // most 16 bytes; larger ones are capped, they do not occur at -O0 sizes).
  constexpr std::size_t kMaxWords = 64 * 8;
  std::uint64_t words[kMaxWords];
  // Lanes arrive in increasing lane order from the engine, but do not rely
  // on it: walk phases by lane index.
  std::uint32_t maxLane = 0;
  for (std::size_t i = 0; i < count; ++i)
    maxLane = std::max(maxLane, lanes[i].lane);
  const unsigned phases = maxLane / per + 1;
  for (unsigned p = 0; p < phases; ++p) {
    std::size_t n = 0;
    for (std::size_t i = 0; i < count; ++i) {
      const BankLane &l = lanes[i];
      if (l.lane / per != p)
        continue;
      const std::uint64_t first = l.offset / width_;
      const std::uint64_t last = (l.offset + std::max<std::uint32_t>(l.size, 1) - 1) / width_;
      for (std::uint64_t w = first; w <= last && w < first + 8 && n < kMaxWords; ++w)
        words[n++] = w;
    }
    if (n == 0)
      continue;
    std::sort(words, words + n);
    n = static_cast<std::size_t>(std::unique(words, words + n) - words);
    unsigned perBank[kMaxBanks] = {};
    unsigned worst = 0;
    for (std::size_t k = 0; k < n; ++k) {
      unsigned b = static_cast<unsigned>(words[k] % banks_);
      worst = std::max(worst, ++perBank[b]);
    }
    if (bankLoad != nullptr)
      for (unsigned b = 0; b < banks_; ++b)
        bankLoad[b] += perBank[b];
    r.wavefronts += worst;
    r.ideal += 1;
  }
  return r;
}

} // namespace warpsim::model
