// __device__, __constant__ and __managed__ globals are registered with the
// runtime; host code reaches them through the symbol API.
#include <cstdio>

__constant__ float coefficients[16];
__device__ int counter;
__device__ __managed__ int managedTotal = 0;
__device__ unsigned long long histogram[4], overflow;
extern __device__ int declaredElsewhere;

namespace config {
__constant__ int scale = 3;
}

__global__ void apply(float *data) {
  int i = threadIdx.x;
  data[i] *= coefficients[i % 16] * config::scale;
  atomicAdd(&counter, 1);
  atomicAdd(&histogram[i % 4], 1ULL);
}

int main() {
  float host[16];
  for (int i = 0; i < 16; ++i)
    host[i] = static_cast<float>(i);
  cudaMemcpyToSymbol(coefficients, host, sizeof host);
  int zero = 0;
  cudaMemcpyToSymbol(counter, &zero, sizeof zero);
  float *d;
  cudaMalloc(&d, 32 * sizeof(float));
  apply<<<1, 32>>>(d);
  int result = 0;
  cudaMemcpyFromSymbol(&result, counter, sizeof result);
  std::printf("%d %d\n", result, managedTotal);
  return 0;
}
