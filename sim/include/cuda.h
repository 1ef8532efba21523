// warpsim's cuda.h: the CUDA runtime header, and of the driver API what
// programs use beside the runtime: tensor maps (cuTensorMapEncodeTiled, for
// cp.async.bulk.tensor) with their types, cuInit, cuDriverGetVersion and the
// error strings (warpsim/driver_api.h). Other driver API functions are not
// declared.
#pragma once
#include <cuda_runtime.h>

// The toolkit version and include guard, as CUDA 13's cuda.h defines them
// (helper_cuda.h tests the guard to add its CUresult helpers).
#define __cuda_cuda_h__
#define CUDA_VERSION 13000

#include "warpsim/driver_api.h"
