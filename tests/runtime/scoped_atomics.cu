// CUDA's scoped atomic functions (sm_60+): every _block and _system variant
// computes what its device-scope twin does. Builds with nvcc too.
#include <cstdio>
#include <cuda_runtime.h>

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                  \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

struct Cells {
  int i[12];
  unsigned u[12];
  unsigned long long ull[8];
  long long ll[4];
  float f[2];
  double d[2];
};

// One thread runs every variant once on its own cells; results go to `old`.
__global__ void scoped(Cells *c, long long *old) {
  int n = 0;
  old[n++] = atomicAdd_block(&c->i[0], 5);
  old[n++] = atomicAdd_system(&c->i[1], 5);
  old[n++] = atomicSub_block(&c->i[2], 3);
  old[n++] = atomicSub_system(&c->u[0], 3u);
  old[n++] = atomicExch_block(&c->i[3], 9);
  old[n++] = atomicExch_system(&c->ull[0], 9ull);
  old[n++] = atomicMin_block(&c->i[4], -4);
  old[n++] = atomicMin_system(&c->ll[0], -4ll);
  old[n++] = atomicMax_block(&c->u[1], 77u);
  old[n++] = atomicMax_system(&c->ull[1], 77ull);
  old[n++] = atomicInc_block(&c->u[2], 10u);
  old[n++] = atomicDec_system(&c->u[3], 10u);
  old[n++] = atomicCAS_block(&c->i[5], 1, 2);
  old[n++] = atomicCAS_system(&c->ull[2], 1ull, 2ull);
  old[n++] = atomicAnd_block(&c->i[6], 6);
  old[n++] = atomicOr_system(&c->u[4], 6u);
  old[n++] = atomicXor_block(&c->ull[3], 6ull);
  old[n++] = (long long)atomicAdd_block(&c->f[0], 1.5f);
  old[n++] = (long long)atomicAdd_system(&c->d[0], 2.5);
  old[n++] = atomicExch_system(&c->f[1], 4.0f) == 1.0f ? 1 : 0;
  old[n++] = atomicMax_system(&c->ll[1], 3ll);
}

int main() {
  Cells h{};
  for (int k = 0; k < 12; ++k) {
    h.i[k] = 1;
    h.u[k] = 1;
  }
  for (int k = 0; k < 8; ++k)
    h.ull[k] = 1;
  h.ll[0] = h.ll[1] = 1;
  h.f[0] = h.f[1] = 1.0f;
  h.d[0] = 1.0;
  Cells *dc;
  long long *dold;
  cudaMalloc(&dc, sizeof(Cells));
  cudaMalloc(&dold, 32 * sizeof(long long));
  cudaMemcpy(dc, &h, sizeof h, cudaMemcpyHostToDevice);
  scoped<<<1, 1>>>(dc, dold);
  long long old[32];
  Cells r;
  cudaMemcpy(old, dold, sizeof old, cudaMemcpyDeviceToHost);
  cudaMemcpy(&r, dc, sizeof r, cudaMemcpyDeviceToHost);
  for (int k = 0; k < 21; ++k)
    CHECK(k == 17 || k == 18 || k == 19 || old[k] == 1);
  CHECK(r.i[0] == 6 && r.i[1] == 6 && r.i[2] == -2 && r.u[0] == 0xfffffffeu);
  CHECK(r.i[3] == 9 && r.ull[0] == 9 && r.i[4] == -4 && r.ll[0] == -4);
  CHECK(r.u[1] == 77 && r.ull[1] == 77 && r.u[2] == 2 && r.u[3] == 0);
  CHECK(r.i[5] == 2 && r.ull[2] == 2);
  CHECK(r.i[6] == 0 && r.u[4] == 7 && r.ull[3] == 7);
  CHECK(r.f[0] == 2.5f && r.d[0] == 3.5 && old[17] == 1 && old[18] == 1);
  CHECK(old[19] == 1 && r.f[1] == 4.0f && r.ll[1] == 3);
  std::printf("PASS\n");
  return 0;
}
