// A cuda::ptx function warpsim cannot execute is a compile error that names
// it (a tensor-map bulk copy: not simulated yet).
#include <cuda/ptx>

__global__ void k(int *p) {
  cuda::ptx::cp_async_bulk_tensor(p);
}

int main() {
  k<<<1, 32>>>(nullptr);
  return 0;
}
