// Clean twin of mp_volatile_no_acquire.cu and mp_volatile_no_release.cu:
// the same message passing with a fence on both sides. Volatile accesses
// synchronise as relaxed atomics at system scope do: a fence before the
// volatile (or atomic) flag write releases, a fence after the read that saw
// it acquires. Three hand-offs: an atomic flag across blocks with volatile
// data, a volatile flag across blocks with plain data, a volatile flag
// between two warps of one block with volatile data.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda_runtime.h>

__global__ void atomic_flag(volatile int *data, int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 42;
    __threadfence();
    atomicExch(flag, 1);
  } else {
    while (atomicExch(flag, 0) == 0) {
    }
    __threadfence();
    out[0] = data[0];
  }
}

__global__ void volatile_flag(int *data, volatile int *flag, int *out) {
  if (threadIdx.x != 0)
    return;
  if (blockIdx.x == 1) {
    data[0] = 43;
    __threadfence();
    *flag = 1;
  } else {
    while (*flag == 0) {
    }
    __threadfence();
    out[1] = data[0];
  }
}

__global__ void shared_flag(int *out) {
  __shared__ volatile int data, flag;
  if (threadIdx.x == 0)
    flag = 0;
  __syncthreads();
  if (threadIdx.x == 32) {
    data = 44;
    __threadfence_block();
    flag = 1;
  } else if (threadIdx.x == 0) {
    while (flag == 0) {
    }
    __threadfence_block();
    out[2] = data;
  }
}

int main() {
  int *data, *flag, *out, r[3] = {0, 0, 0};
  cudaMalloc(&data, sizeof(int));
  cudaMalloc(&flag, 2 * sizeof(int));
  cudaMalloc(&out, sizeof r);
  cudaMemset(data, 0, sizeof(int));
  cudaMemset(flag, 0, 2 * sizeof(int));
  atomic_flag<<<2, 32>>>(data, flag, out);
  volatile_flag<<<2, 32>>>(data, flag + 1, out);
  shared_flag<<<1, 64>>>(out);
  cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
  std::printf("received %d %d %d\n", r[0], r[1], r[2]);
  return 0;
}
