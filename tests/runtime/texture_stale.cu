// A kernel that writes an array through a surface and then fetches the same
// texels through a texture object in the same launch, after a
// __syncthreads: the barrier orders the threads, but the texture cache is
// not coherent with writes made within the kernel, so the fetch may return
// what the array held before the launch. warpsim reports a texture-misuse
// finding at the fetch, naming the write. Its clean twin is
// surface_objects.cu, which fetches the surface's writes in the next launch.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void blur(cudaSurfaceObject_t s, cudaTextureObject_t t, float *out, int n) {
  int x = threadIdx.x;
  surf1Dwrite(float(x), s, x * 4);
  __syncthreads();
  out[x] = tex1D<float>(t, (x + 1) % n + 0.5f);
}

int main() {
  const int n = 32;
  cudaChannelFormatDesc fd = cudaCreateChannelDesc<float>();
  cudaArray_t a = nullptr;
  cudaMallocArray(&a, &fd, n, 0, cudaArraySurfaceLoadStore);
  float zeros[n] = {};
  cudaMemcpy2DToArray(a, 0, 0, zeros, sizeof zeros, sizeof zeros, 1, cudaMemcpyHostToDevice);
  cudaResourceDesc rd;
  std::memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = a;
  cudaSurfaceObject_t s = 0;
  cudaCreateSurfaceObject(&s, &rd);
  cudaTextureDesc td;
  std::memset(&td, 0, sizeof td);
  td.addressMode[0] = cudaAddressModeClamp;
  td.filterMode = cudaFilterModePoint;
  td.readMode = cudaReadModeElementType;
  cudaTextureObject_t t = 0;
  cudaCreateTextureObject(&t, &rd, &td, nullptr);
  float *out;
  cudaMalloc(&out, n * sizeof(float));
  blur<<<1, n>>>(s, t, out, n);
  std::printf("launch: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
  return 0;
}
