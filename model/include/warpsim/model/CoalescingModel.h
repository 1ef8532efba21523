// Global-memory coalescing of one warp instruction (pure model). See
// docs/warp-model.md, "Coalescing".
//
// A warp instruction is one request; it touches every `sector_bytes`-byte
// sector (32 on NVIDIA, from the architecture data) that any active lane's
// bytes fall in, each counted once however many lanes share it. Compare
// Nsight Compute's l1tex__t_requests_pipe_lsu_mem_global_op_{ld,st}.sum and
// l1tex__t_sectors_pipe_lsu_mem_global_op_{ld,st}.sum.
#pragma once

#include <cstddef>
#include <cstdint>

namespace warpsim::model {

struct ArchSpec;

struct CoalescingLane {
  std::uint64_t addr;
  std::uint32_t size;
};

struct CoalescingResult {
  std::uint32_t requests = 0; // 1 per warp instruction with an active lane
  std::uint32_t sectors = 0;  // distinct sectors touched
  std::uint32_t ideal = 0;    // sectors the same bytes would need if contiguous
};

class CoalescingModel {
public:
  explicit CoalescingModel(unsigned sectorBytes);
  explicit CoalescingModel(const ArchSpec &arch);

  CoalescingResult evaluate(const CoalescingLane *lanes, std::size_t count) const;
  unsigned sectorBytes() const { return sector_; }

private:
  unsigned sector_;
};

} // namespace warpsim::model
