#include "warpsim/model/CoalescingModel.h"

#include <algorithm>

#include "warpsim/model/ArchSpec.h"

namespace warpsim::model {

CoalescingModel::CoalescingModel(unsigned sectorBytes) : sector_(std::max(sectorBytes, 1u)) {}

CoalescingModel::CoalescingModel(const ArchSpec &arch)
    : CoalescingModel(arch.global_sector_bytes) {}

CoalescingResult CoalescingModel::evaluate(const CoalescingLane *lanes, std::size_t count) const {
  CoalescingResult r;
  if (count == 0)
    return r;
  constexpr std::size_t kMax = 64 * 4;
  std::uint64_t sectors[kMax];
  std::size_t n = 0;
  std::uint64_t bytes = 0;
  for (std::size_t i = 0; i < count; ++i) {
    const std::uint32_t size = std::max<std::uint32_t>(lanes[i].size, 1);
    const std::uint64_t first = lanes[i].addr / sector_;
    const std::uint64_t last = (lanes[i].addr + size - 1) / sector_;
    for (std::uint64_t s = first; s <= last && n < kMax; ++s)
      sectors[n++] = s;
    bytes += size;
  }
  std::sort(sectors, sectors + n);
  r.sectors = static_cast<std::uint32_t>(std::unique(sectors, sectors + n) - sectors);
  r.requests = 1;
  // Ideal: the distinct bytes, packed. Approximated by each lane's size when
  // lanes do not overlap; overlapping lanes (broadcast) never need more
  // sectors than they touch.
  r.ideal = static_cast<std::uint32_t>(
      std::min<std::uint64_t>(r.sectors, (bytes + sector_ - 1) / sector_));
  return r;
}

} // namespace warpsim::model
