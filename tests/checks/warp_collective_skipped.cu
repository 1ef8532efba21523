// Warp collectives that only part of the lanes named in their mask execute
// (issue 27 item 2): the other lanes go on past the call while it waits for
// them. CUDA: every non-exited lane named in the mask must execute the same
// operation with the same mask; undefined behaviour otherwise
// (compute-sanitizer's synccheck reports none of these; the H100 happens to
// print the values one would expect). One kernel per collective: shuffle,
// ballot, any, all, match, reduce (a loop whose trip count differs per
// lane), __syncwarp and a cooperative-groups tile's shuffle.
// EXPECT: warp-sync-mask - error at=@shfl at=@shfl_past
// EXPECT: warp-sync-mask - error at=@ballot at=@ballot_past
// EXPECT: warp-sync-mask - error at=@any at=@any_past
// EXPECT: warp-sync-mask - error at=@all at=@all_past
// EXPECT: warp-sync-mask - error at=@match at=@match_past
// EXPECT: warp-sync-mask - error at=@reduce at=@reduce_past
// EXPECT: warp-sync-mask - error at=@syncwarp at=@syncwarp_past
// EXPECT: warp-sync-mask - error at=@tile at=@tile_past
// MESSAGE: __shfl_sync with mask 0xffffffff waits for lanes 16\.\.31 named in the mask, which went on past it
#include <cooperative_groups.h>
#include <cstdio>
namespace cg = cooperative_groups;

__global__ void shfl(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x < 16)
    v = __shfl_sync(0xffffffff, v, 0); // @shfl
  out[threadIdx.x] = v;                // @shfl_past
}

__global__ void ballot(unsigned *out) {
  unsigned b = 0;
  if (threadIdx.x < 16)
    b = __ballot_sync(0xffffffff, threadIdx.x % 3 == 0); // @ballot
  out[threadIdx.x] = b;                                  // @ballot_past
}

__global__ void any(int *out) {
  int a = 0;
  if (threadIdx.x % 2 == 0)
    a = __any_sync(0xffffffff, threadIdx.x == 6); // @any
  out[threadIdx.x] = a;                           // @any_past
}

__global__ void all(int *out) {
  int a = 0;
  if (threadIdx.x >= 8)
    a = __all_sync(0xffffffff, threadIdx.x > 0); // @all
  out[threadIdx.x] = a;                          // @all_past
}

__global__ void match(unsigned *out) {
  unsigned m = 0;
  if (threadIdx.x < 24)
    m = __match_any_sync(0xffffffff, threadIdx.x / 4); // @match
  out[threadIdx.x] = m;                                // @match_past
}

// Lanes 0..7 leave the loop after one pass, 8..15 after two, ...: the
// second pass's reduction names lanes that have left.
__global__ void reduce(int *out) {
  int s = 1;
  for (unsigned i = 0; i < threadIdx.x / 8 + 1; ++i)
    s = __reduce_add_sync(0xffffffff, s); // @reduce
  out[threadIdx.x] = s;                   // @reduce_past
}

__global__ void syncwarp(int *out) {
  if (threadIdx.x < 16)
    __syncwarp(); // @syncwarp
  out[threadIdx.x] = 1; // @syncwarp_past
}

__global__ void tile(int *out) {
  cg::thread_block_tile<16> t = cg::tiled_partition<16>(cg::this_thread_block());
  int v = threadIdx.x;
  if (t.thread_rank() < 8)
    v = t.shfl(v, 0);   // @tile
  out[threadIdx.x] = v; // @tile_past
}

int main() {
  int *out;
  cudaMalloc(&out, 32 * sizeof(int));
  unsigned *u = reinterpret_cast<unsigned *>(out);
  shfl<<<1, 32>>>(out);
  ballot<<<1, 32>>>(u);
  any<<<1, 32>>>(out);
  all<<<1, 32>>>(out);
  match<<<1, 32>>>(u);
  reduce<<<1, 32>>>(out);
  syncwarp<<<1, 32>>>(out);
  tile<<<1, 32>>>(out);
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("out[0] %d out[31] %d\n", h[0], h[31]);
  cudaFree(out);
  return 0;
}
