// CUDA arrays as the runtime keeps them (the program sees only the opaque
// cudaArray_t): texels row by row in one device allocation, no padding.
#pragma once

#include <cstddef>

#include <cuda_runtime.h>

struct cudaArray {
  void *data = nullptr; // the device allocation holding the texels
  cudaChannelFormatDesc desc{};
  cudaExtent extent{}; // as given (0 for an unused dimension)
  unsigned flags = 0;
  std::size_t width = 0, height = 0, depth = 0; // each at least 1; depth counts layers
  unsigned elemSize = 0;
  std::size_t pitch = 0, slicePitch = 0; // bytes per row, per slice (or layer)
  int dims = 0;                          // 1, 2 or 3 (layers excluded)
  bool layered = false;
  unsigned id = 0; // numbered from 1 in creation order, for messages
};

namespace warpsim::sim {

// The live array `a` names, or nullptr (never made, or freed).
const cudaArray *findArray(const void *a);
// A channel format warpsim samples: 1, 2 or 4 channels of equal width,
// 8/16/32-bit integers or 32-bit floats; `count` gets the channel count.
bool channelsSupported(const cudaChannelFormatDesc &d, int &count);
// cudaMemcpy3D/Async where srcArray or dstArray is set.
cudaError_t copy3DWithArrays(const cudaMemcpy3DParms &p, const char *what);

} // namespace warpsim::sim
