// A cuda::ptx function warpsim cannot execute is a compile error that names
// it (a cluster barrier: warpsim has no thread block clusters yet).
#include <cuda/ptx>

__global__ void k() {
  cuda::ptx::barrier_cluster_arrive();
  cuda::ptx::barrier_cluster_wait();
}

int main() {
  k<<<1, 32>>>();
  return 0;
}
