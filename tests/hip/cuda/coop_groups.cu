// CUDA twin of tests/hip/coop_groups.hip: the same sums, with tiles of 32
// (a warp) where HIP has tiles of 64 (a wavefront).
#include <cooperative_groups.h>
#include <cuda_runtime.h>

#include <cstdio>

namespace cg = cooperative_groups;

template <class Tile> __device__ int tile_sum(const Tile &t, int v) {
  for (unsigned d = static_cast<unsigned>(t.num_threads()) / 2; d > 0; d /= 2)
    v += t.shfl_down(v, d);
  return v;
}

__global__ void sums(const int *in, int *by16, int *byWave, int *odd_votes) {
  cg::thread_block block = cg::this_thread_block();
  const int v = in[blockIdx.x * blockDim.x + block.thread_rank()];
  auto t16 = cg::tiled_partition<16>(block);
  const int s16 = tile_sum(t16, v);
  if (t16.thread_rank() == 0)
    atomicAdd(by16, s16);
  block.sync();
  auto wave = cg::tiled_partition<32>(block);
  const int sw = tile_sum(wave, v);
  if (wave.thread_rank() == 0) {
    atomicAdd(byWave, sw);
  }
  const unsigned long long odd = t16.ballot(v & 1);
  if (t16.thread_rank() == 0)
    atomicAdd(odd_votes, __popcll(odd));
}

int main() {
  const int blocks = 4, block = 256, n = blocks * block;
  int *in, *out;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, 3 * sizeof(int));
  int expect = 0, odd = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 13) % 97;
    expect += in[i];
    odd += in[i] & 1;
  }
  out[0] = out[1] = out[2] = 0;
  sums<<<blocks, block>>>(in, out, out + 1, out + 2);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  std::printf("coop_groups: by 16=%d by wave=%d expected=%d odd=%d expected=%d\n", out[0], out[1],
              expect, out[2], odd);
  const bool ok = out[0] == expect && out[1] == expect && out[2] == odd;
  cudaFree(in);
  cudaFree(out);
  return ok ? 0 : 1;
}
