// curand_kernel.h bit for bit: for several (seed, subsequence, offset)
// triples, the first values of every generation function of the XORWOW
// (curandState_t) and Philox4x32-10 generators, printed as exact bits, and a
// hash over 4096 states initialised the usual way (subsequence = thread id).
// A native build's output on an H100 is recorded in curand_values.h100.txt;
// warpsim must print the same, exactly for the integers and uniforms. The
// normal distributions go through the GPU's approximate __sincosf and its
// own logf/log, so those lines ("approx ...") print value * 1e5 rounded to
// an integer and the CTest allows a difference of 2 in each.
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>
#include <curand_kernel.h>

#define checkCudaErrors(call)                                                                      \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::fprintf(stderr, "%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(err_));           \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

struct Triple {
  unsigned long long seed, subsequence, offset;
};
__constant__ Triple kTriples[] = {
    {1234, 0, 0},       {1234, 1, 0},          {1234, 0, 5},      {42, 3, 7},
    {0, 0, 0},          {0xdeadbeefcafef00dull, 1000, 123456},
    {7, (1ull << 40) + 12345, 1000000007ull}, {99, 65535, 65536},
};
constexpr int kTriples_n = 8;
constexpr int kSlots = 96; // 64-bit values per (triple, generator)
constexpr int kApprox = 64; // normals per (triple, generator)

__device__ unsigned long long fbits(float f) { return __float_as_uint(f); }
__device__ unsigned long long dbits(double d) { return (unsigned long long)__double_as_longlong(d); }

// Writes every function's first values into out[0..kSlots).
template <class State>
__device__ int common(const Triple &t, unsigned long long *out, double *ap, int &a) {
  State s;
  int k = 0;
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 8; ++j)
    out[k++] = curand(&s);
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 8; ++j)
    out[k++] = fbits(curand_uniform(&s));
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 6; ++j)
    out[k++] = dbits(curand_uniform_double(&s));
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 7; ++j) // odd: the cached second value is used
    ap[a++] = curand_normal(&s);
  out[k++] = curand(&s); // after the normals (one cached value pending)
  ap[a++] = curand_normal(&s);
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 3; ++j) {
    float2 v = curand_normal2(&s);
    ap[a++] = v.x;
    ap[a++] = v.y;
  }
  out[k++] = curand(&s);
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 5; ++j)
    ap[a++] = curand_normal_double(&s);
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 2; ++j) {
    double2 v = curand_normal2_double(&s);
    ap[a++] = v.x;
    ap[a++] = v.y;
  }
  out[k++] = curand(&s);
  curand_init(t.seed, t.subsequence, t.offset, &s);
  for (int j = 0; j < 5; ++j)
    ap[a++] = curand_log_normal(&s, 1.0f, 0.5f);
  for (int j = 0; j < 3; ++j)
    ap[a++] = curand_log_normal_double(&s, -1.0, 2.0);
  curand_init(t.seed, t.subsequence, t.offset, &s);
  float2 ln2 = curand_log_normal2(&s, 0.5f, 1.5f);
  ap[a++] = ln2.x;
  ap[a++] = ln2.y;
  out[k++] = curand(&s);
  // skipahead and skipahead_sequence against a plain init.
  curand_init(t.seed, 0, 0, &s);
  skipahead(t.offset + 3, &s);
  skipahead_sequence(t.subsequence, &s);
  out[k++] = curand(&s);
  out[k++] = curand(&s);
  return k;
}

__global__ void first_values(unsigned long long *out, double *approx) {
  const int t = threadIdx.x;
  if (t >= kTriples_n)
    return;
  unsigned long long *xo = out + (2 * t) * kSlots;
  unsigned long long *po = out + (2 * t + 1) * kSlots;
  double *xa = approx + (2 * t) * kApprox;
  double *pa = approx + (2 * t + 1) * kApprox;
  int a = 0;
  common<curandState_t>(kTriples[t], xo, xa, a);
  a = 0;
  int k = common<curandStatePhilox4_32_10_t>(kTriples[t], po, pa, a);
  curandStatePhilox4_32_10_t p;
  curand_init(kTriples[t].seed, kTriples[t].subsequence, kTriples[t].offset, &p);
  (void)curand(&p); // curand4 after one curand: not aligned to a counter
  uint4 q = curand4(&p);
  po[k++] = q.x | (unsigned long long)q.y << 32;
  po[k++] = q.z | (unsigned long long)q.w << 32;
  float4 u = curand_uniform4(&p);
  po[k++] = fbits(u.x) | fbits(u.y) << 32;
  po[k++] = fbits(u.z) | fbits(u.w) << 32;
  float4 n = curand_normal4(&p);
  pa[a++] = n.x, pa[a++] = n.y, pa[a++] = n.z, pa[a++] = n.w;
  double2 ud = curand_uniform2_double(&p);
  po[k++] = dbits(ud.x);
  po[k++] = dbits(ud.y);
  float4 ln = curand_log_normal4(&p, 0.0f, 1.0f);
  pa[a++] = ln.x, pa[a++] = ln.w;
  po[k++] = curand(&p);
}

// The usual pattern: one state per thread, subsequence = thread id.
__global__ void per_thread(unsigned *out, float *normals, int generator) {
  const unsigned id = blockIdx.x * blockDim.x + threadIdx.x;
  unsigned h = 2166136261u;
  if (generator == 0) {
    curandState s;
    curand_init(2024, id, 0, &s);
    for (int j = 0; j < 16; ++j)
      h = (h ^ curand(&s)) * 16777619u;
    normals[id] = curand_normal(&s);
  } else {
    curandStatePhilox4_32_10_t s;
    curand_init(2024, id, 0, &s);
    for (int j = 0; j < 16; ++j)
      h = (h ^ curand(&s)) * 16777619u;
    normals[id] = curand_normal(&s);
  }
  out[id] = h;
}

int main() {
  unsigned long long *d_out;
  const size_t n = 2 * kTriples_n * kSlots;
  checkCudaErrors(cudaMalloc(&d_out, n * sizeof(unsigned long long)));
  checkCudaErrors(cudaMemset(d_out, 0, n * sizeof(unsigned long long)));
  double *d_approx;
  const size_t na = 2 * kTriples_n * kApprox;
  checkCudaErrors(cudaMalloc(&d_approx, na * sizeof(double)));
  checkCudaErrors(cudaMemset(d_approx, 0, na * sizeof(double)));
  first_values<<<1, 32>>>(d_out, d_approx);
  checkCudaErrors(cudaGetLastError());
  unsigned long long *out = (unsigned long long *)std::malloc(n * sizeof(unsigned long long));
  checkCudaErrors(cudaMemcpy(out, d_out, n * sizeof(unsigned long long), cudaMemcpyDeviceToHost));
  for (int t = 0; t < kTriples_n; ++t)
    for (int g = 0; g < 2; ++g) {
      std::printf("triple %d %s:", t, g == 0 ? "xorwow" : "philox");
      const unsigned long long *o = out + (2 * t + g) * kSlots;
      int last = kSlots;
      while (last > 0 && o[last - 1] == 0)
        --last;
      for (int k = 0; k < last; ++k)
        std::printf("%s%llx", k % 8 == 0 ? "\n " : " ", o[k]);
      std::printf("\n");
    }
  double *approx = (double *)std::malloc(na * sizeof(double));
  checkCudaErrors(cudaMemcpy(approx, d_approx, na * sizeof(double), cudaMemcpyDeviceToHost));
  for (int t = 0; t < kTriples_n; ++t)
    for (int g = 0; g < 2; ++g) {
      std::printf("approx triple %d %s normals x 1e5:", t, g == 0 ? "xorwow" : "philox");
      const double *o = approx + (2 * t + g) * kApprox;
      for (int k = 0; k < kApprox && o[k] != 0; ++k)
        std::printf(" %lld", std::llrint(o[k] * 1e5));
      std::printf("\n");
    }
  const int threads = 4096;
  unsigned *d_h, h[threads];
  float *d_n, nrm[threads];
  checkCudaErrors(cudaMalloc(&d_h, sizeof h));
  checkCudaErrors(cudaMalloc(&d_n, sizeof nrm));
  for (int g = 0; g < 2; ++g) {
    per_thread<<<threads / 128, 128>>>(d_h, d_n, g);
    checkCudaErrors(cudaMemcpy(h, d_h, sizeof h, cudaMemcpyDeviceToHost));
    checkCudaErrors(cudaMemcpy(nrm, d_n, sizeof nrm, cudaMemcpyDeviceToHost));
    double sum = 0;
    for (int i = 0; i < threads; ++i)
      sum += nrm[i];
    std::printf("approx %s, sum of 4096 curand_normal x 1e3: %lld\n", g == 0 ? "xorwow" : "philox",
                std::llrint(sum * 1e3));
    unsigned long long all = 1469598103934665603ull;
    for (int i = 0; i < threads; ++i)
      all = (all ^ h[i]) * 1099511628211ull;
    std::printf("%s, 4096 states (subsequence = thread id): %016llx\n",
                g == 0 ? "xorwow" : "philox", all);
  }
  return 0;
}
