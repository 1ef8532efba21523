// Inline PTX warp-level matrix instructions, one warp each: the mma.sync
// forms (m16n8k16 f16->f32, m16n8k8 f16->f16, m16n8k16 bf16->f32, m16n8k8
// tf32->f32, m8n8k4 f64, m16n8k32 s8->s32 and its .satfinite), ldmatrix
// (.x1, .x2, .x4, .trans), stmatrix (.x4, .trans) and movmatrix.trans. Each
// lane builds its fragment registers from memory with the PTX ISA's layout
// tables, written out here independently of warpsim ("Matrix fragments for
// mma.m16n8k16 ..."; g = lane / 4, t = lane % 4), so the same file checks
// the tables on a GPU. Two input sets per mma form:
//   exact:  small integers, every sum exact in the accumulator type: the
//           result must equal the host's, and its hash (printed) is
//           expected to be the H100's bit for bit;
//   random: fractions in [-1, 1): |D - ref| <= tol * (|c| + sum |a b|),
//           ref in double, tol 2^-22 for f32 results, 2^-9 for f16, 2^-50
//           for f64 (docs/hopper.md, "Warp-level MMA": warpsim rounds each
//           instruction's sum once; the tensor core truncates its aligned
//           products, a few units in the last place).
#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstring>

// ---------------------------------------------------------------- kernels
__global__ void f16_m16n8k16(const unsigned short *A, const unsigned short *B, const float *C,
                             float *D) {
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  unsigned a[4], b[2];
  float c[4];
  for (int i = 0; i < 8; i += 2) {
    const int r = g + 8 * ((i >> 1) & 1), col = 2 * t + 8 * (i >= 4);
    a[i / 2] = A[r * 16 + col] | unsigned(A[r * 16 + col + 1]) << 16;
  }
  for (int i = 0; i < 4; i += 2) {
    const int r = 2 * t + 8 * (i >= 2);
    b[i / 2] = B[r * 8 + g] | unsigned(B[(r + 1) * 8 + g]) << 16;
  }
  for (int i = 0; i < 4; ++i)
    c[i] = C[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.f16.f16.f32 {%0, %1, %2, %3}, {%4, %5, %6, "
               "%7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  for (int i = 0; i < 4; ++i)
    D[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)] = c[i];
}

__global__ void f16_m16n8k8_f16acc(const unsigned short *A, const unsigned short *B,
                                   const unsigned short *C, unsigned short *D) {
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  unsigned a[2], b, c[2], d[2];
  for (int i = 0; i < 4; i += 2) {
    const int r = g + 8 * (i >= 2), col = 2 * t;
    a[i / 2] = A[r * 8 + col] | unsigned(A[r * 8 + col + 1]) << 16;
  }
  b = B[(2 * t) * 8 + g] | unsigned(B[(2 * t + 1) * 8 + g]) << 16;
  for (int i = 0; i < 4; i += 2) {
    const int r = g + 8 * (i >= 2);
    c[i / 2] = C[r * 8 + 2 * t] | unsigned(C[r * 8 + 2 * t + 1]) << 16;
  }
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f16.f16.f16.f16 {%0, %1}, {%2, %3}, {%4}, {%5, "
               "%6};"
               : "=r"(d[0]), "=r"(d[1])
               : "r"(a[0]), "r"(a[1]), "r"(b), "r"(c[0]), "r"(c[1]));
  for (int i = 0; i < 4; i += 2) {
    const int r = g + 8 * (i >= 2);
    D[r * 8 + 2 * t] = d[i / 2] & 0xffff;
    D[r * 8 + 2 * t + 1] = d[i / 2] >> 16;
  }
}

__global__ void bf16_m16n8k16(const unsigned short *A, const unsigned short *B, const float *C,
                              float *D) {
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  unsigned a[4], b[2];
  float c[4];
  for (int i = 0; i < 8; i += 2) {
    const int r = g + 8 * ((i >> 1) & 1), col = 2 * t + 8 * (i >= 4);
    a[i / 2] = A[r * 16 + col] | unsigned(A[r * 16 + col + 1]) << 16;
  }
  for (int i = 0; i < 4; i += 2) {
    const int r = 2 * t + 8 * (i >= 2);
    b[i / 2] = B[r * 8 + g] | unsigned(B[(r + 1) * 8 + g]) << 16;
  }
  for (int i = 0; i < 4; ++i)
    c[i] = C[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)];
  asm volatile("mma.sync.aligned.m16n8k16.row.col.f32.bf16.bf16.f32 {%0, %1, %2, %3}, {%4, %5, "
               "%6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  for (int i = 0; i < 4; ++i)
    D[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)] = c[i];
}

__global__ void tf32_m16n8k8(const float *A, const float *B, const float *C, float *D) {
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  unsigned a[4], b[2];
  float c[4];
  for (int i = 0; i < 4; ++i) {
    const float v = A[(g + 8 * (i & 1)) * 8 + t + 4 * (i >= 2)];
    std::memcpy(&a[i], &v, 4);
  }
  for (int i = 0; i < 2; ++i) {
    const float v = B[(t + 4 * i) * 8 + g];
    std::memcpy(&b[i], &v, 4);
  }
  for (int i = 0; i < 4; ++i)
    c[i] = C[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)];
  asm volatile("mma.sync.aligned.m16n8k8.row.col.f32.tf32.tf32.f32 {%0, %1, %2, %3}, {%4, %5, "
               "%6, %7}, {%8, %9}, {%0, %1, %2, %3};"
               : "+f"(c[0]), "+f"(c[1]), "+f"(c[2]), "+f"(c[3])
               : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  for (int i = 0; i < 4; ++i)
    D[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)] = c[i];
}

__global__ void f64_m8n8k4(const double *A, const double *B, const double *C, double *D) {
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  const double a = A[g * 4 + t], b = B[t * 8 + g];
  double c0 = C[g * 8 + 2 * t], c1 = C[g * 8 + 2 * t + 1];
  asm volatile("mma.sync.aligned.m8n8k4.row.col.f64.f64.f64.f64 {%0, %1}, {%2}, {%3}, {%0, %1};"
               : "+d"(c0), "+d"(c1)
               : "d"(a), "d"(b));
  D[g * 8 + 2 * t] = c0;
  D[g * 8 + 2 * t + 1] = c1;
}

template <bool SAT>
__global__ void s8_m16n8k32(const signed char *A, const signed char *B, const int *C, int *D) {
  const int lane = threadIdx.x, g = lane / 4, t = lane % 4;
  unsigned a[4] = {}, b[2] = {};
  int c[4];
  for (int i = 0; i < 16; ++i) {
    const int r = g + 8 * ((i >> 2) & 1), col = 4 * t + (i & 3) + 16 * (i >= 8);
    a[i / 4] |= unsigned(static_cast<unsigned char>(A[r * 32 + col])) << (8 * (i % 4));
  }
  for (int i = 0; i < 8; ++i) {
    const int r = 4 * t + (i & 3) + 16 * (i >= 4);
    b[i / 4] |= unsigned(static_cast<unsigned char>(B[r * 8 + g])) << (8 * (i % 4));
  }
  for (int i = 0; i < 4; ++i)
    c[i] = C[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)];
  if (SAT)
    asm volatile("mma.sync.aligned.m16n8k32.row.col.satfinite.s32.s8.s8.s32 {%0, %1, %2, %3}, "
                 "{%4, %5, %6, %7}, {%8, %9}, {%0, %1, %2, %3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  else
    asm volatile("mma.sync.aligned.m16n8k32.row.col.s32.s8.s8.s32 {%0, %1, %2, %3}, {%4, %5, %6, "
                 "%7}, {%8, %9}, {%0, %1, %2, %3};"
                 : "+r"(c[0]), "+r"(c[1]), "+r"(c[2]), "+r"(c[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "r"(b[0]), "r"(b[1]));
  for (int i = 0; i < 4; ++i)
    D[(g + 8 * (i >= 2)) * 8 + 2 * t + (i & 1)] = c[i];
}

// ldmatrix / stmatrix / movmatrix on 8x8 b16 matrices whose elements are
// matrix * 64 + row * 8 + column. A fragment: lane i holds row i / 4,
// columns 2 (i % 4) and 2 (i % 4) + 1, low half first.
__device__ unsigned expect(int matrix, int row, int col) {
  return unsigned(matrix * 64 + row * 8 + col) | unsigned(matrix * 64 + row * 8 + col + 1) << 16;
}
__device__ unsigned expectTrans(int matrix, int row, int col) { // rows and columns swapped
  return unsigned(matrix * 64 + col * 8 + row) | unsigned(matrix * 64 + (col + 1) * 8 + row) << 16;
}
__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__global__ void matrix_moves(int *errors) {
  __shared__ __align__(16) unsigned short m[4 * 64];
  __shared__ __align__(16) unsigned short out[4 * 64];
  const int lane = threadIdx.x, r = lane / 4, c = 2 * (lane % 4);
  for (int i = lane; i < 4 * 64; i += 32)
    m[i] = static_cast<unsigned short>(i);
  __syncwarp();
  int bad = 0;
  unsigned d0, d1, d2, d3;
  // .x1: lanes 0..7 address the rows of matrix 0 (the others' are ignored).
  asm volatile("ldmatrix.sync.aligned.m8n8.x1.shared.b16 {%0}, [%1];"
               : "=r"(d0)
               : "r"(smem(&m[(lane % 8) * 8])));
  bad += d0 != expect(0, r, c);
  // .x2.trans: lanes 8..15 address matrix 1.
  asm volatile("ldmatrix.sync.aligned.m8n8.x2.trans.shared.b16 {%0, %1}, [%2];"
               : "=r"(d0), "=r"(d1)
               : "r"(smem(&m[(lane % 16) * 8])));
  bad += (d0 != expectTrans(0, r, c)) + (d1 != expectTrans(1, r, c));
  // .x4, rows given in reverse order within each matrix.
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared::cta.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
               : "r"(smem(&m[(lane / 8) * 64 + (7 - lane % 8) * 8])));
  bad += (d0 != expect(0, 7 - r, c)) + (d1 != expect(1, 7 - r, c)) + (d2 != expect(2, 7 - r, c)) +
         (d3 != expect(3, 7 - r, c));
  // stmatrix .x4 of the fragments ldmatrix gives back, then .trans.
  asm volatile("ldmatrix.sync.aligned.m8n8.x4.shared.b16 {%0, %1, %2, %3}, [%4];"
               : "=r"(d0), "=r"(d1), "=r"(d2), "=r"(d3)
               : "r"(smem(&m[lane * 8])));
  asm volatile("stmatrix.sync.aligned.m8n8.x4.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                   smem(&out[lane * 8])),
               "r"(d0), "r"(d1), "r"(d2), "r"(d3)
               : "memory");
  __syncwarp();
  for (int i = lane; i < 4 * 64; i += 32)
    bad += out[i] != i;
  __syncwarp();
  asm volatile("stmatrix.sync.aligned.m8n8.x4.trans.shared.b16 [%0], {%1, %2, %3, %4};" ::"r"(
                   smem(&out[lane * 8])),
               "r"(d0), "r"(d1), "r"(d2), "r"(d3)
               : "memory");
  __syncwarp();
  for (int i = lane; i < 4 * 64; i += 32)
    bad += out[i] != (i / 64) * 64 + (i % 8) * 8 + (i % 64) / 8;
  // movmatrix: the transpose of matrix 0's fragment.
  unsigned tr;
  asm volatile("movmatrix.sync.aligned.m8n8.trans.b16 %0, %1;" : "=r"(tr) : "r"(expect(0, r, c)));
  bad += tr != expectTrans(0, r, c);
  atomicAdd(errors, bad);
}

// ------------------------------------------------------------------- host
struct Lcg {
  unsigned long long s;
  unsigned next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned(s >> 33);
  }
  double frac() { return (next() % 2048) / 1024.0 - 1.0; } // [-1, 1) in steps of 2^-10
  int small(int n) { return int(next() % (2 * n + 1)) - n; }
};

unsigned long long fnv(const void *p, size_t n, unsigned long long h = 1469598103934665603ULL) {
  for (size_t i = 0; i < n; ++i)
    h = (h ^ static_cast<const unsigned char *>(p)[i]) * 1099511628211ULL;
  return h;
}

int failures = 0;

// D (m x n, as doubles) against ref = c + a * b in double; exact or within
// tol * (|c| + sum |a b|).
void judge(const char *name, const char *set, int m, int n, int k, const double *a,
           const double *b, const double *c, const double *d, double tol, unsigned long long hash) {
  int bad = 0;
  for (int i = 0; i < m; ++i)
    for (int j = 0; j < n; ++j) {
      double ref = c[i * n + j], mag = std::fabs(ref);
      for (int x = 0; x < k; ++x) {
        ref += a[i * k + x] * b[x * n + j];
        mag += std::fabs(a[i * k + x] * b[x * n + j]);
      }
      const double err = std::fabs(d[i * n + j] - ref);
      if (tol == 0 ? err != 0 : !(err <= tol * mag)) {
        if (bad < 3)
          std::printf("  %s %s: D[%d][%d] = %.17g, reference %.17g\n", name, set, i, j,
                      d[i * n + j], ref);
        ++bad;
      }
    }
  failures += bad;
  if (tol == 0)
    std::printf("%s %s: hash %016llx %s\n", name, set, hash, bad ? "FAIL" : "ok");
  else
    std::printf("%s %s: %s\n", name, set, bad ? "FAIL" : "within bound");
}

template <class T> T *dev(const T *h, int n) {
  T *p;
  cudaMalloc(&p, n * sizeof(T));
  cudaMemcpy(p, h, n * sizeof(T), cudaMemcpyHostToDevice);
  return p;
}
template <class T> void back(T *h, const T *d, int n) {
  cudaMemcpy(h, d, n * sizeof(T), cudaMemcpyDeviceToHost);
  cudaFree(const_cast<T *>(d));
}

unsigned short halfBits(double v) {
  const __half h = __float2half(float(v));
  unsigned short b;
  std::memcpy(&b, &h, 2);
  return b;
}
double halfValue(unsigned short b) {
  __half h;
  std::memcpy(&h, &b, 2);
  return __half2float(h);
}
unsigned short bf16Bits(double v) {
  const __nv_bfloat16 h = __float2bfloat16(float(v));
  unsigned short b;
  std::memcpy(&b, &h, 2);
  return b;
}
double bf16Value(unsigned short b) {
  __nv_bfloat16 h;
  std::memcpy(&h, &b, 2);
  return __bfloat162float(h);
}

void f16_f32(bool exact, Lcg &rng) {
  unsigned short A[256], B[128];
  float C[128], D[128];
  double a[256], b[128], c[128], d[128];
  for (int i = 0; i < 256; ++i)
    a[i] = halfValue(A[i] = halfBits(exact ? rng.small(4) : rng.frac()));
  for (int i = 0; i < 128; ++i)
    b[i] = halfValue(B[i] = halfBits(exact ? rng.small(4) : rng.frac()));
  for (int i = 0; i < 128; ++i)
    c[i] = C[i] = float(exact ? rng.small(100) : rng.frac());
  float *dD;
  cudaMalloc(&dD, sizeof D);
  f16_m16n8k16<<<1, 32>>>(dev(A, 256), dev(B, 128), dev(C, 128), dD);
  back(D, dD, 128);
  for (int i = 0; i < 128; ++i)
    d[i] = D[i];
  judge("mma.m16n8k16.f32.f16", exact ? "exact" : "random", 16, 8, 16, a, b, c, d,
        exact ? 0 : std::ldexp(1.0, -22), fnv(D, sizeof D));
}

void f16_f16(bool exact, Lcg &rng) {
  unsigned short A[128], B[64], C[128], D[128];
  double a[128], b[64], c[128], d[128];
  for (int i = 0; i < 128; ++i)
    a[i] = halfValue(A[i] = halfBits(exact ? rng.small(4) : rng.frac()));
  for (int i = 0; i < 64; ++i)
    b[i] = halfValue(B[i] = halfBits(exact ? rng.small(4) : rng.frac()));
  for (int i = 0; i < 128; ++i)
    c[i] = halfValue(C[i] = halfBits(exact ? rng.small(100) : rng.frac()));
  unsigned short *dD;
  cudaMalloc(&dD, sizeof D);
  f16_m16n8k8_f16acc<<<1, 32>>>(dev(A, 128), dev(B, 64), dev(C, 128), dD);
  back(D, dD, 128);
  for (int i = 0; i < 128; ++i)
    d[i] = halfValue(D[i]);
  judge("mma.m16n8k8.f16.f16", exact ? "exact" : "random", 16, 8, 8, a, b, c, d,
        exact ? 0 : std::ldexp(1.0, -9), fnv(D, sizeof D));
}

void bf16_f32(bool exact, Lcg &rng) {
  unsigned short A[256], B[128];
  float C[128], D[128];
  double a[256], b[128], c[128], d[128];
  for (int i = 0; i < 256; ++i)
    a[i] = bf16Value(A[i] = bf16Bits(exact ? rng.small(4) : rng.frac()));
  for (int i = 0; i < 128; ++i)
    b[i] = bf16Value(B[i] = bf16Bits(exact ? rng.small(4) : rng.frac()));
  for (int i = 0; i < 128; ++i)
    c[i] = C[i] = float(exact ? rng.small(100) : rng.frac());
  float *dD;
  cudaMalloc(&dD, sizeof D);
  bf16_m16n8k16<<<1, 32>>>(dev(A, 256), dev(B, 128), dev(C, 128), dD);
  back(D, dD, 128);
  for (int i = 0; i < 128; ++i)
    d[i] = D[i];
  judge("mma.m16n8k16.f32.bf16", exact ? "exact" : "random", 16, 8, 16, a, b, c, d,
        exact ? 0 : std::ldexp(1.0, -22), fnv(D, sizeof D));
}

void tf32_f32(bool exact, Lcg &rng) {
  float A[128], B[64], C[128], D[128];
  double a[128], b[64], c[128], d[128];
  // Inputs with at most 10 fraction bits: tf32 holds them exactly.
  for (int i = 0; i < 128; ++i)
    a[i] = A[i] = float(exact ? rng.small(4) : rng.frac());
  for (int i = 0; i < 64; ++i)
    b[i] = B[i] = float(exact ? rng.small(4) : rng.frac());
  for (int i = 0; i < 128; ++i)
    c[i] = C[i] = float(exact ? rng.small(100) : rng.frac());
  float *dD;
  cudaMalloc(&dD, sizeof D);
  tf32_m16n8k8<<<1, 32>>>(dev(A, 128), dev(B, 64), dev(C, 128), dD);
  back(D, dD, 128);
  for (int i = 0; i < 128; ++i)
    d[i] = D[i];
  judge("mma.m16n8k8.f32.tf32", exact ? "exact" : "random", 16, 8, 8, a, b, c, d,
        exact ? 0 : std::ldexp(1.0, -22), fnv(D, sizeof D));
}

void f64(bool exact, Lcg &rng) {
  double A[32], B[32], C[64], D[64];
  for (int i = 0; i < 32; ++i)
    A[i] = exact ? rng.small(4) : rng.frac() / 3;
  for (int i = 0; i < 32; ++i)
    B[i] = exact ? rng.small(4) : rng.frac() / 7;
  for (int i = 0; i < 64; ++i)
    C[i] = exact ? rng.small(100) : rng.frac() / 11;
  double *dD;
  cudaMalloc(&dD, sizeof D);
  f64_m8n8k4<<<1, 32>>>(dev(A, 32), dev(B, 32), dev(C, 64), dD);
  back(D, dD, 64);
  judge("mma.m8n8k4.f64", exact ? "exact" : "random", 8, 8, 4, A, B, C, D,
        exact ? 0 : std::ldexp(1.0, -50), fnv(D, sizeof D));
}

template <bool SAT> void s8(Lcg &rng) {
  signed char A[512], B[256];
  int C[128], D[128];
  double a[512], b[256], c[128], d[128];
  for (int i = 0; i < 512; ++i)
    a[i] = A[i] = static_cast<signed char>(rng.small(127));
  for (int i = 0; i < 256; ++i)
    b[i] = B[i] = static_cast<signed char>(rng.small(127));
  for (int i = 0; i < 128; ++i)
    c[i] = C[i] = SAT ? (i % 2 ? 2147483647 - 1000 : -2147483647) : rng.small(100000);
  int *dD;
  cudaMalloc(&dD, sizeof D);
  s8_m16n8k32<SAT><<<1, 32>>>(dev(A, 512), dev(B, 256), dev(C, 128), dD);
  back(D, dD, 128);
  if (SAT) // the reference clamps to the s32 range
    for (int i = 0; i < 128; ++i) {
      double ref = c[i];
      for (int x = 0; x < 32; ++x)
        ref += a[(i / 8) * 32 + x] * b[x * 8 + i % 8];
      c[i] += (ref > 2147483647.0 ? 2147483647.0 : ref < -2147483648.0 ? -2147483648.0 : ref) - ref;
    }
  for (int i = 0; i < 128; ++i)
    d[i] = D[i];
  judge(SAT ? "mma.m16n8k32.satfinite.s32.s8" : "mma.m16n8k32.s32.s8", "exact", 16, 8, 32, a, b,
        c, d, 0, fnv(D, sizeof D));
}

int main() {
  Lcg rng{2024};
  for (int exact = 1; exact >= 0; --exact) {
    f16_f32(exact, rng);
    f16_f16(exact, rng);
    bf16_f32(exact, rng);
    tf32_f32(exact, rng);
    f64(exact, rng);
  }
  s8<false>(rng);
  s8<true>(rng);
  int *errors, h = 0;
  cudaMalloc(&errors, sizeof(int));
  cudaMemset(errors, 0, sizeof(int));
  matrix_moves<<<1, 32>>>(errors);
  cudaMemcpy(&h, errors, sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("ldmatrix/stmatrix/movmatrix: %d wrong registers or elements\n", h);
  failures += h;
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
