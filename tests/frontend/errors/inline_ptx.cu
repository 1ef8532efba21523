// Inline PTX that warpsim does not execute (here a wgmma fence) is one
// located error naming the instruction.
// EXPECT-ERROR: inline_ptx.cu:8:5: error: unsupported inline PTX instruction 'wgmma.fence.sync.aligned' in inline PTX 'wgmma.fence.sync.aligned;'
__global__ void k(int *p) {
  if (threadIdx.x < 64) {
    p[threadIdx.x] = 1;
    // a tensor-core fence: not modelled
    asm volatile("wgmma.fence.sync.aligned;");
  }
}

int main() {
  k<<<1, 128>>>(nullptr);
  return 0;
}
