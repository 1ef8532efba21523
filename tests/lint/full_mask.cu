// lint: a 0xffffffff mask (lanes 0..31 only with 64-lane warps).
#include <cuda_runtime.h>

__global__ void vote(int *out, const int *in) {
  int v = in[threadIdx.x];
  unsigned long long b = __ballot_sync(0xffffffff, v > 0);
  out[threadIdx.x] = static_cast<int>(b != 0);
}

int main() { return 0; }
