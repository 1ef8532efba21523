// Cooperative groups beyond the basics, self-checked: binary_partition and
// labeled_partition (coalesced groups with their ranks, sizes, meta-group
// ranks and shuffles), tiles of 64 and 128 threads (sync, ranks, meta
// groups), and shuffles of types larger than a register (uint4, a 12-byte
// struct, double). Every check that fails is counted; PASS only with none.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define checkCudaErrors(call)                                                                      \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

struct Triple {
  int a, b, c;
};

__device__ int g_fail[8];
#define CHECK(k, cond)                                                                             \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      atomicAdd(&g_fail[k], 1);                                                                    \
  } while (0)

__global__ void partitions(int *labels_out) {
  cg::thread_block block = cg::this_thread_block();
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(block);
  const unsigned lane = warp.thread_rank();
  // binary_partition of a warp: odd and even lanes.
  cg::coalesced_group part = cg::binary_partition(warp, lane % 2 == 1);
  CHECK(0, part.size() == 16);
  CHECK(0, part.thread_rank() == lane / 2);
  CHECK(0, part.meta_group_rank() == lane % 2 && part.meta_group_size() == 2);
  CHECK(0, part.shfl(lane, 3) == 6 + lane % 2);
  CHECK(0, part.shfl_down(lane, 1) == (lane / 2 == 15 ? lane : lane + 2));
  CHECK(0, part.ballot(lane < 8) == 0xfu);
  part.sync();
  // A predicate true everywhere gives the whole group, meta rank 0 of 1.
  cg::coalesced_group all = cg::binary_partition(warp, true);
  CHECK(1, all.size() == 32 && all.meta_group_rank() == 0 && all.meta_group_size() == 1);
  // labeled_partition by lane % 3 (labels 0, 1, 2 with 11, 11, 10 lanes).
  cg::coalesced_group lab = cg::labeled_partition(warp, (int)(lane % 3));
  CHECK(2, lab.size() == (lane % 3 == 2 ? 10u : 11u));
  CHECK(2, lab.thread_rank() == lane / 3);
  CHECK(2, lab.meta_group_rank() == lane % 3 && lab.meta_group_size() == 3);
  CHECK(2, lab.shfl(lane, 0) == lane % 3);
  CHECK(2, lab.shfl_up(lane, 1) == (lane < 3 ? lane : lane - 3));
  // A partition of a partition: only the even lanes take part.
  if (lane % 2 == 0) {
    cg::coalesced_group even = cg::coalesced_threads();
    cg::coalesced_group q = cg::labeled_partition(even, (int)(lane / 8));
    CHECK(3, q.size() == 4 && q.thread_rank() == (lane % 8) / 2);
    CHECK(3, q.meta_group_rank() == lane / 8 && q.meta_group_size() == 4);
    cg::coalesced_group r = cg::binary_partition(q, lane % 8 >= 4);
    CHECK(3, r.size() == 2 && r.thread_rank() == (lane % 4) / 2);
    labels_out[block.thread_rank()] = (int)(q.meta_group_rank() * 10 + r.meta_group_rank());
  } else {
    labels_out[block.thread_rank()] = -1;
  }
}

__global__ void big_tiles(int *sums) {
  __shared__ cg::block_tile_memory<256> scratch;
  __shared__ int stage[256];
  cg::thread_block block = cg::this_thread_block(scratch);
  cg::thread_block_tile<64> t64 = cg::tiled_partition<64>(block);
  cg::thread_block_tile<128> t128 = cg::tiled_partition<128>(block);
  const unsigned tid = block.thread_rank();
  CHECK(4, t64.size() == 64 && t64.num_threads() == 64 && t64.thread_rank() == tid % 64);
  CHECK(4, t64.meta_group_rank() == tid / 64 && t64.meta_group_size() == 4);
  CHECK(4, t128.thread_rank() == tid % 128 && t128.meta_group_rank() == tid / 128 &&
               t128.meta_group_size() == 2);
  // Each 64-thread tile sums its own slice of shared memory after its own sync.
  stage[tid] = (int)tid;
  t64.sync();
  if (t64.thread_rank() == 0) {
    int s = 0;
    for (int k = 0; k < 64; ++k)
      s += stage[tid + k];
    sums[blockIdx.x * 4 + t64.meta_group_rank()] = s;
  }
  t128.sync();
  cg::sync(t128);
}

__global__ void wide_shuffles() {
  cg::thread_block_tile<32> warp = cg::tiled_partition<32>(cg::this_thread_block());
  cg::thread_block_tile<8> t8 = cg::tiled_partition<8>(warp);
  const unsigned lane = warp.thread_rank();
  uint4 v = make_uint4(lane, lane * 2, lane * 3, ~lane);
  uint4 w = warp.shfl(v, 31 - lane);
  CHECK(5, w.x == 31 - lane && w.y == 2 * (31 - lane) && w.z == 3 * (31 - lane) && w.w == ~(31 - lane));
  uint4 d = t8.shfl_down(v, 2);
  const unsigned src = t8.thread_rank() + 2 < 8 ? lane + 2 : lane;
  CHECK(5, d.x == src && d.w == ~src);
  Triple t = {(int)lane, -(int)lane, (int)(lane * lane)};
  Triple u = warp.shfl_xor(t, 5);
  CHECK(6, u.a == (int)(lane ^ 5) && u.b == -(int)(lane ^ 5) && u.c == (int)((lane ^ 5) * (lane ^ 5)));
  double x = lane * 0.25;
  CHECK(6, t8.shfl_up(x, 1) == (t8.thread_rank() == 0 ? x : (lane - 1) * 0.25));
  cg::coalesced_group odd = cg::binary_partition(warp, lane & 1);
  Triple o = odd.shfl(t, 0);
  CHECK(7, o.a == (int)(lane & 1) && o.c == (int)((lane & 1) * (lane & 1)));
}

int main() {
  int *labels, *sums;
  checkCudaErrors(cudaMalloc(&labels, 64 * sizeof(int)));
  checkCudaErrors(cudaMalloc(&sums, 8 * sizeof(int)));
  partitions<<<1, 64>>>(labels);
  checkCudaErrors(cudaGetLastError());
  big_tiles<<<2, 256>>>(sums);
  checkCudaErrors(cudaGetLastError());
  wide_shuffles<<<2, 64>>>();
  checkCudaErrors(cudaDeviceSynchronize());
  int h_labels[64], h_sums[8], fails[8];
  checkCudaErrors(cudaMemcpy(h_labels, labels, sizeof h_labels, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(h_sums, sums, sizeof h_sums, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpyFromSymbol(fails, g_fail, sizeof fails));
  int bad = 0;
  for (int k = 0; k < 8; ++k) {
    std::printf("check group %d: %d failures\n", k, fails[k]);
    bad += fails[k];
  }
  for (int i = 0; i < 64; ++i) {
    const int lane = i % 32;
    const int want = lane % 2 ? -1 : (lane / 8) * 10 + (lane % 8 >= 4);
    if (h_labels[i] != want)
      ++bad;
  }
  std::printf("labels of warp 0:");
  for (int i = 0; i < 32; ++i)
    std::printf(" %d", h_labels[i]);
  std::printf("\n64-thread tile sums:");
  for (int k = 0; k < 8; ++k) {
    const int base = (k % 4) * 64;
    if (h_sums[k] != 64 * base + 64 * 63 / 2)
      ++bad;
    std::printf(" %d", h_sums[k]);
  }
  std::printf("\n%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
