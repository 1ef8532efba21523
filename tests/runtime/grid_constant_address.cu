// A __grid_constant__ parameter has one address per launch (issue 27 item
// 5): every thread of every block sees the same &p, and reads the argument
// through it. Valid for nvcc (sm_70+).
#include <cstdint>
#include <cstdio>
#include <cuda_runtime.h>

struct Params {
  int scale;
  int table[8];
};

__global__ void addresses(const __grid_constant__ Params p, unsigned long long *where, int *out) {
  const int t = blockIdx.x * blockDim.x + threadIdx.x;
  where[t] = reinterpret_cast<unsigned long long>(&p);
  out[t] = p.scale * p.table[t % 8];
}

int main() {
  Params h{3, {1, 2, 3, 4, 5, 6, 7, 8}};
  unsigned long long *where;
  int *out;
  cudaMalloc(&where, 128 * sizeof(unsigned long long));
  cudaMalloc(&out, 128 * sizeof(int));
  addresses<<<2, 64>>>(h, where, out);
  unsigned long long w[128];
  int o[128];
  cudaMemcpy(w, where, sizeof w, cudaMemcpyDeviceToHost);
  cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost);
  int distinct = 1, sum = 0;
  for (int i = 1; i < 128; ++i)
    distinct += w[i] != w[0] ? 1 : 0;
  for (int i = 0; i < 128; ++i)
    sum += o[i];
  // 16 rows of 3 * (1 + ... + 8) = 108
  std::printf("threads seeing another address: %d, sum %d: %s\n", distinct - 1, sum,
              distinct == 1 && sum == 16 * 108 ? "PASS" : "FAIL");
  cudaFree(where);
  cudaFree(out);
  return 0;
}
