// bulk_reduce_clean.cu without the fence.proxy.async: the bulk reduction
// (async proxy) reads shared bytes written with ordinary stores (generic
// proxy) that no proxy fence orders before it.
// EXPECT: async-proxy shared error at=@copy at=@write
#include <cstdint>
#include <cstdio>
#include <cuda/ptx>
#include <cuda_runtime.h>

namespace ptx = cuda::ptx;

constexpr int kN = 64;

__global__ void accumulate(unsigned *sum) {
  __shared__ alignas(16) unsigned part[kN];
  part[threadIdx.x] = blockIdx.x * 1000u + threadIdx.x; // @write
  __syncthreads();
  if (threadIdx.x == 0) {
    ptx::cp_reduce_async_bulk(ptx::space_global, ptx::space_shared, ptx::op_add, sum, part, // @copy
                              static_cast<std::uint32_t>(sizeof part));
    ptx::cp_async_bulk_commit_group();
    ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>{});
  }
}

int main() {
  unsigned *sum, h[kN];
  cudaMalloc(&sum, sizeof h);
  cudaMemset(sum, 0, sizeof h);
  accumulate<<<4, kN>>>(sum);
  cudaMemcpy(h, sum, sizeof h, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < kN; ++i)
    wrong += h[i] != 6000u + 4u * i;
  printf("sum[0] %u sum[63] %u, %d wrong\n", h[0], h[kN - 1], wrong);
  printf(wrong == 0 ? "PASS\n" : "FAIL\n");
  return wrong == 0 ? 0 : 1;
}
