// cp_async_source_overwritten.cu with the global element zeroed after
// __pipeline_wait_prior(0): the copy has read its source by then, so the
// reuse is safe.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

__global__ void rotate(int *data) {
  __shared__ int a[64];
  const unsigned t = threadIdx.x;
  __pipeline_memcpy_async(&a[t], &data[t], sizeof(int));
  __pipeline_commit();
  __pipeline_wait_prior(0);
  data[t] = 0; // after the wait: the copy has read it
  __syncthreads();
  data[t] = a[(t + 1) % 64];
}

int main() {
  int h[64], *data;
  for (int i = 0; i < 64; ++i)
    h[i] = i + 1;
  cudaMalloc(&data, sizeof h);
  cudaMemcpy(data, h, sizeof h, cudaMemcpyHostToDevice);
  rotate<<<1, 64>>>(data);
  cudaMemcpy(h, data, sizeof h, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int t = 0; t < 64; ++t)
    bad += h[t] != (t + 1) % 64 + 1;
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
