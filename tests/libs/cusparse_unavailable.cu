// A cuSPARSE routine warpsim does not provide (cusparseSpGEMM_compute): the
// program fails to compile with one message naming it.
#include <cusparse.h>

int main() {
  cusparseHandle_t h;
  cusparseCreate(&h);
  cusparseSpGEMM_compute(h, 0, 0, nullptr, nullptr, nullptr, nullptr, nullptr, CUDA_R_32F, 0,
                         nullptr, nullptr, nullptr);
  return 0;
}
