// An in-place update through shared memory: each thread starts an async copy
// of its element into shared memory and zeroes the global element at once, to
// be refilled later. But the copy reads its source when it completes, and PTX
// says the source must not be modified until the wait says so: the copy may
// carry the zero instead of the value.
// EXPECT: async-copy global error at=@overwrite at=@copy
#include <cstdio>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

__global__ void rotate(int *data) {
  __shared__ int a[64];
  const unsigned t = threadIdx.x;
  __pipeline_memcpy_async(&a[t], &data[t], sizeof(int)); // @copy
  __pipeline_commit();
  data[t] = 0; // @overwrite
  __pipeline_wait_prior(0);
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
