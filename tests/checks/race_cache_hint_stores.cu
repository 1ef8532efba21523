// Cache-hint stores and loads are ordinary accesses to the race detector:
// thread 0 writes a word with __stcs and thread 32 (another warp) reads it
// with __ldg with no barrier in between; thread 64 writes with __stwt what
// thread 96 wrote with __stcg. Each finding names the user's lines, not
// warpsim's header. Clean twin: cache_hint_barrier_clean.cu.
// EXPECT: race global error hazard=RAW at=@store at=@load
// EXPECT: race global error hazard=WAW at=@wt at=@cg
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hints(float *data, float *out) {
  if (threadIdx.x == 0)
    __stcs(data, 1.0f); // @store
  if (threadIdx.x == 32)
    out[0] = __ldg(data); // @load
  if (threadIdx.x == 64)
    __stwt(reinterpret_cast<int2 *>(data + 2), make_int2(1, 2)); // @wt
  if (threadIdx.x == 96)
    __stcg(reinterpret_cast<int2 *>(data + 2), make_int2(3, 4)); // @cg
}

int main() {
  float *data, *out;
  cudaMalloc(&data, 4 * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(data, 0, 4 * sizeof(float));
  hints<<<1, 128>>>(data, out);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
