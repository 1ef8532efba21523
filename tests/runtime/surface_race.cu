// Threads read the element their neighbour writes through the same surface
// with no barrier between the write and the read: a data race on the
// array's bytes (surface accesses are memory accesses). Its clean twin, with
// the __syncthreads, is the `neighbours` kernel of surface_objects.cu.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void neighbours(cudaSurfaceObject_t s, float *out, int n) {
  int x = threadIdx.x;
  surf1Dwrite(float(x), s, x * 4);
  out[x] = surf1Dread<float>(s, ((x + 1) % n) * 4);
}

int main() {
  const int n = 64;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  cudaMallocArray(&a, &fd, n, 0, cudaArraySurfaceLoadStore);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  cudaCreateSurfaceObject(&s, &rd);
  float *out;
  cudaMalloc(&out, n * sizeof(float));
  neighbours<<<1, n>>>(s, out, n);
  std::printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
