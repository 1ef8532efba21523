// Clean twin of race_cache_hint_stores.cu: the same hinted stores and loads,
// ordered by a __syncthreads, and the two writers write different words.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void hints(float *data, float *out) {
  if (threadIdx.x == 0)
    __stcs(data, 1.0f);
  __syncthreads();
  if (threadIdx.x == 32)
    out[0] = __ldg(data);
  if (threadIdx.x == 64)
    __stwt(reinterpret_cast<int2 *>(data + 2), make_int2(1, 2));
  if (threadIdx.x == 96)
    __stcg(reinterpret_cast<int2 *>(data + 4), make_int2(3, 4));
}

int main() {
  float *data, *out, r = 0;
  cudaMalloc(&data, 6 * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  cudaMemset(data, 0, 6 * sizeof(float));
  hints<<<1, 128>>>(data, out);
  cudaMemcpy(&r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("read %g\n", r);
  return r == 1.0f ? 0 : 1;
}
