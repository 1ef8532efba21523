// Error checking as helper_cuda.h spells it, in a header of the program.
#pragma once
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(val) check((val), #val, __FILE__, __LINE__)
inline void check(cudaError_t result, const char *func, const char *file, int line) {
  if (result != cudaSuccess) {
    std::fprintf(stderr, "CUDA error at %s:%d code=%d(%s) \"%s\"\n", file, line,
                 static_cast<int>(result), cudaGetErrorName(result), func);
    std::exit(EXIT_FAILURE);
  }
}
