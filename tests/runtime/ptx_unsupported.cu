// A cuda::ptx function warpsim cannot execute is a compile error that names
// it (a tensor-map bulk reduction: not simulated yet).
#include <cuda/ptx>

// clang-format off
__global__ void k(int *p) {
  cuda::ptx::cp_reduce_async_bulk_tensor(p);
}
// clang-format on

int main() {
  k<<<1, 32>>>(nullptr);
  return 0;
}
