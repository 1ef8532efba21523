// mbarrier instructions as inline PTX, each breaking one rule of the PTX
// ISA: an arrive before init, an init of a valid mbarrier, an arrive of
// more than the phase has pending, a tx-count beyond 2^20-1.
// EXPECT: mbarrier shared error at=@before_init
// EXPECT: mbarrier shared error at=@reinit
// EXPECT: mbarrier shared error at=@underflow
// EXPECT: mbarrier shared error at=@tx
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

__global__ void k(unsigned *out) {
  __shared__ std::uint64_t bar;
  const unsigned a = static_cast<unsigned>(__cvta_generic_to_shared(&bar));
  std::uint64_t state = 0;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1];" : "=l"(state) : "r"(a)); // @before_init
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(a), "r"(2));
    asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(a), "r"(2)); // @reinit
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1], %2;" : "=l"(state) : "r"(a), "r"(3)); // @underflow
    asm volatile("mbarrier.expect_tx.shared::cta.b64 [%0], %1;" ::"r"(a), "r"(1u << 20)); // @tx
    asm volatile("mbarrier.arrive.shared::cta.b64 %0, [%1], %2;" : "=l"(state) : "r"(a), "r"(2));
    unsigned done = 0;
    asm volatile("{\n .reg .pred p;\n mbarrier.test_wait.shared::cta.b64 p, [%1], %2;\n"
                 " selp.u32 %0, 1, 0, p;\n}"
                 : "=r"(done)
                 : "r"(a), "l"(state));
    out[0] = done;
  }
}

int main() {
  unsigned *out, h = 7;
  cudaMalloc(&out, sizeof h);
  k<<<1, 32>>>(out);
  cudaMemcpy(&h, out, sizeof h, cudaMemcpyDeviceToHost);
  printf("phase complete: %u\n", h);
  return 0;
}
