// The direct path from barrier to barrier (docs/architecture.md, "Two
// engines"): threads of a block run one after another up to each
// __syncthreads, so a thread reads its neighbours' writes of the previous
// segment, as the lockstep schedule orders them. Each kernel below must
// print, report and count exactly as under fibers:
//   * tree: a shared-memory tree reduction (a barrier in a loop, lanes that
//     diverge before it), with warps of threads that return early;
//   * votes: the reducing forms' results (__syncthreads_count/and/or), and
//     thread_block::sync();
//   * missing: no barrier between a write and another thread's read of the
//     same shared word: back to fibers, which decide what is read;
//   * split: threads of one block wait at two different barriers: back to
//     fibers;
//   * shuffles: warp operations (a shuffle reduction after a load that the
//     tail warp's lanes take or not, a ballot): each a barrier of its warp;
//   * half: half a warp shuffles while the other half waits at the block's
//     barrier: back to fibers (the barrier's arrivals cannot be counted).
// ENGINE-EXPECT: tree: compiled, direct, from barrier to barrier
// ENGINE-EXPECT: votes: compiled, direct, from barrier to barrier
// ENGINE-EXPECT: missing: fibers: two threads met on a word
// ENGINE-EXPECT: split: fibers: threads of a block waited at different barriers
// ENGINE-EXPECT: shuffles: compiled, direct, from barrier to barrier
// ENGINE-EXPECT: half: fibers: lanes of a warp waited at a barrier and at a warp operation
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

__global__ void tree(const int *in, int *out, int n) {
  __shared__ int s[256];
  const int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
  if (blockIdx.x == 3 && t >= 200)
    return; // the last warps of one block leave before the first barrier
  s[t] = i < n ? in[i] : 0;
  __syncthreads();
  const int live = blockIdx.x == 3 ? 200 : 256;
  for (int k = 128; k > 0; k >>= 1) {
    if (t < k && t + k < live)
      s[t] += s[t + k];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

__global__ void votes(const int *in, int *out) {
  const int t = threadIdx.x;
  const int v = in[blockIdx.x * blockDim.x + t];
  const int count = __syncthreads_count(v % 3 == 0);
  const int all = __syncthreads_and(v != 50);
  const int any = __syncthreads_or(v == 77);
  cg::this_thread_block().sync();
  if (t == 0) {
    out[3 * blockIdx.x] = count;
    out[3 * blockIdx.x + 1] = all;
    out[3 * blockIdx.x + 2] = any;
  }
}

__global__ void missing(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x * 3;
  out[threadIdx.x] = s[(threadIdx.x + 1) % 64]; // needs a barrier before it
}

__global__ void split(int *out) {
  __shared__ int s[64];
  s[threadIdx.x] = threadIdx.x;
  if (threadIdx.x < 32) {
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x];
  } else {
    __syncthreads();
    out[threadIdx.x] = s[63 - threadIdx.x] + 100;
  }
}

__global__ void shuffles(const int *in, int *out, int n) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  int v = 0;
  if (i < n)
    v = in[i];
  for (int o = 16; o > 0; o >>= 1)
    v += __shfl_down_sync(0xffffffffu, v, o);
  const unsigned big = __ballot_sync(0xffffffffu, i < n && in[i] > 90);
  if (threadIdx.x % 32 == 0)
    out[i / 32] = v * 100 + __popc(big);
}

__global__ void half(int *out) {
  int v = threadIdx.x;
  if (threadIdx.x % 32 < 16)
    v = __shfl_sync(0x0000ffffu, v, 3);
  __syncthreads();
  out[threadIdx.x] = v;
}

int main() {
  const int blocks = 8, threads = 256, n = blocks * threads - 17;
  static int h[blocks * threads];
  for (int i = 0; i < blocks * threads; ++i)
    h[i] = (i * 37) % 101;
  int *in, *out;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, 3 * blocks * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);

  tree<<<blocks, threads>>>(in, out, n);
  int r[3 * blocks];
  cudaMemcpy(r, out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("tree:");
  for (int b = 0; b < blocks; ++b)
    std::printf(" %d", r[b]);
  std::printf("\n");

  votes<<<blocks, threads>>>(in, out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("votes:");
  for (int b = 0; b < blocks; ++b)
    std::printf(" %d/%d/%d", r[3 * b], r[3 * b + 1], r[3 * b + 2]);
  std::printf("\n");

  int *o64;
  cudaMalloc(&o64, 64 * sizeof(int));
  int h64[64];
  missing<<<1, 64>>>(o64);
  cudaMemcpy(h64, o64, sizeof h64, cudaMemcpyDeviceToHost);
  std::printf("missing: %d %d %d\n", h64[0], h64[31], h64[63]);
  split<<<1, 64>>>(o64);
  cudaMemcpy(h64, o64, sizeof h64, cudaMemcpyDeviceToHost);
  std::printf("split: %d %d %d\n", h64[0], h64[31], h64[63]);
  int *o2;
  cudaMalloc(&o2, blocks * threads / 32 * sizeof(int));
  static int h2[blocks * threads / 32];
  shuffles<<<blocks, threads>>>(in, o2, n);
  cudaMemcpy(h2, o2, sizeof h2, cudaMemcpyDeviceToHost);
  std::printf("shuffles: %d %d %d\n", h2[0], h2[blocks * threads / 32 - 2],
              h2[blocks * threads / 32 - 1]);
  half<<<1, 64>>>(o64);
  cudaMemcpy(h64, o64, sizeof h64, cudaMemcpyDeviceToHost);
  std::printf("half: %d %d %d\n", h64[0], h64[20], h64[40]);
  std::printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  return 0;
}
