// Benchmark (f): tiled matrix multiply C = A * B through shared memory.
// side x side floats (default 256, argv[1] overrides; a multiple of 16),
// 16x16-thread blocks: per tile, each thread loads one element of A and of B
// into shared tiles, __syncthreads(), 16 multiply-adds from the tiles,
// __syncthreads(). Inputs are small integers, so the host checks every
// element of C exactly.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#include "cuda_check.h"

constexpr int TILE = 16;

__global__ void matmul(float *c, const float *a, const float *b, int side) {
  __shared__ float ta[TILE][TILE];
  __shared__ float tb[TILE][TILE];
  int row = blockIdx.y * TILE + threadIdx.y;
  int col = blockIdx.x * TILE + threadIdx.x;
  float acc = 0.0f;
  for (int t = 0; t < side; t += TILE) {
    ta[threadIdx.y][threadIdx.x] = a[row * side + t + threadIdx.x];
    tb[threadIdx.y][threadIdx.x] = b[(t + threadIdx.y) * side + col];
    __syncthreads();
    for (int k = 0; k < TILE; ++k) acc += ta[threadIdx.y][k] * tb[k][threadIdx.x];
    __syncthreads();
  }
  c[row * side + col] = acc;
}

int main(int argc, char **argv) {
  const int side = argc > 1 ? std::atoi(argv[1]) : 256;
  if (side <= 0 || side % TILE != 0) {
    std::printf("FAIL: side must be a positive multiple of %d\n", TILE);
    return 1;
  }
  const size_t n = size_t(side) * side, bytes = n * sizeof(float);
  float *h_a = static_cast<float *>(std::malloc(bytes));
  float *h_b = static_cast<float *>(std::malloc(bytes));
  float *h_c = static_cast<float *>(std::malloc(bytes));
  if (!h_a || !h_b || !h_c) {
    std::printf("FAIL: host allocation\n");
    return 1;
  }
  for (size_t i = 0; i < n; ++i) {
    h_a[i] = float(i % 7) - 3.0f;
    h_b[i] = float(i % 5) - 2.0f;
  }

  float *d_a = nullptr, *d_b = nullptr, *d_c = nullptr;
  CUDA_CHECK(cudaMalloc(&d_a, bytes));
  CUDA_CHECK(cudaMalloc(&d_b, bytes));
  CUDA_CHECK(cudaMalloc(&d_c, bytes));
  CUDA_CHECK(cudaMemcpy(d_a, h_a, bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_b, h_b, bytes, cudaMemcpyHostToDevice));
  dim3 grid(side / TILE, side / TILE), block(TILE, TILE);
  matmul<<<grid, block>>>(d_c, d_a, d_b, side);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  CUDA_CHECK(cudaMemcpy(h_c, d_c, bytes, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_a));
  CUDA_CHECK(cudaFree(d_b));
  CUDA_CHECK(cudaFree(d_c));

  long bad = 0;
  for (int r = 0; r < side; ++r)
    for (int col = 0; col < side; ++col) {
      float want = 0.0f;
      for (int k = 0; k < side; ++k) want += h_a[size_t(r) * side + k] * h_b[size_t(k) * side + col];
      if (h_c[size_t(r) * side + col] != want) {
        if (bad < 8) std::printf("C(%d,%d): got %g, expected %g\n", r, col, h_c[size_t(r) * side + col], want);
        ++bad;
      }
    }
  std::printf("matmul: side=%d blocks=%d threads_per_block=%d\n", side, (side / TILE) * (side / TILE),
              TILE * TILE);
  std::free(h_a);
  std::free(h_b);
  std::free(h_c);
  if (bad) {
    std::printf("FAIL: %ld of %zu values wrong\n", bad, n);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
