// A texture fetch the resource cannot serve: tex2D through a texture object
// over linear memory (CUDA: tex2D needs a pitch-2D or array resource). The
// launch ends with a texture-misuse finding at the fetch; the program gets
// an error from cudaDeviceSynchronize and goes on. Its clean twin is
// texture_objects.cu. Creating an object over a mipmapped array is refused
// by name (cudaErrorNotSupported).
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void sample(cudaTextureObject_t t, float *out) {
  out[threadIdx.x] = tex2D<float>(t, threadIdx.x + 0.5f, 0.5f);
}

int main() {
  float *d;
  cudaMalloc(&d, 256 * sizeof(float));
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  cudaTextureObject_t t = 0;
  rd.resType = cudaResourceTypeMipmappedArray;
  std::printf("mipmapped: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &rd, &td, nullptr)));
  cudaGetLastError();
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = 256 * sizeof(float);
  std::printf("linear: %s\n", cudaGetErrorName(cudaCreateTextureObject(&t, &rd, &td, nullptr)));
  sample<<<1, 32>>>(t, d);
  std::printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
