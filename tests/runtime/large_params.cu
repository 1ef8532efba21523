// Kernel parameters beyond the classic 4 KB (CUDA 12.1+, sm_70+: up to
// 32764 bytes): a 32000-byte struct passed by value, and the same struct as a
// `const __grid_constant__` parameter. Prints PASS when every thread read the
// right values; valid for nvcc 12.1+ on an H100.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                      \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, __LINE__);        \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

constexpr int kCoeffs = 7999;
struct Filter {
  int taps;
  float coeff[kCoeffs];
};
static_assert(sizeof(Filter) == 32000, "a 32000-byte parameter");

// By value: each thread reads a different part of the parameter.
__global__ void applyByValue(Filter f, const float *in, float *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  float acc = 0.0f;
  for (int k = 0; k < f.taps; ++k)
    acc += f.coeff[(i * 37 + k) % kCoeffs] * in[i];
  out[i] = acc;
}

// __grid_constant__: one read-only copy for the grid, addressable.
__global__ void applyGridConstant(const __grid_constant__ Filter f, const float *in, float *out,
                                  int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  const float *c = &f.coeff[0];
  float acc = 0.0f;
  for (int k = 0; k < f.taps; ++k)
    acc += c[(i * 37 + k) % kCoeffs] * in[i];
  out[i] = acc;
}

int main() {
  static Filter f;
  f.taps = 3;
  for (int k = 0; k < kCoeffs; ++k)
    f.coeff[k] = static_cast<float>(k % 101);
  const int n = 256;
  float hin[n], hout[n];
  for (int i = 0; i < n; ++i)
    hin[i] = static_cast<float>(i % 7 + 1);
  float *in, *out;
  checkCudaErrors(cudaMalloc(&in, n * sizeof(float)));
  checkCudaErrors(cudaMalloc(&out, n * sizeof(float)));
  checkCudaErrors(cudaMemcpy(in, hin, sizeof hin, cudaMemcpyHostToDevice));
  int bad = 0;
  for (int variant = 0; variant < 2; ++variant) {
    checkCudaErrors(cudaMemset(out, 0, n * sizeof(float)));
    if (variant == 0)
      applyByValue<<<n / 128, 128>>>(f, in, out, n);
    else
      applyGridConstant<<<n / 128, 128>>>(f, in, out, n);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaDeviceSynchronize());
    checkCudaErrors(cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; ++i) {
      float want = 0.0f;
      for (int k = 0; k < f.taps; ++k)
        want += f.coeff[(i * 37 + k) % kCoeffs] * hin[i];
      if (hout[i] != want) {
        if (++bad <= 5)
          std::printf("variant %d: out[%d] = %g, expected %g\n", variant, i, hout[i], want);
      }
    }
  }
  checkCudaErrors(cudaFree(in));
  checkCudaErrors(cudaFree(out));
  if (bad == 0)
    std::printf("PASS\n");
  return bad == 0 ? 0 : 1;
}
