// warpsim-golden: skip (a compile error)
// A wmma fragment warpsim cannot execute is a compile error that names it:
// the sub-byte and single-bit types of the experimental API (u4, s4, b1).
#include <mma.h>
using namespace nvcuda;

__global__ void k(int *out) {
  wmma::fragment<wmma::matrix_a, 8, 8, 32, wmma::experimental::precision::u4, wmma::row_major> a;
  out[0] = sizeof a;
}

int main() {
  k<<<1, 32>>>(nullptr);
  return 0;
}
