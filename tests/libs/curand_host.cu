// cuRAND's host API: uniform, normal and log-normal fills of device memory,
// checked statistically, for reproducibility (same seed, same values; a call
// goes on where the last stopped) and against curand_kernel.h, whose one
// (seed, subsequence 0) stream warpsim's generator draws. Builds with nvcc
// (nvcc curand_host.cu -lcurand); there only the statistical checks and
// reproducibility hold, cuRAND's host generator interleaving other streams.
#include <curand.h>
#include <curand_kernel.h>

#include <cmath>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    auto e_ = (call);                                                                              \
    if (e_ != 0) {                                                                                 \
      printf("%s:%d: %s failed (%d)\n", __FILE__, __LINE__, #call, (int)e_);                       \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

__global__ void one_stream(unsigned long long seed, float *out, int n) {
  curandState st;
  curand_init(seed, 0, 0, &st);
  for (int i = 0; i < n; ++i)
    out[i] = curand_uniform(&st);
}

static int bad = 0;
static void stats(const char *what, const std::vector<float> &v, double mean, double sd,
                  double tol) {
  double s = 0, s2 = 0;
  for (float x : v)
    s += x;
  double m = s / v.size();
  for (float x : v)
    s2 += (x - m) * (x - m);
  double dev = std::sqrt(s2 / v.size());
  if (std::fabs(m - mean) > tol || std::fabs(dev - sd) > tol) {
    printf("%s: mean %.4f sd %.4f, expected %.4f %.4f\n", what, m, dev, mean, sd);
    ++bad;
  }
}

int main() {
  const int n = 8192;
  float *d;
  CHECK(cudaMalloc(&d, 2 * n * sizeof(float)));
  std::vector<float> a(n), b(n), both(2 * n);
  curandGenerator_t g;
  CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_DEFAULT));
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 1234ULL));

  CHECK(curandGenerateUniform(g, d, n));
  CHECK(cudaMemcpy(a.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  int outside = 0;
  for (float x : a)
    outside += !(x > 0.f && x <= 1.f);
  if (outside) {
    printf("uniform: %d values outside (0, 1]\n", outside);
    ++bad;
  }
  stats("uniform", a, 0.5, std::sqrt(1.0 / 12), 0.01);

  // The same seed again: the same values; two calls = one call of both.
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 1234ULL));
  CHECK(curandGenerateUniform(g, d, n));
  CHECK(curandGenerateUniform(g, d + n, n));
  CHECK(cudaMemcpy(both.data(), d, 2 * n * sizeof(float), cudaMemcpyDeviceToHost));
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 1234ULL));
  CHECK(curandGenerateUniform(g, d, 2 * n));
  CHECK(cudaMemcpy(b.data(), d + n, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < n; ++i)
    if (both[i] != a[i] || both[n + i] != b[i]) {
      printf("uniform: value %d differs between runs of seed 1234\n", i);
      ++bad;
      break;
    }

  CHECK(curandGenerateNormal(g, d, n, 2.0f, 3.0f));
  CHECK(cudaMemcpy(a.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  stats("normal", a, 2.0, 3.0, 0.1);
  CHECK(curandGenerateLogNormal(g, d, n, 0.0f, 0.5f));
  CHECK(cudaMemcpy(a.data(), d, n * sizeof(float), cudaMemcpyDeviceToHost));
  for (float &x : a) {
    if (!(x > 0)) {
      printf("log-normal: non-positive value %g\n", x);
      ++bad;
      break;
    }
    x = std::log(x);
  }
  stats("log of log-normal", a, 0.0, 0.5, 0.02);
  if (curandGenerateNormal(g, d, 3, 0.f, 1.f) != CURAND_STATUS_LENGTH_NOT_MULTIPLE) {
    printf("normal of odd length: expected CURAND_STATUS_LENGTH_NOT_MULTIPLE\n");
    ++bad;
  }
  CHECK(curandDestroyGenerator(g));

#ifdef __WARPSIM__
  // warpsim's generator is curand_kernel.h's (seed, 0, 0) stream.
  CHECK(curandCreateGenerator(&g, CURAND_RNG_PSEUDO_XORWOW));
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 99ULL));
  CHECK(curandGenerateUniform(g, d, 64));
  CHECK(cudaMemcpy(a.data(), d, 64 * sizeof(float), cudaMemcpyDeviceToHost));
  one_stream<<<1, 1>>>(99ULL, d, 64);
  CHECK(cudaMemcpy(b.data(), d, 64 * sizeof(float), cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    if (a[i] != b[i]) {
      printf("host generator value %d: %g, curand_kernel.h %g\n", i, a[i], b[i]);
      ++bad;
      break;
    }
  CHECK(curandDestroyGenerator(g));
#endif
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
