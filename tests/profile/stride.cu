// One warp reads s[lane * stride] (float) for stride 1, 2, 4, 8, 16, 32:
// measured on an H100 with Nsight Compute, 0, 1, 3, 7, 15, 31 shared-load
// bank conflicts and 1, 2, 4, 8, 16, 32 wavefronts (docs/warp-model.md).
// The fill loop's stores are contiguous (no conflict).
#include <cstdio>
#include <cuda_runtime.h>

__global__ void stride1(float *out) {
  __shared__ float s[32 * 32];
  const unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < 32 * 32; i += 32)
    s[i] = static_cast<float>(i);
  __syncthreads();
  out[lane] = s[lane * 1];
}

__global__ void stride2(float *out) {
  __shared__ float s[32 * 32];
  const unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < 32 * 32; i += 32)
    s[i] = static_cast<float>(i);
  __syncthreads();
  out[lane] = s[lane * 2];
}

__global__ void stride4(float *out) {
  __shared__ float s[32 * 32];
  const unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < 32 * 32; i += 32)
    s[i] = static_cast<float>(i);
  __syncthreads();
  out[lane] = s[lane * 4];
}

__global__ void stride8(float *out) {
  __shared__ float s[32 * 32];
  const unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < 32 * 32; i += 32)
    s[i] = static_cast<float>(i);
  __syncthreads();
  out[lane] = s[lane * 8];
}

__global__ void stride16(float *out) {
  __shared__ float s[32 * 32];
  const unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < 32 * 32; i += 32)
    s[i] = static_cast<float>(i);
  __syncthreads();
  out[lane] = s[lane * 16];
}

__global__ void stride32(float *out) {
  __shared__ float s[32 * 32];
  const unsigned lane = threadIdx.x;
  for (unsigned i = lane; i < 32 * 32; i += 32)
    s[i] = static_cast<float>(i);
  __syncthreads();
  out[lane] = s[lane * 32];
}

int main() {
  float *out;
  cudaMalloc(&out, 32 * sizeof(float));
  int bad = 0;
  const int strides[] = {1, 2, 4, 8, 16, 32};
  for (int k = 0; k < 6; ++k) {
    switch (strides[k]) {
    case 1: stride1<<<1, 32>>>(out); break;
    case 2: stride2<<<1, 32>>>(out); break;
    case 4: stride4<<<1, 32>>>(out); break;
    case 8: stride8<<<1, 32>>>(out); break;
    case 16: stride16<<<1, 32>>>(out); break;
    case 32: stride32<<<1, 32>>>(out); break;
    }
    float h[32];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 32; ++i)
      if (h[i] != static_cast<float>(i * strides[k]))
        ++bad;
  }
  cudaFree(out);
  std::printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
