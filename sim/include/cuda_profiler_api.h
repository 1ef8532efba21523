// cudaProfilerStart/Stop: they bracket what an external profiler records.
// Warpsim's profile covers every launch, so both succeed and change nothing.
#pragma once
#include <cuda_runtime.h>

#define __CUDA_PROFILER_API_H__

extern "C" {
cudaError_t cudaProfilerStart(void);
cudaError_t cudaProfilerStop(void);
}
