// Clean twin of atomic_scope_workgroup.hip: the count at agent scope is
// atomic among all threads of the device.
// EXPECT-CLEAN
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void count(int *total) {
  __hip_atomic_fetch_add(total, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

int main() {
  int *total;
  hipMallocManaged(&total, sizeof(int));
  *total = 0;
  hipLaunchKernelGGL(count, dim3(4), dim3(64), 0, 0, total);
  hipDeviceSynchronize();
  std::printf("total=%d\n", *total);
  hipFree(total);
  return 0;
}
