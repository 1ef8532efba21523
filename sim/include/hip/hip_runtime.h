// warpsim's hip/hip_runtime.h: what a HIP program sees instead of ROCm's
// (docs/hip.md). HIP's runtime API and kernel language are mapped onto
// warpsim's CUDA runtime (cuda_runtime.h, force-included before every unit):
// thin inline wrappers and macros, no second runtime. The warp size is the
// simulated architecture's: 64 under `--arch cdna3`, which HIP source gets by
// default.
#pragma once

// What hipcc's headers make visible: printf, malloc, memcpy and the math
// functions are used by HIP programs without their own includes.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include <cuda_runtime.h>

#include "hip/amd_hip_atomic.h"
#include "hip/amd_warp_functions.h"
#include "hip/hip_runtime_api.h"
#include "hip/hip_vector_types.h"

// A HIP unit built for an AMD target names it for the program, so that a
// program `warpsim hipcc` linked runs at its architecture when started alone
// (the runtime reads it when WARPSIM_OPTIONS names no architecture), and
// `warpsim run|check --exec` finds it (sim/driver/HipMode.cpp). Weak: every
// unit defines it, the link keeps one.
#ifdef __WARPSIM_HIP_ARCH__
extern "C" __attribute__((weak, used)) const char warpsim_program_arch[] =
    "WARPSIM_PROGRAM_ARCH=" __WARPSIM_HIP_ARCH__;
#endif
