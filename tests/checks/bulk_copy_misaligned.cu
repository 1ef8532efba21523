// A bulk copy of 1000 bytes: cp.async.bulk needs a size that is a multiple
// of 16 (and 16-byte aligned addresses), so the copy is illegal and the
// launch fails (on the H100 the kernel hangs instead: the tx-count never
// completes).
// EXPECT: async-copy - error at=@copy
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void load(const char *in, char *out) {
  __shared__ __align__(16) char tile[1024];
  __shared__ std::uint64_t bar;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(&bar)), "r"(1));
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)), "r"(1000));
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(smem(tile)), "l"(in), "r"(1000), "r"(smem(&bar)) : "memory"); // @copy
    asm volatile("{\n .reg .pred p;\nW:\n mbarrier.try_wait.parity.shared::cta.b64 p, [%0], 0;\n @!p bra W;\n}" ::"r"(smem(&bar)));
    out[0] = tile[999];
  }
}

int main() {
  char *in, *out;
  cudaMalloc(&in, 1024);
  cudaMalloc(&out, 16);
  cudaMemset(in, 7, 1024);
  load<<<1, 32>>>(in, out);
  const cudaError_t e = cudaDeviceSynchronize();
  printf("%s\n", cudaGetErrorName(e));
  return e == cudaSuccess ? 0 : 1;
}
