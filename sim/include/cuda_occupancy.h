// CUDA's occupancy calculator header (cudaOcc*), which Thrust's CUDA backend
// includes without using. warpsim provides the runtime's occupancy API
// (cudaOccupancyMaxActiveBlocksPerMultiprocessor, ...) in cuda_runtime.h and
// not the cudaOcc* calculator.
#pragma once
#include <cuda_runtime.h>
