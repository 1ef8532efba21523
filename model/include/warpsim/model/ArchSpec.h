// What a GPU architecture is, as far as warpsim models it. Loaded from the
// data files in model/arch/ (embedded at build time), never hard-coded.
#pragma once

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace warpsim::model {

struct ArchSpec {
  std::string name;
  std::string display_name;
  std::string vendor;
  // AMD's target ID of the device ("gfx942:sramecc+:xnack-": processor and
  // features), as hipDeviceProp_t::gcnArchName reports it and hipcc's
  // --offload-arch names it; empty for NVIDIA. Optional in the data files.
  std::string target_id;
  int compute_major = 0;
  int compute_minor = 0;
  unsigned warp_size = 32;
  unsigned max_threads_per_block = 1024;
  std::array<unsigned, 3> max_block_dim{1024, 1024, 64};
  std::array<unsigned, 3> max_grid_dim{2147483647u, 65535, 65535};
  unsigned multiprocessor_count = 1;
  unsigned max_threads_per_sm = 2048;
  unsigned max_blocks_per_sm = 32;
  unsigned shared_bank_count = 32;
  unsigned shared_bank_width = 4;
  // Lanes whose shared-memory accesses of up to one bank width are served
  // together (one pass over the banks). NVIDIA: the whole warp (32); wider
  // accesses use proportionally fewer lanes per pass (8-byte: a half-warp,
  // 16-byte: a quarter-warp). AMD wave64: 32, a wave issues in halves.
  // Optional in the data files (default 32); see BankModel.h.
  unsigned shared_phase_lanes = 32;
  std::uint64_t static_shared_per_block = std::uint64_t{48} * 1024;
  std::uint64_t shared_per_block_optin = std::uint64_t{48} * 1024;
  std::uint64_t shared_per_sm = std::uint64_t{48} * 1024;
  // Shared memory the driver keeps for itself in every resident block
  // (cudaDevAttrReservedSharedMemoryPerBlock: 1 KiB since sm_80). It counts
  // against shared_per_sm in occupancy, not against a kernel's own limit.
  // Optional in the data files (default 0).
  std::uint64_t reserved_shared_per_block = 0;
  unsigned named_barriers = 16;
  unsigned registers_per_block = 65536;
  unsigned registers_per_sm = 65536;
  std::uint64_t total_global_mem = 0;
  std::uint64_t total_const_mem = 65536;
  unsigned l2_cache_size = 0;
  unsigned clock_rate_khz = 0;
  unsigned memory_clock_rate_khz = 0;
  unsigned memory_bus_width = 0;
  unsigned global_sector_bytes = 32;
  unsigned max_kernel_param_bytes = 4096;
};

struct ArchParseResult {
  std::optional<ArchSpec> spec;
  std::string error; // "line N: ..." when spec is empty
};

// Parses `key = value` lines; '#' starts a comment. Unknown keys and missing
// required keys are errors, so a typo in a data file cannot go unnoticed.
ArchParseResult parseArchSpec(std::string_view text);

// The architectures shipped in model/arch/, by name ("sm_90", ...).
std::vector<std::string> builtinArchNames();
std::optional<ArchSpec> builtinArch(std::string_view name);
inline constexpr std::string_view kDefaultArch = "sm_90";

} // namespace warpsim::model
