// A cuda::ptx function warpsim cannot execute is a compile error that names
// it (a tensor map modified on the device: not simulated yet).
#include <cuda/ptx>

// clang-format off
__global__ void k(int *p) {
  cuda::ptx::fence_proxy_tensormap_generic(p);
}
// clang-format on

int main() {
  k<<<1, 32>>>(nullptr);
  return 0;
}
