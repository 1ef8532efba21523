// cuRAND's host API on simulated device memory. A generator is one
// curand_kernel.h state (XORWOW for CURAND_RNG_PSEUDO_DEFAULT/XORWOW,
// Philox4x32-10 for PHILOX4_32_10) seeded with (seed, subsequence 0,
// offset) and drawn in order, each call going on where the last stopped. The
// numbers are those curand_kernel.h gives one GPU thread for that seed, not
// cuRAND's host generator's (which interleaves many such streams in an order
// of its own): statistically the same distributions, different values.
#include <cstdio>
#include <new>
#include <vector>

#include <curand.h>
#include <curand_kernel.h>

#include "LibraryMemory.h"

struct curandGenerator_st {
  curandRngType_t type;
  unsigned long long seed = 0, offset = 0;
  bool host_memory = false; // curandCreateGeneratorHost: output in host memory
  bool seeded = false;      // the state reflects seed and offset
  cudaStream_t stream = nullptr;
  curandStateXORWOW_t xorwow;
  curandStatePhilox4_32_10_t philox;
};

namespace {

bool supported(curandRngType_t t) {
  return t == CURAND_RNG_PSEUDO_DEFAULT || t == CURAND_RNG_PSEUDO_XORWOW ||
         t == CURAND_RNG_PSEUDO_PHILOX4_32_10;
}

void prepare(curandGenerator_t g) {
  if (g->seeded)
    return;
  if (g->type == CURAND_RNG_PSEUDO_PHILOX4_32_10)
    curand_init(g->seed, 0, g->offset, &g->philox);
  else
    curand_init(g->seed, 0, g->offset, &g->xorwow);
  g->seeded = true;
}

// Fills out[0..n) with draw(state) on the generator's state, then writes
// them where the caller asked.
template <class T, class Draw>
curandStatus_t fill(curandGenerator_t g, T *out, std::size_t n, const char *what, Draw draw) {
  if (g == nullptr)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (n == 0)
    return CURAND_STATUS_SUCCESS;
  if (out == nullptr)
    return CURAND_STATUS_LAUNCH_FAILURE;
  if (g->host_memory) {
    prepare(g);
    for (std::size_t i = 0; i < n; ++i)
      out[i] = g->type == CURAND_RNG_PSEUDO_PHILOX4_32_10 ? draw(&g->philox) : draw(&g->xorwow);
    return CURAND_STATUS_SUCCESS;
  }
  if (!warpsim::libs::usable())
    return CURAND_STATUS_PREEXISTING_FAILURE;
  if (!warpsim::libs::checkDevice(out, n * sizeof(T), what, "outputPtr"))
    return CURAND_STATUS_LAUNCH_FAILURE;
  prepare(g);
  for (std::size_t i = 0; i < n; ++i)
    out[i] = g->type == CURAND_RNG_PSEUDO_PHILOX4_32_10 ? draw(&g->philox) : draw(&g->xorwow);
  warpsim::libs::wrote(out, n * sizeof(T), what);
  return CURAND_STATUS_SUCCESS;
}

curandStatus_t create(curandGenerator_t *g, curandRngType_t t, bool host) {
  if (g == nullptr)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (!supported(t)) {
    std::fprintf(stderr,
                 "warpsim: curandCreateGenerator: generator type %d is not supported by "
                 "warpsim's cuRAND (XORWOW and PHILOX4_32_10 are)\n",
                 static_cast<int>(t));
    return CURAND_STATUS_TYPE_ERROR;
  }
  *g = new curandGenerator_st{};
  (*g)->type = t;
  (*g)->host_memory = host;
  return CURAND_STATUS_SUCCESS;
}

} // namespace

extern "C" {

curandStatus_t curandCreateGenerator(curandGenerator_t *g, curandRngType_t t) {
  return create(g, t, false);
}
curandStatus_t curandCreateGeneratorHost(curandGenerator_t *g, curandRngType_t t) {
  return create(g, t, true);
}
curandStatus_t curandDestroyGenerator(curandGenerator_t g) {
  if (g == nullptr)
    return CURAND_STATUS_NOT_INITIALIZED;
  delete g;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGetVersion(int *v) {
  if (v == nullptr)
    return CURAND_STATUS_OUT_OF_RANGE;
  *v = CURAND_VERSION;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetStream(curandGenerator_t g, cudaStream_t s) {
  if (g == nullptr)
    return CURAND_STATUS_NOT_INITIALIZED;
  g->stream = s;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetPseudoRandomGeneratorSeed(curandGenerator_t g, unsigned long long seed) {
  if (g == nullptr)
    return CURAND_STATUS_NOT_INITIALIZED;
  g->seed = seed;
  g->seeded = false;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetGeneratorOffset(curandGenerator_t g, unsigned long long offset) {
  if (g == nullptr)
    return CURAND_STATUS_NOT_INITIALIZED;
  g->offset = offset;
  g->seeded = false;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandSetGeneratorOrdering(curandGenerator_t g, curandOrdering_t o) {
  if (g == nullptr)
    return CURAND_STATUS_NOT_INITIALIZED;
  if (o < CURAND_ORDERING_PSEUDO_BEST || o > CURAND_ORDERING_PSEUDO_DYNAMIC)
    return CURAND_STATUS_OUT_OF_RANGE;
  return CURAND_STATUS_SUCCESS;
}
curandStatus_t curandGenerate(curandGenerator_t g, unsigned int *out, size_t n) {
  WARPSIM_LIBRARY_CALL("curandGenerate", g != nullptr ? g->stream : nullptr);
  return fill(g, out, n, "curandGenerate", [](auto *s) { return curand(s); });
}
curandStatus_t curandGenerateUniform(curandGenerator_t g, float *out, size_t n) {
  WARPSIM_LIBRARY_CALL("curandGenerateUniform", g != nullptr ? g->stream : nullptr);
  return fill(g, out, n, "curandGenerateUniform", [](auto *s) { return curand_uniform(s); });
}
curandStatus_t curandGenerateUniformDouble(curandGenerator_t g, double *out, size_t n) {
  WARPSIM_LIBRARY_CALL("curandGenerateUniformDouble", g != nullptr ? g->stream : nullptr);
  return fill(g, out, n, "curandGenerateUniformDouble",
              [](auto *s) { return curand_uniform_double(s); });
}
// Normal and log-normal values come in Box-Muller pairs: n must be even, as
// cuRAND requires.
curandStatus_t curandGenerateNormal(curandGenerator_t g, float *out, size_t n, float mean,
                                    float stddev) {
  if (n % 2 != 0)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  WARPSIM_LIBRARY_CALL("curandGenerateNormal", g != nullptr ? g->stream : nullptr);
  return fill(g, out, n, "curandGenerateNormal",
              [=](auto *s) { return mean + stddev * curand_normal(s); });
}
curandStatus_t curandGenerateNormalDouble(curandGenerator_t g, double *out, size_t n,
                                          double mean, double stddev) {
  if (n % 2 != 0)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  WARPSIM_LIBRARY_CALL("curandGenerateNormalDouble", g != nullptr ? g->stream : nullptr);
  return fill(g, out, n, "curandGenerateNormalDouble",
              [=](auto *s) { return mean + stddev * curand_normal_double(s); });
}
curandStatus_t curandGenerateLogNormal(curandGenerator_t g, float *out, size_t n, float mean,
                                       float stddev) {
  if (n % 2 != 0)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  WARPSIM_LIBRARY_CALL("curandGenerateLogNormal", g != nullptr ? g->stream : nullptr);
  return fill(g, out, n, "curandGenerateLogNormal",
              [=](auto *s) { return curand_log_normal(s, mean, stddev); });
}
curandStatus_t curandGenerateLogNormalDouble(curandGenerator_t g, double *out, size_t n,
                                             double mean, double stddev) {
  if (n % 2 != 0)
    return CURAND_STATUS_LENGTH_NOT_MULTIPLE;
  WARPSIM_LIBRARY_CALL("curandGenerateLogNormalDouble", g != nullptr ? g->stream : nullptr);
  return fill(g, out, n, "curandGenerateLogNormalDouble",
              [=](auto *s) { return curand_log_normal_double(s, mean, stddev); });
}

} // extern "C"
