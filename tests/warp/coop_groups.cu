// Cooperative groups basics, self-checked against the host for the device's
// warp size: thread_block, static and dynamic tiled_partition, tiles of
// tiles, coalesced_threads() and cg::reduce. Builds with nvcc as well.
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

static int failures = 0, checks = 0;
#define CHECK_EQ(got, want, what, i)                                                               \
  do {                                                                                             \
    ++checks;                                                                                      \
    if (!((got) == (want)) && ++failures < 20)                                                     \
      std::printf("FAILED: %s at thread %d: got %d want %d\n", what, (int)(i), (int)(got),         \
                  (int)(want));                                                                    \
  } while (0)

constexpr int kBlock = 128, kGrid = 2, K = 27;

__global__ void groups(int *out) {
  __shared__ int s[kBlock];
  cg::thread_block block = cg::this_thread_block();
  int t = (int)block.thread_rank();
  int *o = out + (blockIdx.x * blockDim.x + t) * K;
  o[0] = (int)block.size();
  o[1] = (int)block.group_index().x;
  o[2] = (int)block.thread_index().x;
  s[t] = t * 3;
  block.sync();
  o[3] = s[(t + 1) % kBlock];

  cg::thread_block_tile<16> tile = cg::tiled_partition<16>(block);
  o[4] = (int)tile.thread_rank();
  o[5] = (int)tile.meta_group_rank();
  o[6] = (int)tile.size();
  o[7] = tile.shfl(t * 2, 3);
  o[8] = tile.shfl_up(t, 1);
  o[9] = tile.shfl_down(t, 2);
  o[10] = tile.shfl_xor(t, 5);
  o[11] = tile.any(t % 16 == 9);
  o[12] = tile.all(t >= 0) + 2 * tile.all(t % 16 != 3);
  o[13] = (int)tile.ballot(t % 2 == 0);
  tile.sync();
  o[14] = cg::reduce(tile, t, cg::plus<int>());
  o[15] = cg::reduce(tile, t, cg::less<int>());
  o[16] = cg::reduce(tile, t, cg::greater<int>());

  cg::thread_group dyn = cg::tiled_partition(block, 8);
  o[17] = (int)dyn.thread_rank();
  o[18] = (int)dyn.size();
  dyn.sync();

  cg::thread_block_tile<4> sub = cg::tiled_partition<4>(tile);
  o[19] = (int)sub.meta_group_rank();
  o[20] = (int)cg::reduce(sub, (float)t * 0.5f, cg::plus<float>());

  if (t % 3 == 0) {
    cg::coalesced_group active = cg::coalesced_threads();
    o[21] = (int)active.size();
    o[22] = (int)active.thread_rank();
    o[23] = active.shfl(t, 0);
    o[24] = cg::reduce(active, t, cg::plus<int>());
  } else {
    o[21] = o[22] = o[23] = o[24] = -1;
  }

  cg::thread_block_tile<32> w32 = cg::tiled_partition<32>(block);
  o[25] = (int)w32.meta_group_rank();
  o[26] = cg::reduce(w32, t, cg::greater<int>()) - cg::reduce(w32, t, cg::less<int>()) +
          1000 * cg::reduce(w32, 1, cg::plus<int>());
}

int main() {
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const int WS = prop.warpSize;
  std::printf("warpSize %d\n", WS);
  int *d;
  cudaMalloc(&d, sizeof(int) * kBlock * kGrid * K);
  groups<<<kGrid, kBlock>>>(d);
  static int h[kBlock * kGrid * K];
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  for (int g = 0; g < kBlock * kGrid; ++g) {
    const int *o = h + g * K;
    int t = g % kBlock, b = g / kBlock;
    int t16 = t / 16 * 16, r16 = t % 16;
    CHECK_EQ(o[0], kBlock, "block.size", g);
    CHECK_EQ(o[1], b, "block.group_index", g);
    CHECK_EQ(o[2], t, "block.thread_index", g);
    CHECK_EQ(o[3], (t + 1) % kBlock * 3, "block.sync", g);
    CHECK_EQ(o[4], r16, "tile.thread_rank", g);
    CHECK_EQ(o[5], t / 16, "tile.meta_group_rank", g);
    CHECK_EQ(o[6], 16, "tile.size", g);
    CHECK_EQ(o[7], (t16 + 3) * 2, "tile.shfl", g);
    CHECK_EQ(o[8], r16 >= 1 ? t - 1 : t, "tile.shfl_up", g);
    CHECK_EQ(o[9], r16 + 2 < 16 ? t + 2 : t, "tile.shfl_down", g);
    CHECK_EQ(o[10], t16 + (r16 ^ 5), "tile.shfl_xor", g);
    CHECK_EQ(o[11], 1, "tile.any", g);
    CHECK_EQ(o[12], 1, "tile.all", g);
    CHECK_EQ(o[13], 0x5555, "tile.ballot", g);
    CHECK_EQ(o[14], 16 * t16 + 120, "reduce plus", g);
    CHECK_EQ(o[15], t16, "reduce less", g);
    CHECK_EQ(o[16], t16 + 15, "reduce greater", g);
    CHECK_EQ(o[17], t % 8, "dynamic tile thread_rank", g);
    CHECK_EQ(o[18], 8, "dynamic tile size", g);
    CHECK_EQ(o[19], r16 / 4, "sub-tile meta_group_rank", g);
    int t4 = t / 4 * 4;
    CHECK_EQ(o[20], (int)((t4 * 4 + 6) * 0.5f), "sub-tile reduce float", g);
    if (t % 3 == 0) {
      int base = t / WS * WS, n = 0, rank = 0, first = -1, sum = 0;
      for (int l = base; l < base + WS && l < kBlock; ++l)
        if (l % 3 == 0) {
          if (first < 0)
            first = l;
          if (l < t)
            ++rank;
          ++n;
          sum += l;
        }
      CHECK_EQ(o[21], n, "coalesced size", g);
      CHECK_EQ(o[22], rank, "coalesced thread_rank", g);
      CHECK_EQ(o[23], first, "coalesced shfl", g);
      CHECK_EQ(o[24], sum, "coalesced reduce", g);
    }
    CHECK_EQ(o[25], t / 32, "tile<32> meta_group_rank", g);
    CHECK_EQ(o[26], 31 + 32000, "tile<32> reduce", g);
  }
  cudaFree(d);
  cudaError_t e = cudaGetLastError();
  if (e != cudaSuccess) {
    std::printf("FAILED: %s\n", cudaGetErrorString(e));
    ++failures;
  }
  std::printf("%d checks\n", checks);
  if (failures == 0)
    std::printf("PASS\n");
  return failures == 0 ? 0 : 1;
}
