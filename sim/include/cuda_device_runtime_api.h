// Forwards to warpsim's CUDA runtime header, which defines what this CUDA
// header would (and its include guard).
#pragma once
#include <cuda_runtime.h>
