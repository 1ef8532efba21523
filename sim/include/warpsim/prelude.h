// Force-included before every .cu file, as nvcc includes cuda_runtime.h.
#pragma once
#include "warpsim/cuda_libraries.h"
#include "warpsim/ptx_abi.h"
#include "warpsim/sync_abi.h"
#include <cuda_runtime.h>
#include "warpsim/runtime_compat.h"
