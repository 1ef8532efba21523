// Unbounded recursion in host code: a stack overflow on the host, named as
// such with the recursing function's line, once; exit status 5.
#include <cstdio>
#include <cuda_runtime.h>

__attribute__((noinline)) int depth(volatile int *p, int n) {
  volatile char pad[1024];
  pad[n % 1024] = static_cast<char>(n);
  return depth(p, n + 1) + pad[0] + p[0];
}

int main() {
  int *d;
  cudaMalloc(&d, sizeof(int));
  static int zero = 0;
  std::printf("%d\n", depth(&zero, 0));
  return 0;
}
