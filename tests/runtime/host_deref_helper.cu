// warpsim-golden: skip (its own test: runtime.host_deref_helper)
// Host code writing cudaMalloc memory from a host-only helper, which is
// compiled without the device instrumentation (inlined, optimised): the
// inline range check on the device reserve still reports it, at the
// helper's line. With an argument the helper fills managed memory instead,
// which host code may touch: no finding.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void sum(const int *p, int *out) { atomicAdd(out, p[threadIdx.x]); }

static void fill(int *p, int n) {
  for (int i = 0; i < n; ++i)
    p[i] = i;
}

int main(int argc, char **) {
  int *d, *out;
  if (argc > 1)
    cudaMallocManaged(&d, 32 * sizeof(int));
  else
    cudaMalloc(&d, 32 * sizeof(int));
  cudaMallocManaged(&out, sizeof(int));
  *out = 0;
  fill(d, 32);
  sum<<<1, 32>>>(d, out);
  cudaDeviceSynchronize();
  std::printf("sum %d\n", *out);
  return 0;
}
