// Benchmark (c): tiled matrix transpose through shared memory.
// A side x side float matrix (default 1024, argv[1] overrides; a multiple of
// 16), 16x16-thread blocks: each thread loads one element into a shared tile
// (padded by one column against bank conflicts), __syncthreads(), then writes
// the transposed element. The host checks every element exactly.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int TILE = 16;

__global__ void transpose(float *out, const float *in, int side) {
  __shared__ float tile[TILE][TILE + 1];
  int x = blockIdx.x * TILE + threadIdx.x;
  int y = blockIdx.y * TILE + threadIdx.y;
  tile[threadIdx.y][threadIdx.x] = in[y * side + x];
  __syncthreads();
  x = blockIdx.y * TILE + threadIdx.x;
  y = blockIdx.x * TILE + threadIdx.y;
  out[y * side + x] = tile[threadIdx.x][threadIdx.y];
}

int main(int argc, char **argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 1024;
  if (side <= 0 || side % TILE != 0) {
    std::printf("FAIL: side must be a positive multiple of %d\n", TILE);
    return 1;
  }
  const size_t n = size_t(side) * side, bytes = n * sizeof(float);
  float *h_in = static_cast<float *>(std::malloc(bytes));
  float *h_out = static_cast<float *>(std::malloc(bytes));
  if (!h_in || !h_out) {
    std::printf("FAIL: host allocation\n");
    return 1;
  }
  for (size_t i = 0; i < n; ++i) h_in[i] = float(i % 4093);

  float *d_in = nullptr, *d_out = nullptr;
  CUDA_CHECK(cudaMalloc(&d_in, bytes));
  CUDA_CHECK(cudaMalloc(&d_out, bytes));
  CUDA_CHECK(cudaMemcpy(d_in, h_in, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemset(d_out, 0, bytes));

  dim3 grid(side / TILE, side / TILE), block(TILE, TILE);
  transpose<<<grid, block>>>(d_out, d_in, side);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_out, d_out, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_in));
  CUDA_CHECK(cudaFree(d_out));

  long bad = 0;
  for (int r = 0; r < side; ++r)
    for (int c = 0; c < side; ++c)
      if (h_out[size_t(c) * side + r] != h_in[size_t(r) * side + c]) {
        if (bad < 8) std::printf("mismatch at (%d,%d)\n", c, r);
        ++bad;
      }
  std::printf("transpose: side=%d blocks=%d threads_per_block=%d\n", side, (side / TILE) * (side / TILE),
              TILE * TILE);
  std::free(h_in);
  std::free(h_out);
  if (bad) {
    std::printf("FAIL: %ld of %zu values wrong\n", bad, n);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
