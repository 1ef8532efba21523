// A surface write one element past the row under the default boundary mode
// (cudaBoundaryModeTrap): the x coordinate is in bytes, and this kernel
// passes x * 4 + 4 for the last thread's element. The GPU traps; warpsim
// ends the launch with an out-of-bounds finding at the write, and
// cudaDeviceSynchronize returns the error. Its clean twin (zero and clamp
// modes, in-range writes) is surface_objects.cu.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void shift(cudaSurfaceObject_t s, int n) {
  int x = threadIdx.x;
  if (x < n)
    surf2Dwrite(float(x), s, (x + 1) * 4, 0);
}

int main() {
  const int n = 16;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  cudaMallocArray(&a, &fd, n, 2, cudaArraySurfaceLoadStore);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  cudaCreateSurfaceObject(&s, &rd);
  shift<<<1, 32>>>(s, n);
  std::printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
