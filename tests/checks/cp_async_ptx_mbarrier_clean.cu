// Async copies and an mbarrier written as inline PTX, the way hand-tuned
// kernels spell them: every thread issues cp.async.ca for its element, the
// copies owe the mbarrier an arrive-on (cp.async.mbarrier.arrive.noinc),
// and the block waits on the phase with a try_wait.parity loop before it
// reads another thread's element. A second tile goes through cp.async
// groups (commit_group / wait_group 0) and a __syncthreads.
// EXPECT-CLEAN
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void load(const int *in, int *out) {
  __shared__ int a[32], b[32];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x;
  if (t == 0)
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem(&bar)), "r"(32));
  __syncthreads();
  asm volatile("cp.async.ca.shared.global [%0], [%1], 4;" ::"r"(smem(&a[t])), "l"(&in[t]));
  asm volatile("cp.async.mbarrier.arrive.noinc.shared::cta.b64 [%0];" ::"r"(smem(&bar)));
  asm volatile("{\n"
               " .reg .pred done;\n"
               "WAIT:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
               " @!done bra WAIT;\n"
               "}" ::"r"(smem(&bar)));
  if (t < 8) // 16 bytes each, the first 4 from global, the rest zero-filled
    asm volatile("cp.async.cg.shared.global [%0], [%1], 16, 4;" ::"r"(smem(&b[4 * t])),
                 "l"(&in[32 + 4 * t]));
  asm volatile("cp.async.commit_group;");
  asm volatile("cp.async.wait_group 0;" ::: "memory");
  __syncthreads();
  out[t] = a[31 - t] + b[t];
}

int main() {
  int h[64], *in, *out;
  for (int i = 0; i < 64; ++i)
    h[i] = i;
  cudaMalloc(&in, sizeof h);
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  load<<<1, 32>>>(in, out);
  cudaMemcpy(h, out, 32 * sizeof(int), cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 32; ++t)
    bad += h[t] != (31 - t) + ((t & 3) == 0 ? 32 + t : 0);
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
