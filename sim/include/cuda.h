// Forwards to warpsim's CUDA runtime header.
#pragma once
#include <cuda_runtime.h>

// The toolkit version, as CUDA 13's cuda.h defines it (the driver API
// itself is not provided).
#define CUDA_VERSION 13000
