// A cuda::ptx function warpsim cannot execute is a compile error that names
// it (st.async: remote mbarrier completion is not simulated yet).
#include <cuda/ptx>

// clang-format off
__global__ void k(int *p) {
  cuda::ptx::st_async(p, 1, p);
}
// clang-format on

int main() {
  k<<<1, 32>>>(nullptr);
  return 0;
}
