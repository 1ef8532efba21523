// HIP's scoped atomics, too narrow: every block counts into one global word
// with __hip_atomic_fetch_add at workgroup scope, which makes the additions
// atomic only among the threads of one block, so two blocks' additions race
// (and may be lost on the GPU). Clean twin: atomic_scope_workgroup_clean.hip
// (agent scope, the whole device).
// EXPECT: race managed error at=@count
// MESSAGE: in different blocks: a block-scope atomic
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void count(int *total) {
  __hip_atomic_fetch_add(total, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP); // @count
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
