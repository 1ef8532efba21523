// Force-included before every .cu file, as nvcc includes cuda_runtime.h.
#pragma once
#include <cuda_runtime.h>
