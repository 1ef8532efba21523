// The direct path under --engine auto: a launch whose threads meet on a
// word is undone and runs again on fibers. Each launch adds 1 to every
// element in place; in the last one, thread n-1 also reads a[0], which
// thread 0 wrote: that launch goes back to fibers after every other thread
// has run. Were its writes not undone, its elements would be bumped twice.
// ENGINE-EXPECT: bump: compiled, direct
// ENGINE-EXPECT: bump_and_peek: fibers: two threads met on a word
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bump(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1;
}

__global__ void bump_and_peek(int *a, int n, int *peek) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] += 1;
  if (i == n - 1)
    *peek = a[0];
}

int main() {
  const int n = 4096;
  static int h[n];
  for (int i = 0; i < n; ++i)
    h[i] = i;
  int *a, *peek, p = -1;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&peek, sizeof(int));
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  for (int k = 0; k < 3; ++k)
    bump<<<n / 256, 256>>>(a, n);
  bump_and_peek<<<n / 256, 256>>>(a, n, peek);
  cudaMemcpy(h, a, sizeof h, cudaMemcpyDeviceToHost);
  cudaMemcpy(&p, peek, sizeof p, cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += h[i] != i + 4;
  std::printf("peek %d\n%s: %d of %d elements wrong\n", p, wrong ? "FAIL" : "PASS", wrong, n);
  return wrong ? 1 : 0;
}
