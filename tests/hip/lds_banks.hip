// LDS bank conflicts on CDNA3 (model/arch/cdna3.arch: 32 banks of 4 bytes,
// a wave64 access served in two halves of 32 lanes; AMD's CDNA3 ISA guide):
// `--profile` counts them per line. Stride 1 is conflict-free; stride 2
// puts lanes t and t + 16 of each half on one bank (2-way); stride 33 words
// is conflict-free again (the padding idiom). CUDA twin: cuda/lds_banks.cu.
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void strides(float *out) {
  __shared__ float s[64 * 33];
  const unsigned t = threadIdx.x;
  s[t] = 1.0f;          // stride 1
  s[2 * t] = 2.0f;      // stride 2: 2-way
  s[33 * t] = 3.0f;     // stride 33: none
  __syncthreads();
  out[t] = s[t] + s[2 * t] + s[33 * t];
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
