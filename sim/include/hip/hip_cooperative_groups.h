// warpsim's hip/hip_cooperative_groups.h: HIP's cooperative groups are
// CUDA's namespace cooperative_groups (this_thread_block, tiled_partition,
// this_grid with a cooperative launch ...; docs/warp-model.md), here at the
// simulated warp size (64 lanes under --arch cdna3).
#pragma once
#include "hip/hip_runtime.h"
#include <cooperative_groups.h>
