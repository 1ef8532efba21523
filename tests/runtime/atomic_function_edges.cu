// CUDA's atomic functions where signedness, width and wrapping decide the
// result (the arithmetic is model::atomicResult's, shared with
// cuda::atomic_ref and PTX atom): one thread, so every result is exact.
// Prints PASS, or each wrong value.
#include <climits>
#include <cstdio>
#include <cuda_runtime.h>

struct Cells {
  int i[6];
  unsigned u[6];
  long long ll[2];
  unsigned long long ull[2];
  unsigned short us[2];
  float f[2];
};

__global__ void edges(Cells *c, long long *old) {
  int n = 0;
  old[n++] = atomicAdd(&c->i[0], 1);            // INT_MAX wraps to INT_MIN
  old[n++] = atomicSub(&c->i[1], 1);            // INT_MIN wraps to INT_MAX
  old[n++] = atomicMin(&c->i[2], -7);           // signed: -7 < 5
  old[n++] = atomicMax(&c->i[3], -7);           // signed: 5 stays
  old[n++] = atomicMin(&c->u[0], 0xfffffff9u);  // unsigned: 5 stays
  old[n++] = atomicMax(&c->u[1], 0xfffffff9u);  // unsigned: 0xfffffff9 > 5
  old[n++] = atomicInc(&c->u[2], 9u);           // old 20 >= 9: 0
  old[n++] = atomicDec(&c->u[3], 9u);           // old 20 > 9: 9
  old[n++] = atomicDec(&c->u[4], 9u);           // old 0: 9
  old[n++] = atomicSub(&c->u[5], 2u);           // 1 - 2 wraps
  old[n++] = atomicMin(&c->ll[0], -(1ll << 40)); // 64-bit signed
  old[n++] = (long long)atomicAdd(&c->ull[0], 2ull); // wraps to 1
  old[n++] = atomicCAS(&c->us[0], (unsigned short)7, (unsigned short)9);  // succeeds
  old[n++] = atomicCAS(&c->us[1], (unsigned short)8, (unsigned short)9);  // fails
  old[n++] = (long long)atomicAdd(&c->f[0], 1e-8f); // rounds away in float
  old[n++] = atomicMin(&c->i[4], INT_MIN);
  old[n++] = atomicMax(&c->ll[1], -1ll);        // -5 < -1
}

int main() {
  Cells h = {};
  h.i[0] = INT_MAX;
  h.i[1] = INT_MIN;
  h.i[2] = 5;
  h.i[3] = 5;
  h.i[4] = 0;
  h.u[0] = 5;
  h.u[1] = 5;
  h.u[2] = 20;
  h.u[3] = 20;
  h.u[4] = 0;
  h.u[5] = 1;
  h.ll[0] = 3;
  h.ll[1] = -5;
  h.ull[0] = ~0ull;
  h.us[0] = 7;
  h.us[1] = 7;
  h.f[0] = 1.0f;
  Cells *d = nullptr;
  long long *dold = nullptr;
  cudaMalloc(&d, sizeof(Cells));
  cudaMalloc(&dold, 32 * sizeof(long long));
  cudaMemcpy(d, &h, sizeof(Cells), cudaMemcpyHostToDevice);
  edges<<<1, 1>>>(d, dold);
  Cells r = {};
  long long old[32] = {};
  cudaMemcpy(&r, d, sizeof(Cells), cudaMemcpyDeviceToHost);
  cudaMemcpy(old, dold, sizeof old, cudaMemcpyDeviceToHost);
  int bad = 0;
  auto expect = [&](const char *what, long long got, long long want) {
    if (got != want) {
      std::printf("%s: got %lld, expected %lld\n", what, got, want);
      ++bad;
    }
  };
  expect("add int wraps", r.i[0], INT_MIN);
  expect("sub int wraps", r.i[1], INT_MAX);
  expect("min int signed", r.i[2], -7);
  expect("max int signed", r.i[3], 5);
  expect("min unsigned", r.u[0], 5);
  expect("max unsigned", r.u[1], 0xfffffff9u);
  expect("inc wraps to 0", r.u[2], 0);
  expect("dec above limit", r.u[3], 9);
  expect("dec at 0", r.u[4], 9);
  expect("sub unsigned wraps", r.u[5], 0xffffffffu);
  expect("min long long", r.ll[0], -(1ll << 40));
  expect("add ull wraps", (long long)r.ull[0], 1);
  expect("cas ushort succeeds", r.us[0], 9);
  expect("cas ushort fails", r.us[1], 7);
  expect("add float rounds", r.f[0] == 1.0f, 1);
  expect("min INT_MIN", r.i[4], INT_MIN);
  expect("max long long", r.ll[1], -1);
  // The old values returned.
  const long long want_old[] = {INT_MAX, INT_MIN, 5, 5, 5, 5, 20, 20, 0, 1, 3, -1, 7, 7, 1, 0, -5};
  for (int k = 0; k < int(sizeof want_old / sizeof want_old[0]); ++k) {
    char what[32];
    std::snprintf(what, sizeof what, "old value %d", k);
    expect(what, old[k], want_old[k]);
  }
  cudaFree(d);
  cudaFree(dold);
  if (bad) {
    std::printf("FAIL: %d wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
