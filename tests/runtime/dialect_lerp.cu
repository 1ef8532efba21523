// nvcc 13 compiles C++17 by default. The CUDA samples' helper_math.h defines
// a global lerp(float, float, float); under C++20 libstdc++'s <math.h> brings
// std::lerp into the global namespace and the two conflict. warpsim parses
// C++17 unless told otherwise (--std c++20), so this compiles as with nvcc.
#include <cmath>
#include <cstdio>
#include <math.h>
#include <cuda_runtime.h>

inline __host__ __device__ float lerp(float a, float b, float t) { return a + t * (b - a); }

__global__ void blend(const float *a, const float *b, float *out, float t, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = lerp(a[i], b[i], t);
}

int main() {
  const int n = 100;
  float ha[n], hb[n], hout[n];
  for (int i = 0; i < n; ++i) {
    ha[i] = static_cast<float>(i);
    hb[i] = static_cast<float>(3 * i);
  }
  float *a, *b, *out;
  cudaMalloc(&a, sizeof ha);
  cudaMalloc(&b, sizeof hb);
  cudaMalloc(&out, sizeof hout);
  cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
  cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  blend<<<(n + 31) / 32, 32>>>(a, b, out, 0.25f, n);
  cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += hout[i] != lerp(ha[i], hb[i], 0.25f) || hout[i] != 1.5f * static_cast<float>(i);
  std::printf("__cplusplus %ld\n%s\n", static_cast<long>(__cplusplus), bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
