// nvcuda::wmma on every shape and type sm_80/sm_90 support, one warp each:
// f16 (m16n16k16, m32n8k16, m8n32k16; float and half accumulators), bf16,
// tf32 (m16n16k8, with __float_to_tf32), double (m8n8k4), s8 and u8 (int
// accumulators), with row_major and col_major A/B fragments and
// mem_row_major / mem_col_major accumulators; fill_fragment and element
// access through x[] (an epilogue D = 2 * acc + 1). Two input sets, as in
// mma_ptx_forms.cu: "exact" (small integers: equal to the host, hash
// expected bit-identical on the H100) and "random" (fractions: within
// tol * (|c| + sum |a b|)).
// Then the fragment layouts: matrices whose elements are their own index
// are loaded and every lane's x[] printed for lanes 0 and 5 and hashed over
// the warp. Where a layout is the PTX ISA's mma fragment layout (all but
// f16's matrix_a/matrix_b beyond their distinct elements), the H100 prints
// the same; CUDA calls wmma's layout unspecified (docs/hopper.md).
#include <mma.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <initializer_list>
#include <type_traits>

using namespace nvcuda;

template <class T> struct Store {
  using type = T;
};
template <> struct Store<wmma::precision::tf32> {
  using type = float;
};

template <class L> __host__ __device__ constexpr bool isCol() { return false; }
template <> __host__ __device__ constexpr bool isCol<wmma::col_major>() { return true; }

template <class TA, class TC, int M, int N, int K, class LA, class LB>
__global__ void product(const typename Store<TA>::type *A, const typename Store<TA>::type *B,
                        const TC *C, TC *D, bool cCol, bool dCol, bool epilogue) {
  wmma::fragment<wmma::matrix_a, M, N, K, TA, LA> a;
  wmma::fragment<wmma::matrix_b, M, N, K, TA, LB> b;
  wmma::fragment<wmma::accumulator, M, N, K, TC> c;
  wmma::load_matrix_sync(a, A, isCol<LA>() ? M : K);
  wmma::load_matrix_sync(b, B, isCol<LB>() ? K : N);
  if (C != nullptr)
    wmma::load_matrix_sync(c, C, cCol ? M : N, cCol ? wmma::mem_col_major : wmma::mem_row_major);
  else
    wmma::fill_fragment(c, TC(0));
  if constexpr (std::is_same<TA, wmma::precision::tf32>::value) {
    for (int i = 0; i < a.num_elements; ++i)
      a.x[i] = wmma::__float_to_tf32(a.x[i]);
    for (int i = 0; i < b.num_elements; ++i)
      b.x[i] = wmma::__float_to_tf32(b.x[i]);
  }
  wmma::mma_sync(c, a, b, c);
  if (epilogue)
    for (int i = 0; i < c.num_elements; ++i)
      c.x[i] = c.x[i] * TC(2) + TC(1);
  wmma::store_matrix_sync(D, c, dCol ? M : N, dCol ? wmma::mem_col_major : wmma::mem_row_major);
}

struct Lcg {
  unsigned long long s;
  unsigned next() {
    s = s * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned(s >> 33);
  }
  double frac() { return (next() % 2048) / 1024.0 - 1.0; }
  int small(int n) { return int(next() % (2 * n + 1)) - n; }
};

unsigned long long fnv(const void *p, size_t n, unsigned long long h = 1469598103934665603ULL) {
  for (size_t i = 0; i < n; ++i)
    h = (h ^ static_cast<const unsigned char *>(p)[i]) * 1099511628211ULL;
  return h;
}

int failures = 0;

template <class T> double val(T v) { return double(v); }
double val(__half v) { return __half2float(v); }
double val(__nv_bfloat16 v) { return __bfloat162float(v); }
template <class T> T make(double v) { return T(v); }
template <> __half make<__half>(double v) { return __float2half(float(v)); }
template <> __nv_bfloat16 make<__nv_bfloat16>(double v) { return __float2bfloat16(float(v)); }

template <class TA, class TC, int M, int N, int K, class LA, class LB>
void run(const char *name, bool exact, bool cCol, bool dCol, bool epilogue, Lcg &rng,
         double tol, int range = 4) {
  using SA = typename Store<TA>::type;
  SA A[M * K], B[K * N];
  TC C[M * N], D[M * N];
  double a[M * K], b[K * N], c[M * N];
  const bool isInt = std::is_same<TC, int>::value;
  const bool isUnsigned = std::is_same<TA, unsigned char>::value;
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      const double v = exact || isInt ? (isUnsigned ? double(rng.next() % (range + 1)) : double(rng.small(range)))
                                      : rng.frac();
      SA s = make<SA>(v);
      a[i * K + k] = val(s);
      A[isCol<LA>() ? k * M + i : i * K + k] = s;
    }
  for (int k = 0; k < K; ++k)
    for (int j = 0; j < N; ++j) {
      const double v = exact || isInt ? (isUnsigned ? double(rng.next() % (range + 1)) : double(rng.small(range)))
                                      : rng.frac();
      SA s = make<SA>(v);
      b[k * N + j] = val(s);
      B[isCol<LB>() ? j * K + k : k * N + j] = s;
    }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      TC s = make<TC>(exact || isInt ? rng.small(100) : rng.frac());
      c[i * N + j] = val(s);
      C[cCol ? j * M + i : i * N + j] = s;
    }
  SA *dA, *dB;
  TC *dC, *dD;
  cudaMalloc(&dA, sizeof A);
  cudaMalloc(&dB, sizeof B);
  cudaMalloc(&dC, sizeof C);
  cudaMalloc(&dD, sizeof D);
  cudaMemcpy(dA, A, sizeof A, cudaMemcpyHostToDevice);
  cudaMemcpy(dB, B, sizeof B, cudaMemcpyHostToDevice);
  cudaMemcpy(dC, C, sizeof C, cudaMemcpyHostToDevice);
  product<TA, TC, M, N, K, LA, LB><<<1, 32>>>(dA, dB, dC, dD, cCol, dCol, epilogue);
  cudaMemcpy(D, dD, sizeof D, cudaMemcpyDeviceToHost);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  cudaFree(dD);
  int bad = 0;
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      double ref = c[i * N + j], mag = std::fabs(ref);
      for (int k = 0; k < K; ++k) {
        ref += a[i * K + k] * b[k * N + j];
        mag += std::fabs(a[i * K + k] * b[k * N + j]);
      }
      if (epilogue) {
        ref = ref * 2 + 1;
        mag = mag * 2 + 1;
      }
      const double got = val(D[dCol ? j * M + i : i * N + j]);
      const double err = std::fabs(got - ref);
      if (tol == 0 ? err != 0 : !(err <= tol * mag)) {
        if (bad < 3)
          std::printf("  %s: D[%d][%d] = %.17g, reference %.17g\n", name, i, j, got, ref);
        ++bad;
      }
    }
  failures += bad;
  if (tol == 0)
    std::printf("%s exact: hash %016llx %s\n", name, fnv(D, sizeof D), bad ? "FAIL" : "ok");
  else
    std::printf("%s random: %s\n", name, bad ? "FAIL" : "within bound");
}

// Layouts: element (r, c) of the loaded matrix holds r * cols + c.
template <class Use, int M, int N, int K, class T, class L>
__global__ void layout(const typename Store<T>::type *src, float *out, unsigned ld) {
  wmma::fragment<Use, M, N, K, T, L> f;
  if constexpr (std::is_same<Use, wmma::accumulator>::value)
    wmma::load_matrix_sync(f, src, ld, wmma::mem_row_major);
  else
    wmma::load_matrix_sync(f, src, ld);
  for (int i = 0; i < f.num_elements; ++i)
    out[threadIdx.x * f.num_elements + i] = float(f.x[i]);
}

template <class Use, int M, int N, int K, class T, class L = void>
void dump(const char *name, int rows, int cols) {
  using S = typename Store<T>::type;
  constexpr int n = wmma::fragment<Use, M, N, K, T, L>::num_elements;
  S h[32 * 32];
  for (int i = 0; i < rows * cols; ++i)
    h[i] = make<S>(i);
  S *d;
  float *out, o[32 * n];
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&out, sizeof o);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  layout<Use, M, N, K, T, L><<<1, 32>>>(d, out, cols);
  cudaMemcpy(o, out, sizeof o, cudaMemcpyDeviceToHost);
  cudaFree(d);
  cudaFree(out);
  std::printf("layout %s: %d elements, hash %016llx\n", name, n, fnv(o, sizeof o));
  for (int lane : {0, 5}) {
    std::printf("  lane %d:", lane);
    for (int i = 0; i < n; ++i) {
      const int v = int(o[lane * n + i]);
      std::printf(" (%d,%d)", v / cols, v % cols);
    }
    std::printf("\n");
  }
}

int main() {
  Lcg rng{7};
  using wmma::col_major;
  using wmma::row_major;
  using tf32 = wmma::precision::tf32;
  const double f32tol = std::ldexp(1.0, -22), f16tol = std::ldexp(1.0, -9);
  for (int exact = 1; exact >= 0; --exact) {
    const double t32 = exact ? 0 : f32tol, t16 = exact ? 0 : f16tol;
    run<__half, float, 16, 16, 16, row_major, col_major>("f16.f32.m16n16k16.row.col", exact,
                                                         false, false, false, rng, t32);
    run<__half, float, 16, 16, 16, col_major, row_major>("f16.f32.m16n16k16.col.row.ccol", exact,
                                                         true, true, true, rng, t32);
    run<__half, float, 32, 8, 16, row_major, row_major>("f16.f32.m32n8k16", exact, false, false,
                                                        false, rng, t32);
    run<__half, float, 8, 32, 16, row_major, col_major>("f16.f32.m8n32k16", exact, false, true,
                                                        false, rng, t32);
    run<__half, __half, 16, 16, 16, row_major, row_major>("f16.f16.m16n16k16", exact, false,
                                                          false, true, rng, t16);
    run<__nv_bfloat16, float, 16, 16, 16, row_major, col_major>("bf16.f32.m16n16k16", exact,
                                                                false, false, false, rng, t32);
    run<__nv_bfloat16, float, 32, 8, 16, col_major, row_major>("bf16.f32.m32n8k16", exact,
                                                               true, false, false, rng, t32);
    run<__nv_bfloat16, float, 8, 32, 16, row_major, row_major>("bf16.f32.m8n32k16", exact,
                                                               false, false, false, rng, t32);
    run<tf32, float, 16, 16, 8, row_major, col_major>("tf32.f32.m16n16k8", exact, false, false,
                                                      true, rng, t32);
    run<double, double, 8, 8, 4, row_major, col_major>("f64.m8n8k4", exact, false, false, false,
                                                       rng, exact ? 0 : std::ldexp(1.0, -50));
  }
  run<signed char, int, 16, 16, 16, row_major, col_major>("s8.s32.m16n16k16", true, false, false,
                                                          false, rng, 0, 127);
  run<unsigned char, int, 32, 8, 16, row_major, row_major>("u8.s32.m32n8k16", true, false, true,
                                                           false, rng, 0, 255);
  run<signed char, int, 8, 32, 16, col_major, col_major>("s8.s32.m8n32k16", true, true, false,
                                                         true, rng, 0, 127);

  dump<wmma::matrix_a, 16, 16, 16, __half, row_major>("f16 matrix_a m16n16k16", 16, 16);
  dump<wmma::matrix_b, 16, 16, 16, __half, row_major>("f16 matrix_b m16n16k16", 16, 16);
  dump<wmma::accumulator, 16, 16, 16, float>("f32 accumulator m16n16k16", 16, 16);
  dump<wmma::matrix_a, 32, 8, 16, __half, row_major>("f16 matrix_a m32n8k16", 32, 16);
  dump<wmma::accumulator, 32, 8, 16, float>("f32 accumulator m32n8k16", 32, 8);
  dump<wmma::matrix_b, 8, 32, 16, __half, row_major>("f16 matrix_b m8n32k16", 16, 32);
  dump<wmma::accumulator, 8, 32, 16, float>("f32 accumulator m8n32k16", 8, 32);
  dump<wmma::matrix_a, 16, 16, 16, __nv_bfloat16, row_major>("bf16 matrix_a m16n16k16", 16, 16);
  dump<wmma::matrix_a, 16, 16, 8, tf32, row_major>("tf32 matrix_a m16n16k8", 16, 8);
  dump<wmma::matrix_b, 16, 16, 8, tf32, row_major>("tf32 matrix_b m16n16k8", 8, 16);
  dump<wmma::matrix_a, 8, 8, 4, double, row_major>("f64 matrix_a m8n8k4", 8, 4);
  dump<wmma::accumulator, 8, 8, 4, double>("f64 accumulator m8n8k4", 8, 8);
  dump<wmma::matrix_a, 16, 16, 16, unsigned char, row_major>("u8 matrix_a m16n16k16", 16, 16);
  dump<wmma::matrix_b, 16, 16, 16, unsigned char, row_major>("u8 matrix_b m16n16k16", 16, 16);
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
