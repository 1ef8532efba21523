// The other allocating calls of the runtime API, never freed, under
// --leak-check full (issue 27 item 5): each is reported at the user's call
// with its own name and the call that frees it (before: "cudaMalloc" or
// "cudaMallocManaged" at a line of warpsim's runtime). With -DFREE_ALL
// (cuda_malloc_family_freed_clean.cu) everything is freed and nothing is
// reported. Valid for nvcc.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void fill(float *row, int v) { row[threadIdx.x] = static_cast<float>(v); }

int main() {
  float *pitched;
  std::size_t pitch = 0;
  cudaMallocPitch(&pitched, &pitch, 100 * sizeof(float), 4);
  cudaPitchedPtr volume;
  cudaMalloc3D(&volume, make_cudaExtent(64, 4, 4));
  void *async = nullptr;
  cudaMallocAsync(&async, 256, 0);
  char *pinned;
  cudaMallocHost(&pinned, 128);
  void *mapped;
  cudaHostAlloc(&mapped, 64, cudaHostAllocDefault);
  fill<<<1, 32>>>(pitched, 2);
  float h = 0;
  cudaMemcpy(&h, pitched, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("pitch %zu, value %g\n", pitch, h);
#ifdef FREE_ALL
  cudaFree(pitched);
  cudaFree(volume.ptr);
  cudaFreeAsync(async, 0);
  cudaFreeHost(pinned);
  cudaFreeHost(mapped);
  cudaDeviceSynchronize();
#endif
  return 0;
}
