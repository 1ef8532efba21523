// The launch-configuration rules the CUDA runtime enforces before a kernel
// runs. A violation yields the runtime's error code; the kernel never starts.
#pragma once

#include <cstdint>
#include <string>

#include "warpsim/model/ArchSpec.h"
#include "warpsim/model/Dim3.h"

namespace warpsim::model {

enum class LaunchError {
  None,
  InvalidConfiguration, // cudaErrorInvalidConfiguration (9)
  InvalidValue,         // cudaErrorInvalidValue (1)
  OutOfResources,       // cudaErrorLaunchOutOfResources (701)
};

struct LaunchRequest {
  Dim3 grid;
  Dim3 block;
  std::uint64_t static_smem = 0;            // known static __shared__ bytes
  std::uint64_t dynamic_smem = 0;           // the launch's third <<< >>> argument
  std::uint64_t max_dynamic_smem_optin = 0; // cudaFuncSetAttribute, or 0
  std::uint64_t param_bytes = 0;
  std::uint32_t max_threads_bound = 0; // the kernel's __launch_bounds__, or 0
};

struct LaunchVerdict {
  LaunchError error = LaunchError::None;
  std::string reason; // human-readable, for the report
  bool ok() const { return error == LaunchError::None; }
};

LaunchVerdict validateLaunch(const ArchSpec &arch, const LaunchRequest &req);

} // namespace warpsim::model
