#include "warpsim/model/LaunchValidation.h"

#include <algorithm>

namespace warpsim::model {
namespace {
std::string dims(const Dim3 &d) {
  return "(" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + ")";
}
} // namespace

LaunchVerdict validateLaunch(const ArchSpec &arch, const LaunchRequest &req) {
  const Dim3 &g = req.grid, &b = req.block;
  if (g.x == 0 || g.y == 0 || g.z == 0)
    return {LaunchError::InvalidConfiguration, "grid " + dims(g) + " has a zero dimension"};
  if (b.x == 0 || b.y == 0 || b.z == 0)
    return {LaunchError::InvalidConfiguration, "block " + dims(b) + " has a zero dimension"};
  if (b.x > arch.max_block_dim[0] || b.y > arch.max_block_dim[1] || b.z > arch.max_block_dim[2])
    return {LaunchError::InvalidConfiguration, "block " + dims(b) +
                                                   " exceeds the maximum block dimensions (" +
                                                   std::to_string(arch.max_block_dim[0]) + "," +
                                                   std::to_string(arch.max_block_dim[1]) + "," +
                                                   std::to_string(arch.max_block_dim[2]) + ")"};
  if (b.volume() > arch.max_threads_per_block)
    return {LaunchError::InvalidConfiguration,
            "block " + dims(b) + " has " + std::to_string(b.volume()) +
                " threads; the maximum is " + std::to_string(arch.max_threads_per_block)};
  // A kernel compiled with __launch_bounds__(N) has no code for more threads
  // (its registers were allotted for N); the launch fails (H100, CUDA 13:
  // cudaErrorInvalidValue, tests/runtime/native-h100.txt).
  if (req.max_threads_bound != 0 && b.volume() > req.max_threads_bound)
    return {LaunchError::InvalidValue, "block " + dims(b) + " has " + std::to_string(b.volume()) +
                                           " threads, more than the kernel's __launch_bounds__(" +
                                           std::to_string(req.max_threads_bound) + ")"};
  if (g.x > arch.max_grid_dim[0] || g.y > arch.max_grid_dim[1] || g.z > arch.max_grid_dim[2])
    return {LaunchError::InvalidConfiguration,
            "grid " + dims(g) + " exceeds the maximum grid dimensions"};
  // Static shared memory is capped at the static limit; dynamic shared memory
  // may grow to the opt-in limit only after cudaFuncSetAttribute.
  if (req.static_smem > arch.static_shared_per_block)
    return {LaunchError::InvalidValue,
            "static shared memory of " + std::to_string(req.static_smem) + " bytes exceeds the " +
                std::to_string(arch.static_shared_per_block) + "-byte limit"};
  // Without the opt-in, static and dynamic share the static limit; with it,
  // the dynamic part has its own limit and both together the opt-in maximum
  // (an H100 launches 256 static + 100 KiB dynamic bytes under a 100 KiB
  // opt-in: tests/runtime/grid_sync_largest.h100.txt).
  const bool optIn = req.max_dynamic_smem_optin > 0;
  const std::uint64_t dynLimit =
      optIn ? std::min<std::uint64_t>(req.max_dynamic_smem_optin, arch.shared_per_block_optin)
            : arch.static_shared_per_block;
  const std::uint64_t totalLimit =
      optIn ? arch.shared_per_block_optin : arch.static_shared_per_block;
  if (req.dynamic_smem > dynLimit || req.static_smem + req.dynamic_smem > totalLimit)
    return {LaunchError::InvalidValue,
            "shared memory of " + std::to_string(req.static_smem) + " static + " +
                std::to_string(req.dynamic_smem) +
                " dynamic bytes exceeds the per-block limit of " +
                std::to_string(req.dynamic_smem > dynLimit ? dynLimit : totalLimit) +
                " bytes (raise it with cudaFuncSetAttribute("
                "cudaFuncAttributeMaxDynamicSharedMemorySize), up to " +
                std::to_string(arch.shared_per_block_optin) + ")"};
  if (req.param_bytes > arch.max_kernel_param_bytes)
    return {LaunchError::InvalidValue,
            "kernel parameters of " + std::to_string(req.param_bytes) + " bytes exceed the " +
                std::to_string(arch.max_kernel_param_bytes) + "-byte limit"};
  return {};
}

} // namespace warpsim::model
