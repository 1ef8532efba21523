// warpsim's hip/hip_fp16.h: IEEE binary16 as HIP names it, which is CUDA's
// cuda_fp16.h (__half, __half2, __float2half, __hadd ...).
#pragma once
#include "hip/hip_runtime.h"
#include <cuda_fp16.h>
