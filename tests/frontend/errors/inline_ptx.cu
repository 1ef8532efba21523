// Inline PTX that warpsim does not execute (here an sm_100 tcgen05 fence) is one
// located error naming the instruction.
// EXPECT-ERROR: inline_ptx.cu:8:5: error: unsupported inline PTX instruction 'tcgen05.fence::before_thread_sync' in inline PTX 'tcgen05.fence::before_thread_sync;'
__global__ void k(int *p) {
  if (threadIdx.x < 64) {
    p[threadIdx.x] = 1;
    // a tensor-core fence: not modelled
    asm volatile("tcgen05.fence::before_thread_sync;");
  }
}

int main() {
  k<<<1, 128>>>(nullptr);
  return 0;
}
