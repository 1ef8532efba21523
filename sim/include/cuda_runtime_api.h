// Forwards to warpsim's CUDA runtime header.
#pragma once
#include <cuda_runtime.h>
