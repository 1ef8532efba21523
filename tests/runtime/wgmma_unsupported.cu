// nvcc-arch: sm_90a
// A wgmma form warpsim does not execute is one located error naming the
// instruction: here the integer form (.s32 += .s8 x .s8), which PTX has.
__global__ void k(int *out, unsigned long long da, unsigned long long db) {
  int d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%0, %1, %2, %3}, %4, %5, 1;"
               : "+r"(d0), "+r"(d1), "+r"(d2), "+r"(d3)
               : "l"(da), "l"(db));
  out[threadIdx.x] = d0 + d1 + d2 + d3;
}

int main() {
  k<<<1, 128>>>(nullptr, 0, 0);
  return 0;
}
