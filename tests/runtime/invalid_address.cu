// A kernel given a host pointer instead of a device pointer: on a GPU an
// illegal-address error; warpsim reports the thread and the line, ends the
// launch and returns cudaErrorIllegalAddress, never crashes.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void write_through(int *p) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i == 13)
    p[i] = 1;
}

int main() {
  int *host = static_cast<int *>(std::malloc(64 * sizeof(int)));
  write_through<<<2, 8>>>(host);
  cudaError_t e = cudaDeviceSynchronize();
  std::printf("cudaDeviceSynchronize: %s (%s)\n", cudaGetErrorName(e), cudaGetErrorString(e));
  // The error is sticky, like a real GPU context after an illegal address.
  cudaError_t again = cudaMemset(host, 0, 4);
  bool ok = e == cudaErrorIllegalAddress && again == cudaErrorIllegalAddress;
  std::printf("%s\n", ok ? "PASS" : "FAIL");
  std::free(host);
  return ok ? 0 : 1;
}
