// Only __global__ functions can be launched.
// EXPECT-ERROR: not_a_kernel.cu:7:3: error: 'helper' is not a __global__ function; only a kernel can be launched with <<<...>>>
__device__ void helper(int *p) { p[0] = 1; }

int main() {
  int *d = nullptr;
  helper<<<1, 1>>>(d);
  return 0;
}
