// The clean twin of warp_collective_skipped.cu: collectives in divergent
// code whose mask names exactly the lanes that execute them (a constant,
// __activemask(), a mask computed by __ballot_sync before the branch, a
// coalesced group), full-mask collectives that every lane executes, lanes
// that return early before one (`if (i >= n) return;`, also after a store
// and before a helper function holding the collective), and __syncwarp()
// called at two sites by the two halves of a warp (they meet: CUDA, sm_70+).
// EXPECT-CLEAN
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__device__ int broadcast(int v) { return __shfl_sync(0xffffffff, v, 0); }

__global__ void partial(int *out, int n) {
  const unsigned lane = threadIdx.x;
  int v = lane;
  if (lane < 16)
    v = __shfl_sync(0x0000ffff, v, 0);
  if (lane >= 8)
    v += __any_sync(__activemask(), v == 9);
  const unsigned m = __ballot_sync(0xffffffff, lane < 24);
  if (lane < 24)
    v += __reduce_add_sync(m, 1) + __popc(__match_any_sync(m, lane / 4));
  if (lane % 2 == 0)
    v += cg::coalesced_threads().shfl(v, 1);
  v = __shfl_sync(0xffffffff, v, 31); // every lane
  for (unsigned i = 0; i < 3; ++i)    // the same trip count in every lane
    v = __reduce_max_sync(0xffffffff, v + i);
  out[lane] = v;
}

__global__ void early_return(int *out, int n) {
  const unsigned lane = threadIdx.x;
  if (lane >= n)
    return;
  out[lane] = __shfl_sync(0xffffffff, lane, 0);
}

__global__ void early_return_after_store(int *out, int n) {
  const unsigned lane = threadIdx.x;
  if (lane >= n) {
    out[lane] = -1;
    return;
  }
  out[lane] = broadcast(lane);
}

__global__ void syncwarp_two_sites(int *out) {
  __shared__ int s[32];
  const unsigned lane = threadIdx.x;
  if (lane < 16) {
    s[lane] = 1;
    __syncwarp();
  } else {
    s[lane] = 2;
    __syncwarp();
  }
  out[lane] = s[lane ^ 16];
}

__global__ void tile(int *out) {
  cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
  int v = t.shfl(static_cast<int>(threadIdx.x), 0);
  if (t.thread_rank() < 8)
    v += cg::tiled_partition<8>(t).shfl(v, 7);
  out[threadIdx.x] = v;
}

int main() {
  int *out;
  cudaMalloc(&out, 32 * sizeof(int));
  partial<<<1, 32>>>(out, 32);
  early_return<<<1, 32>>>(out, 20);
  early_return_after_store<<<1, 32>>>(out, 16);
  syncwarp_two_sites<<<1, 32>>>(out);
  tile<<<1, 32>>>(out);
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("out[0] %d out[31] %d\n", h[0], h[31]);
  cudaFree(out);
  return 0;
}
