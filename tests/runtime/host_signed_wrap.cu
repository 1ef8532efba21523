// simpleOccupancy's host check: a kernel squares each element (int
// multiplication wraps on the GPU) and the host compares with i * i, which
// overflows for i >= 46341. nvcc's host pass (gcc) keeps the wrap, so both
// sides agree (element 65536: 0 and 0); warpsim compiles host code with
// -fwrapv to match. Prints PASS, also when built with nvcc -arch=sm_90.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void square(int *array, int count) {
  int idx = threadIdx.x + blockIdx.x * blockDim.x;
  if (idx < count)
    array[idx] *= array[idx];
}

static int check(const int *array, int count) {
  for (int i = 0; i < count; i += 1) {
    if (array[i] != i * i) {
      std::printf("element %d expected %d actual %d\n", i, i * i, array[i]);
      return 1;
    }
  }
  return 0;
}

int main() {
  const int count = 100000;
  int *array;
  cudaMallocManaged(&array, count * sizeof(int));
  for (int i = 0; i < count; ++i)
    array[i] = i;
  square<<<(count + 255) / 256, 256>>>(array, count);
  cudaDeviceSynchronize();
  std::printf("element 65536: %d\n", array[65536]);
  const int failed = check(array, count);
  std::printf("%s\n", failed ? "FAIL" : "PASS");
  return failed;
}
