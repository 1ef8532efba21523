// warpsim-golden: skip (tests/engine compares it under both engines)
// A barrier-free kernel the compiled engine runs: a grid-stride loop, a
// divergent branch and a helper function (the reconvergence rule groups
// them as under fibers; coalescing counters come from the same groups).
// ENGINE-EXPECT: saxpy: compiled
#include <cstdio>

__device__ float twice(const float *p, int i) { return 2.0f * p[i]; }

__global__ void saxpy(int n, float a, const float *x, float *y) {
  for (int i = blockIdx.x * blockDim.x + threadIdx.x; i < n; i += blockDim.x * gridDim.x) {
    if (i % 3 == 0)
      y[i] = a * x[i] + y[i];
    else
      y[i] = twice(x, i) - y[i];
  }
}

int main() {
  const int n = 5000;
  float hx[n], hy[n];
  for (int i = 0; i < n; ++i) {
    hx[i] = static_cast<float>(i % 17);
    hy[i] = static_cast<float>(i % 5);
  }
  float *x, *y;
  cudaMalloc(&x, n * sizeof(float));
  cudaMalloc(&y, n * sizeof(float));
  cudaMemcpy(x, hx, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(y, hy, n * sizeof(float), cudaMemcpyHostToDevice);
  saxpy<<<8, 96>>>(n, 3.0f, x, y);
  cudaMemcpy(hy, y, n * sizeof(float), cudaMemcpyDeviceToHost);
  double sum = 0;
  for (int i = 0; i < n; ++i)
    sum += hy[i] * (i % 7 + 1);
  std::printf("checksum %.1f\n", sum);
  cudaFree(x);
  cudaFree(y);
  return 0;
}
