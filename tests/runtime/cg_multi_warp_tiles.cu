// Tiles of several warps (thread_block_tile<64..512>) have what CUDA 13
// gives them besides sync and ranks: shfl, any, all, and cg::reduce (NVIDIA's
// `reduction` sample reduces over a thread_block_tile<512>). Each tile size
// reduces its threads' values (sum, minimum, maximum, bitwise or), shuffles
// a value from a chosen rank and votes; results checked per tile. Prints
// PASS, also when built with nvcc -arch=sm_90.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

struct Out {
  int sum, minv, maxv, orv, from, anyv, allv, allfalse;
};

template <unsigned N> __global__ void tiles(const int *in, Out *out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<N> tile = cg::tiled_partition<N>(block);
  const int v = in[blockIdx.x * blockDim.x + threadIdx.x];
  const int sum = cg::reduce(tile, v, cg::plus<int>());
  const int minv = cg::reduce(tile, v, cg::less<int>());
  const int maxv = cg::reduce(tile, v, cg::greater<int>());
  const int orv = cg::reduce(tile, v, cg::bit_or<int>());
  const int from = tile.shfl(v, 5);
  const int anyv = tile.any(tile.thread_rank() == N - 1);
  const int allv = tile.all(v >= 0);
  const int allfalse = tile.all(tile.thread_rank() != 3);
  if (tile.thread_rank() == 0) {
    const int t = blockIdx.x * tile.meta_group_size() + tile.meta_group_rank();
    out[t] = Out{sum, minv, maxv, orv, from, anyv, allv, allfalse};
  }
}

template <unsigned N> int run(const int *in, const int *host, int blocks, int threads) {
  const int n = blocks * threads / N;
  Out *out;
  cudaMallocManaged(&out, n * sizeof(Out));
  tiles<N><<<blocks, threads>>>(in, out);
  cudaError_t e = cudaDeviceSynchronize();
  int bad = e != cudaSuccess;
  for (int t = 0; t < n; ++t) {
    Out want{0, 1 << 30, -1, 0, host[t * N + 5], 1, 1, 0};
    for (unsigned k = 0; k < N; ++k) {
      const int v = host[t * N + k];
      want.sum += v;
      want.minv = v < want.minv ? v : want.minv;
      want.maxv = v > want.maxv ? v : want.maxv;
      want.orv |= v;
    }
    const Out &g = out[t];
    if (g.sum != want.sum || g.minv != want.minv || g.maxv != want.maxv || g.orv != want.orv ||
        g.from != want.from || g.anyv != 1 || g.allv != 1 || g.allfalse != 0) {
      if (bad++ < 4)
        std::printf("tile<%u> %d: sum %d/%d min %d/%d max %d/%d or %d/%d shfl %d/%d votes %d%d%d\n",
                    N, t, g.sum, want.sum, g.minv, want.minv, g.maxv, want.maxv, g.orv, want.orv,
                    g.from, want.from, g.anyv, g.allv, g.allfalse);
    }
  }
  cudaFree(out);
  std::printf("thread_block_tile<%u>: %d tiles, %d wrong\n", N, n, bad);
  return bad;
}

int main() {
  const int blocks = 4, threads = 512, total = blocks * threads;
  int *in;
  cudaMallocManaged(&in, total * sizeof(int));
  for (int i = 0; i < total; ++i)
    in[i] = (i * 2654435761u) % 1000;
  int *host = new int[total];
  for (int i = 0; i < total; ++i)
    host[i] = in[i];
  int bad = run<64>(in, host, blocks, threads) + run<128>(in, host, blocks, threads) +
            run<256>(in, host, blocks, threads) + run<512>(in, host, blocks, threads);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
