// Inline PTX in device code cannot run on the CPU.
// EXPECT-ERROR: inline_ptx.cu:7:5: error: unsupported inline PTX: 'bar.sync 1, 64;'
__global__ void k(int *p) {
  if (threadIdx.x < 64) {
    p[threadIdx.x] = 1;
    // a named barrier for the first two warps
    asm volatile("bar.sync 1, 64;");
  }
}

int main() {
  k<<<1, 128>>>(nullptr);
  return 0;
}
