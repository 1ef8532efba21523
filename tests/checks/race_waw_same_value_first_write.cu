// Every thread copies A into the shared the first n elements of B: threads of two warps
// write the same element without a barrier between, and every write stores the value
// already there (A is zeros). A same-value WAW is a warning whatever n and
// the schedule (issue 27 item 1): the later write's value must be compared
// with what the earlier write stored, not with memory before the earlier
// write was made (a warp can be issued a store and make it in its next turn).
// The schedule.severity.first_write_* CTests run it for n = 7 and 8 under
// lockstep, fast and random.
// EXPECT: race shared warning hazard=WAW at=@store
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void copy_row(const float *A, int n) {
  __shared__ float B[256];
  for (int i = 0; i < n; i++)
    B[i] = A[i]; // @store
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  float *a;
  cudaMalloc(&a, 1024);
  cudaMemset(a, 0, 1024);
  copy_row<<<1, 64>>>(a, n);
  cudaDeviceSynchronize();
  std::printf("PASS\n");
  cudaFree(a);
  return 0;
}
