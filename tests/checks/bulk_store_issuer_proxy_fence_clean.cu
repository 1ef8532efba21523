// bulk_copy_clean.cu with the proxy fence made once, by the thread that
// issues the bulk store, after the __syncthreads(): the barrier orders every
// generic write before the fence, and the fence orders them before the copy.
// EXPECT-CLEAN
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

constexpr int kN = 256;

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void scale(const float *in, float *out) {
  __shared__ __align__(16) float tile[kN];
  __shared__ __align__(16) float result[kN];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x;
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(&bar)), "r"(1));
  __syncthreads();
  if (t == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(kN * 4));
    asm volatile("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes [%0], [%1], %2, [%3];" ::"r"(smem(tile)), "l"(in + blockIdx.x * kN), "r"(kN * 4), "r"(smem(&bar)) : "memory");
  }
  asm volatile("{\n"
               " .reg .pred done;\n"
               "WAIT:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
               " @!done bra WAIT;\n"
               "}" ::"r"(smem(&bar))
               : "memory");
  result[t] = 2.0f * tile[kN - 1 - t];
  __syncthreads();
  if (t == 0) {
    // After the barrier has ordered every thread's write before this
    // thread, one proxy fence by the issuing thread covers them all.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("cp.async.bulk.global.shared::cta.bulk_group [%0], [%1], %2;" ::"l"(out + blockIdx.x * kN), "r"(smem(result)), "r"(kN * 4) : "memory");
    asm volatile("cp.async.bulk.commit_group;");
    asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
  }
}

int main() {
  const int blocks = 2;
  float h[blocks * kN], *in, *out;
  for (int i = 0; i < blocks * kN; ++i)
    h[i] = static_cast<float>(i);
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, sizeof h);
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  scale<<<blocks, kN>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < blocks * kN; ++i)
    bad += h[i] != 2.0f * static_cast<float>((i / kN) * kN + kN - 1 - i % kN);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
