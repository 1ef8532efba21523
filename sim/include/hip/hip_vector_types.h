// warpsim's hip/hip_vector_types.h: HIP's vector types are CUDA's (float4,
// int2, make_float4 ..., warpsim/vector_types.h), as hipcc gives them to
// programs. HIP also defines arithmetic operators on them (a + b of two
// float4); warpsim does not yet (docs/hip.md).
#pragma once
#include <cuda_runtime.h>
