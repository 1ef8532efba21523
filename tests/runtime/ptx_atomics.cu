// Inline PTX memory instructions with orders and scopes: ld/st .relaxed /
// .acquire / .release at .cta/.cluster/.gpu/.sys, ld/st.volatile, .v2/.v4
// vectors, atom and red with every operation and type PTX allows here, and
// fence.sc/.acq_rel and membar at every scope. One thread prints each
// result; self-checking (PASS), compared with ptx_atomics.h100.txt (recorded on an H100, CUDA 13.0).
// Builds with nvcc too: nvcc -arch=sm_90 -std=c++17 -o p ptx_atomics.cu && ./p
#include <cstdio>
#include <cuda_runtime.h>

struct Cells {
  unsigned u[8];
  int s[4];
  unsigned long long ull[4];
  long long ll[2];
  float f[2];
  double d[2];
  alignas(16) unsigned v[8];
  unsigned short h[2];
};

constexpr int kResults = 64;

__global__ void ptx(Cells *c, double *r) {
  __shared__ unsigned sh[4];
  int n = 0;
  unsigned a = 0, b = 0, x = 0, y = 0, z = 0, w = 0;
  unsigned long long q = 0;
  int si = 0;
  long long sl = 0;
  float f = 0;
  double d = 0;
  // ld / st with orders and scopes, generic and global.
  asm volatile("st.relaxed.gpu.global.u32 [%0], %1;" ::"l"(&c->u[0]), "r"(5u) : "memory");
  asm volatile("ld.acquire.gpu.global.u32 %0, [%1];" : "=r"(a) : "l"(&c->u[0]) : "memory");
  r[n++] = a; // 5
  asm volatile("st.release.sys.u32 [%0], %1;" ::"l"(&c->u[1]), "r"(6u) : "memory");
  asm volatile("ld.relaxed.sys.u32 %0, [%1];" : "=r"(a) : "l"(&c->u[1]) : "memory");
  r[n++] = a; // 6
  asm volatile("st.release.cta.global.u32 [%0], %1;" ::"l"(&c->u[2]), "r"(7u) : "memory");
  asm volatile("ld.acquire.cta.global.u32 %0, [%1];" : "=r"(a) : "l"(&c->u[2]) : "memory");
  r[n++] = a; // 7
  asm volatile("st.relaxed.cluster.u32 [%0], %1;" ::"l"(&c->u[3]), "r"(8u) : "memory");
  asm volatile("ld.relaxed.cluster.global.u32 %0, [%1];" : "=r"(a) : "l"(&c->u[3]) : "memory");
  r[n++] = a; // 8
  asm volatile("st.volatile.global.u32 [%0], %1;" ::"l"(&c->u[4]), "r"(9u) : "memory");
  asm volatile("ld.volatile.global.u32 %0, [%1];" : "=r"(a) : "l"(&c->u[4]) : "memory");
  r[n++] = a; // 9
  asm volatile("ld.relaxed.gpu.global.s32 %0, [%1];" : "=r"(si) : "l"(&c->s[0]) : "memory");
  r[n++] = si; // -3
  // Shared memory, by a shared-window address.
  const unsigned sa = static_cast<unsigned>(__cvta_generic_to_shared(&sh[0]));
  asm volatile("st.release.cta.shared.u32 [%0], %1;" ::"r"(sa), "r"(11u) : "memory");
  asm volatile("ld.acquire.cta.shared::cta.u32 %0, [%1];" : "=r"(a) : "r"(sa) : "memory");
  r[n++] = a; // 11
  // Vectors.
  asm volatile("st.global.v4.u32 [%0], {%1, %2, %3, %4};" ::"l"(&c->v[0]), "r"(1u), "r"(2u),
               "r"(3u), "r"(4u)
               : "memory");
  asm volatile("ld.global.v4.u32 {%0, %1, %2, %3}, [%4];"
               : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
               : "l"(&c->v[0])
               : "memory");
  r[n++] = x * 1000 + y * 100 + z * 10 + w; // 1234
  asm volatile("st.relaxed.gpu.global.v2.u32 [%0], {%1, %2};" ::"l"(&c->v[4]), "r"(7u), "r"(9u)
               : "memory");
  asm volatile("ld.acquire.gpu.v2.u32 {%0, %1}, [%2];" : "=r"(a), "=r"(b) : "l"(&c->v[4]) : "memory");
  r[n++] = a * 10 + b; // 79
  asm volatile("ld.volatile.global.v2.u32 {%0, %1}, [%2];"
               : "=r"(a), "=r"(b)
               : "l"(&c->v[0])
               : "memory");
  r[n++] = a * 10 + b; // 12
  // atom: every operation, orders and scopes.
  asm volatile("atom.add.u32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(10u) : "memory");
  r[n++] = a; // 0
  asm volatile("atom.relaxed.gpu.global.add.s32 %0, [%1], %2;"
               : "=r"(si)
               : "l"(&c->s[1]), "r"(-4)
               : "memory");
  r[n++] = si; // 0
  asm volatile("atom.acquire.cta.min.s32 %0, [%1], %2;" : "=r"(si) : "l"(&c->s[1]), "r"(-9) : "memory");
  r[n++] = si; // -4
  asm volatile("atom.release.sys.max.s32 %0, [%1], %2;" : "=r"(si) : "l"(&c->s[1]), "r"(2) : "memory");
  r[n++] = si; // -9
  asm volatile("atom.acq_rel.cluster.max.u32 %0, [%1], %2;"
               : "=r"(a)
               : "l"(&c->u[5]), "r"(0xfffffff0u)
               : "memory");
  r[n++] = a; // 10
  asm volatile("atom.global.min.u32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(3u) : "memory");
  r[n++] = a; // 4294967280
  asm volatile("atom.inc.u32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(3u) : "memory");
  r[n++] = a; // 3
  asm volatile("atom.inc.u32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(3u) : "memory");
  r[n++] = a; // 0 (wrapped)
  asm volatile("atom.dec.u32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(5u) : "memory");
  r[n++] = a; // 1
  asm volatile("atom.dec.u32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(5u) : "memory");
  r[n++] = a; // 0 (becomes 5)
  asm volatile("atom.and.b32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(6u) : "memory");
  r[n++] = a; // 5
  asm volatile("atom.or.b32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(8u) : "memory");
  r[n++] = a; // 4
  asm volatile("atom.xor.b32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(5u) : "memory");
  r[n++] = a; // 12
  asm volatile("atom.exch.b32 %0, [%1], %2;" : "=r"(a) : "l"(&c->u[5]), "r"(77u) : "memory");
  r[n++] = a; // 9
  asm volatile("atom.cas.b32 %0, [%1], %2, %3;" : "=r"(a) : "l"(&c->u[5]), "r"(1u), "r"(2u) : "memory");
  r[n++] = a; // 77 (no swap)
  asm volatile("atom.acq_rel.gpu.cas.b32 %0, [%1], %2, %3;"
               : "=r"(a)
               : "l"(&c->u[5]), "r"(77u), "r"(78u)
               : "memory");
  r[n++] = a; // 77 (swapped)
  asm volatile("ld.relaxed.gpu.u32 %0, [%1];" : "=r"(a) : "l"(&c->u[5]) : "memory");
  r[n++] = a; // 78
  // 64-bit and floating point.
  asm volatile("atom.add.u64 %0, [%1], %2;" : "=l"(q) : "l"(&c->ull[0]), "l"(1ull << 40) : "memory");
  r[n++] = static_cast<double>(q); // 1
  asm volatile("atom.exch.b64 %0, [%1], %2;" : "=l"(q) : "l"(&c->ull[0]), "l"(5ull) : "memory");
  r[n++] = static_cast<double>(q); // 1099511627777
  asm volatile("atom.cas.b64 %0, [%1], %2, %3;" : "=l"(q) : "l"(&c->ull[0]), "l"(5ull), "l"(6ull) : "memory");
  r[n++] = static_cast<double>(q); // 5
  asm volatile("atom.min.s64 %0, [%1], %2;" : "=l"(sl) : "l"(&c->ll[0]), "l"(-5ll) : "memory");
  r[n++] = static_cast<double>(sl); // 1
  asm volatile("atom.max.u64 %0, [%1], %2;" : "=l"(q) : "l"(&c->ull[1]), "l"(9ull) : "memory");
  r[n++] = static_cast<double>(q); // 1
  asm volatile("atom.and.b64 %0, [%1], %2;" : "=l"(q) : "l"(&c->ull[1]), "l"(3ull) : "memory");
  r[n++] = static_cast<double>(q); // 9
  // Float results come back through .b32/.b64 registers ("=f"/"=d" outputs
  // are not accepted by warpsim's front end: docs/device-api.md).
  asm volatile("atom.add.f32 %0, [%1], %2;" : "=r"(a) : "l"(&c->f[0]), "f"(0.5f) : "memory");
  f = __uint_as_float(a);
  r[n++] = f; // 1
  asm volatile("atom.add.f64 %0, [%1], %2;" : "=l"(q) : "l"(&c->d[0]), "d"(0.25) : "memory");
  d = __longlong_as_double(static_cast<long long>(q));
  r[n++] = d; // 1
  // A 16-bit compare-and-swap, its result in a local .b16 register and its
  // operands immediates ("h" operands are not accepted by warpsim's front
  // end): swaps, then fails.
  asm volatile("{ .reg .b16 t; atom.cas.b16 t, [%0], 0, 321; }" ::"l"(&c->h[0]) : "memory");
  asm volatile("{ .reg .b16 t; atom.cas.b16 t, [%0], 5, 9; }" ::"l"(&c->h[0]) : "memory");
  r[n++] = c->h[0]; // 321
  // red: no result.
  asm volatile("red.add.u32 [%0], %1;" ::"l"(&c->u[6]), "r"(4u) : "memory");
  asm volatile("red.release.gpu.global.add.u32 [%0], %1;" ::"l"(&c->u[6]), "r"(4u) : "memory");
  asm volatile("red.relaxed.cta.or.b32 [%0], %1;" ::"l"(&c->u[6]), "r"(1u) : "memory");
  asm volatile("red.max.s32 [%0], %1;" ::"l"(&c->s[2]), "r"(-1) : "memory");
  asm volatile("red.add.f32 [%0], %1;" ::"l"(&c->f[1]), "f"(2.5f) : "memory");
  asm volatile("red.add.u64 [%0], %1;" ::"l"(&c->ull[2]), "l"(7ull) : "memory");
  asm volatile("red.shared.add.u32 [%0], %1;" ::"r"(sa), "r"(4u) : "memory");
  r[n++] = c->u[6];   // 9
  r[n++] = c->s[2];   // -1
  r[n++] = c->f[1];   // 2.5
  r[n++] = static_cast<double>(c->ull[2]); // 7
  r[n++] = sh[0];     // 15
  // Fences and membar at every scope.
  asm volatile("fence.sc.cta;" ::: "memory");
  asm volatile("fence.acq_rel.cta;" ::: "memory");
  asm volatile("fence.sc.cluster;" ::: "memory");
  asm volatile("fence.acq_rel.cluster;" ::: "memory");
  asm volatile("fence.sc.gpu;" ::: "memory");
  asm volatile("fence.acq_rel.gpu;" ::: "memory");
  asm volatile("fence.sc.sys;" ::: "memory");
  asm volatile("fence.acq_rel.sys;" ::: "memory");
  asm volatile("membar.cta;" ::: "memory");
  asm volatile("membar.gl;" ::: "memory");
  asm volatile("membar.sys;" ::: "memory");
  r[kResults - 1] = n;
}

#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAIL %s:%d: %s\n", __FILE__, __LINE__, #cond);                                  \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main() {
  Cells h{};
  h.s[0] = -3;
  h.ull[0] = 1;
  h.ll[0] = 1;
  h.ull[1] = 1;
  h.f[0] = 1.0f;
  h.d[0] = 1.0;
  h.u[6] = 0;
  h.s[2] = -7;
  Cells *dc;
  double *dr;
  cudaMalloc(&dc, sizeof(Cells));
  cudaMalloc(&dr, kResults * sizeof(double));
  cudaMemcpy(dc, &h, sizeof h, cudaMemcpyHostToDevice);
  cudaMemset(dr, 0, kResults * sizeof(double));
  ptx<<<1, 1>>>(dc, dr);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  double r[kResults];
  cudaMemcpy(r, dr, sizeof r, cudaMemcpyDeviceToHost);
  const int n = static_cast<int>(r[kResults - 1]);
  CHECK(n > 0 && n < kResults - 1);
  for (int k = 0; k < n; ++k)
    std::printf("r%02d %.17g\n", k, r[k]);
  const double want[] = {5,  6,  7,  8,  9,  -3, 11, 1234, 79, 12, 0,  0,  -4, -9, 10,
                         4294967280.0, 3,  0,  1,  0,  5,  4,  12, 9,  77, 77, 78,
                         1,  1099511627777.0, 5,  1,  1,  9,  1,  1,  321, 9,  -1,
                         2.5, 7, 15};
  CHECK(n == static_cast<int>(sizeof want / sizeof want[0]));
  for (int k = 0; k < n; ++k)
    CHECK(r[k] == want[k]);
  std::printf("PASS\n");
  return 0;
}
