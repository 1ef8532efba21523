// Shared-memory bank conflicts of one warp instruction (pure model, no
// simulator state). See docs/warp-model.md, "Bank conflicts".
//
// Geometry from the architecture data: `bank_count` banks of `bank_width`
// bytes; word w lives in bank w % bank_count. A warp instruction is served
// in passes ("phases"): lanes [k*P, (k+1)*P) form phase k, where
//   P = phase_lanes * bank_width / clamp(size, bank_width, 16)
// NVIDIA (phase_lanes 32): <=4-byte accesses one phase per warp, 8-byte
// accesses per half-warp, 16-byte per quarter-warp. AMD wave64 (phase_lanes
// 32): a 64-lane LDS access is two halves.
// Within a phase, lanes that touch the same word share it (broadcast); a
// bank that must deliver n distinct words needs n wavefronts, so the phase
// costs max over banks of its distinct words. The instruction's wavefronts
// are the sum over phases that have active lanes; the ideal is one per such
// phase; conflicts = wavefronts - ideal (Nsight Compute's
// l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}).
#pragma once

#include <cstddef>
#include <cstdint>

namespace warpsim::model {

struct ArchSpec;

struct BankLane {
  std::uint32_t lane;   // index within the warp (selects the phase)
  std::uint32_t size;   // bytes accessed
  std::uint64_t offset; // byte offset within the shared window
};

struct BankResult {
  std::uint32_t wavefronts = 0;
  std::uint32_t ideal = 0; // phases with active lanes
  std::uint32_t conflicts() const { return wavefronts - ideal; }
};

class BankModel {
public:
  static constexpr unsigned kMaxBanks = 64;

  BankModel(unsigned bankCount, unsigned bankWidth, unsigned phaseLanes);
  explicit BankModel(const ArchSpec &arch);

  // `bankLoad`, when given (bankCount entries), is incremented per bank by
  // the distinct words it delivers for this instruction (the heat map).
  BankResult evaluate(const BankLane *lanes, std::size_t count,
                      std::uint64_t *bankLoad = nullptr) const;

  unsigned bankCount() const { return banks_; }
  unsigned bankWidth() const { return width_; }
  unsigned phaseLanes() const { return phaseLanes_; }
  // Lanes per phase for an access of `size` bytes.
  unsigned lanesPerPhase(std::uint32_t size) const;

private:
  unsigned banks_, width_, phaseLanes_;
};

} // namespace warpsim::model
