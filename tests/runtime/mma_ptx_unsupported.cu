// warpsim-golden: skip (a compile error)
// An mma.sync form warpsim does not execute is one located error naming the
// instruction: here A and B of different types (u8 x s8), which PTX allows.
__global__ void k(int *out) {
  int d0, d1, d2, d3;
  unsigned a = 0, b = 0;
  asm volatile("mma.sync.aligned.m16n8k16.row.col.s32.u8.s8.s32 {%0, %1, %2, %3}, {%4, %4}, {%5}, "
               "{%0, %1, %2, %3};"
               : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
               : "r"(a), "r"(b));
  out[threadIdx.x] = d0 + d1 + d2 + d3;
}

int main() {
  k<<<1, 32>>>(nullptr);
  return 0;
}
