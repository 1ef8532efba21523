// A kernel writes global memory with ordinary stores (the generic proxy)
// and then bulk-copies it into shared memory (cp.async.bulk reads it
// through the async proxy): the writers' fence.proxy.async.global orders
// their writes before the copy, and __syncthreads orders the copy after
// them. Clean twin of bulk_load_global_missing_proxy_fence.cu.
// EXPECT-CLEAN
#include <cstdint>
#include <cstdio>
#include <cuda/ptx>
#include <cuda_runtime.h>

namespace ptx = cuda::ptx;

constexpr int kN = 128;

__global__ void stage(float *scratch, float *out) {
  __shared__ alignas(16) float tile[kN];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x;
  float *mine = scratch + blockIdx.x * kN;
  mine[t] = 0.5f * static_cast<float>(t);
  ptx::fence_proxy_async(ptx::space_global);
  if (t == 0)
    ptx::mbarrier_init(&bar, 1);
  __syncthreads();
  if (t == 0) {
    ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar,
                                   kN * 4);
    ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile, mine, kN * 4, &bar);
  }
  while (!ptx::mbarrier_try_wait_parity(&bar, 0))
    ;
  out[blockIdx.x * kN + t] = tile[kN - 1 - t];
}

int main() {
  const int blocks = 2;
  float *scratch, *out, h[blocks * kN];
  cudaMalloc(&scratch, sizeof h);
  cudaMalloc(&out, sizeof h);
  stage<<<blocks, kN>>>(scratch, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < blocks * kN; ++i)
    wrong += h[i] != 0.5f * static_cast<float>(kN - 1 - i % kN);
  printf("%d wrong\n", wrong);
  printf(wrong == 0 ? "PASS\n" : "FAIL\n");
  return wrong == 0 ? 0 : 1;
}
