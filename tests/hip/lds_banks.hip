// LDS bank conflicts on CDNA3 (model/arch/cdna3.arch: 32 banks of 4 bytes,
// a wave64 access served in two halves of 32 lanes; AMD's CDNA3 ISA guide):
// `--profile` counts them per line. Stride 1 is conflict-free; stride 2
// puts lanes t and t + 16 of each half on one bank (2-way); stride 33 words
// is conflict-free again (the padding idiom). CUDA twin: cuda/lds_banks.cu.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void strides(float *out) {
  __shared__ float a[64], b[2 * 64], c[33 * 64];
  const unsigned t = threadIdx.x;
  a[t] = 1.0f;      // stride 1
  b[2 * t] = 2.0f;  // stride 2: 2-way
  c[33 * t] = 3.0f; // stride 33: none
  __syncthreads();
  out[t] = a[t] + b[2 * t] + c[33 * t];
}

int main() {
  float *out;
  hipMallocManaged(&out, 64 * sizeof(float));
  hipLaunchKernelGGL(strides, dim3(1), dim3(64), 0, 0, out);
  hipDeviceSynchronize();
  std::printf("lds_banks: out[0]=%.1f out[63]=%.1f\n", out[0], out[63]);
  hipFree(out);
  return 0;
}
