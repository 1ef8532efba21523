// warpsim's curand_kernel.h: cuRAND's device API for the XORWOW
// (curandState_t) and Philox4x32-10 generators, reproducing cuRAND's
// sequences: the same seeding, skip-ahead (XORWOW subsequences are 2^67
// steps apart; the GF(2) transition matrix's powers are computed once, on
// first use), output order and conversions. Host and device code alike.
// Exactness: integers, uniforms and the double-precision normals are as on
// an H100; see docs/device-api.md for the float normals.
#pragma once

#include <cmath>
#include <cuda_runtime.h>

#define CURAND_2POW32_INV (2.3283064e-10f)
#define CURAND_2POW32_INV_DOUBLE (2.3283064365386963e-10)
#define CURAND_2POW53_INV_DOUBLE (1.1102230246251565e-16)
#define CURAND_2POW32_INV_2PI (2.3283064e-10f * 6.2831855f)

struct curandStateXORWOW {
  unsigned int d, v[5];
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStateXORWOW curandStateXORWOW_t;
typedef struct curandStateXORWOW curandState_t;
typedef struct curandStateXORWOW curandState;

struct curandStatePhilox4_32_10 {
  uint4 ctr;
  uint4 output;
  uint2 key;
  unsigned int STATE;
  int boxmuller_flag;
  int boxmuller_flag_double;
  float boxmuller_extra;
  double boxmuller_extra_double;
};
typedef struct curandStatePhilox4_32_10 curandStatePhilox4_32_10_t;

namespace warpsim::curand {

// XORWOW's xorshift part as a linear map on 160 bits (v[0..4]): a matrix is
// the images of the 160 unit vectors.
struct Matrix {
  unsigned col[160][5];
};
__attribute__((disable_sanitizer_instrumentation)) inline void
apply(const Matrix &m, const unsigned in[5], unsigned out[5]) {
  unsigned r[5] = {0, 0, 0, 0, 0};
  for (int j = 0; j < 160; ++j)
    if ((in[j / 32] >> (j % 32)) & 1u)
      for (int w = 0; w < 5; ++w)
        r[w] ^= m.col[j][w];
  for (int w = 0; w < 5; ++w)
    out[w] = r[w];
}
// T^(2^k) for k = 0 .. 130 (67 + 64: offsets and subsequences).
__attribute__((disable_sanitizer_instrumentation)) inline const Matrix *powers() {
  static const Matrix *table = [] {
    Matrix *p = new Matrix[131];
    for (int j = 0; j < 160; ++j) {
      unsigned v[5] = {0, 0, 0, 0, 0};
      v[j / 32] = 1u << (j % 32);
      const unsigned t = v[0] ^ (v[0] >> 2);
      unsigned *c = p[0].col[j];
      c[0] = v[1], c[1] = v[2], c[2] = v[3], c[3] = v[4];
      c[4] = (v[4] ^ (v[4] << 4)) ^ (t ^ (t << 1));
    }
    for (int k = 1; k < 131; ++k)
      for (int j = 0; j < 160; ++j)
        apply(p[k - 1], p[k - 1].col[j], p[k].col[j]);
    return p;
  }();
  return table;
}
// v advanced by n steps, then by sub * 2^67 steps.
__attribute__((disable_sanitizer_instrumentation)) inline void
skip(unsigned v[5], unsigned long long n, unsigned long long sub) {
  const Matrix *p = powers();
  for (int k = 0; k < 64; ++k) {
    if ((n >> k) & 1u)
      apply(p[k], v, v);
    if ((sub >> k) & 1u)
      apply(p[67 + k], v, v);
  }
}

inline uint4 philoxRound(uint4 c, uint2 k) {
  const unsigned long long p0 = 0xD2511F53ull * c.x, p1 = 0xCD9E8D57ull * c.z;
  return make_uint4(static_cast<unsigned>(p1 >> 32) ^ c.y ^ k.x, static_cast<unsigned>(p1),
                    static_cast<unsigned>(p0 >> 32) ^ c.w ^ k.y, static_cast<unsigned>(p0));
}
inline uint4 philox10(uint4 c, uint2 k) {
  for (int r = 0; r < 9; ++r) {
    c = philoxRound(c, k);
    k.x += 0x9E3779B9u;
    k.y += 0xBB67AE85u;
  }
  return philoxRound(c, k);
}
inline void philoxIncr(curandStatePhilox4_32_10_t *s, unsigned long long n) {
  const unsigned nlo = static_cast<unsigned>(n);
  unsigned nhi = static_cast<unsigned>(n >> 32);
  s->ctr.x += nlo;
  if (s->ctr.x < nlo)
    nhi++;
  s->ctr.y += nhi;
  if (nhi <= s->ctr.y)
    return;
  if (++s->ctr.z)
    return;
  ++s->ctr.w;
}
inline void philoxIncr(curandStatePhilox4_32_10_t *s) {
  if (++s->ctr.x)
    return;
  if (++s->ctr.y)
    return;
  if (++s->ctr.z)
    return;
  ++s->ctr.w;
}

inline float uniform(unsigned x) { return x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2.0f); }
inline double uniformDouble(unsigned x) {
  return x * CURAND_2POW32_INV_DOUBLE + CURAND_2POW32_INV_DOUBLE;
}
inline double uniformDoubleHq(unsigned x, unsigned y) {
  const unsigned long long z =
      static_cast<unsigned long long>(x) ^ (static_cast<unsigned long long>(y) << (53 - 32));
  return z * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
}
// Box-Muller as cuRAND writes it. The GPU uses __sincosf (a hardware
// approximation) and its own logf; warpsim the C library's.
inline float2 boxMuller(unsigned x, unsigned y) {
  const float u = x * CURAND_2POW32_INV + (CURAND_2POW32_INV / 2);
  const float v = y * CURAND_2POW32_INV_2PI + (CURAND_2POW32_INV_2PI / 2);
  const float s = sqrtf(-2.0f * logf(u));
  return make_float2(sinf(v) * s, cosf(v) * s);
}
inline double2 boxMullerDouble(unsigned x0, unsigned x1, unsigned y0, unsigned y1) {
  const unsigned long long zx =
      static_cast<unsigned long long>(x0) ^ (static_cast<unsigned long long>(x1) << (53 - 32));
  const double u = zx * CURAND_2POW53_INV_DOUBLE + (CURAND_2POW53_INV_DOUBLE / 2.0);
  const unsigned long long zy =
      static_cast<unsigned long long>(y0) ^ (static_cast<unsigned long long>(y1) << (53 - 32));
  const double v = zy * (CURAND_2POW53_INV_DOUBLE * 2.0) + CURAND_2POW53_INV_DOUBLE;
  const double s = std::sqrt(-2.0 * std::log(u));
  double sn, cs;
  sincospi(v, &sn, &cs);
  return make_double2(sn * s, cs * s);
}
enum : int { kExtraNormal = 0x01, kExtraLogNormal = 0x02 };
} // namespace warpsim::curand

// ------------------------------------------------------------------ XORWOW
inline void skipahead(unsigned long long n, curandStateXORWOW_t *state) {
  unsigned v[5] = {state->v[0], state->v[1], state->v[2], state->v[3], state->v[4]};
  warpsim::curand::skip(v, n, 0);
  for (int w = 0; w < 5; ++w)
    state->v[w] = v[w];
  state->d += 362437u * static_cast<unsigned>(n);
}
inline void skipahead_sequence(unsigned long long n, curandStateXORWOW_t *state) {
  unsigned v[5] = {state->v[0], state->v[1], state->v[2], state->v[3], state->v[4]};
  warpsim::curand::skip(v, 0, n);
  for (int w = 0; w < 5; ++w)
    state->v[w] = v[w];
}
inline void curand_init(unsigned long long seed, unsigned long long subsequence,
                        unsigned long long offset, curandStateXORWOW_t *state) {
  const unsigned s0 = static_cast<unsigned>(seed) ^ 0xaad26b49u;
  const unsigned s1 = static_cast<unsigned>(seed >> 32) ^ 0xf7dcefddu;
  const unsigned t0 = 1099087573u * s0;
  const unsigned t1 = 2591861531u * s1;
  unsigned v[5] = {123456789u + t0, 362436069u ^ t0, 521288629u + t1, 88675123u ^ t1,
                   5783321u + t0};
  warpsim::curand::skip(v, offset, subsequence);
  state->d = 6615241u + t1 + t0 + 362437u * static_cast<unsigned>(offset);
  for (int w = 0; w < 5; ++w)
    state->v[w] = v[w];
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
}
inline unsigned int curand(curandStateXORWOW_t *state) {
  const unsigned t = state->v[0] ^ (state->v[0] >> 2);
  state->v[0] = state->v[1];
  state->v[1] = state->v[2];
  state->v[2] = state->v[3];
  state->v[3] = state->v[4];
  state->v[4] = (state->v[4] ^ (state->v[4] << 4)) ^ (t ^ (t << 1));
  state->d += 362437u;
  return state->v[4] + state->d;
}

// ------------------------------------------------------------------ Philox
inline void skipahead(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  state->STATE += static_cast<unsigned>(n & 3);
  n /= 4;
  if (state->STATE > 3) {
    n += 1;
    state->STATE -= 4;
  }
  warpsim::curand::philoxIncr(state, n);
  state->output = warpsim::curand::philox10(state->ctr, state->key);
}
inline void skipahead_sequence(unsigned long long n, curandStatePhilox4_32_10_t *state) {
  const unsigned nlo = static_cast<unsigned>(n);
  unsigned nhi = static_cast<unsigned>(n >> 32);
  state->ctr.z += nlo;
  if (state->ctr.z < nlo)
    nhi++;
  state->ctr.w += nhi;
  state->output = warpsim::curand::philox10(state->ctr, state->key);
}
inline void curand_init(unsigned long long seed, unsigned long long subsequence,
                        unsigned long long offset, curandStatePhilox4_32_10_t *state) {
  state->ctr = make_uint4(0, 0, 0, 0);
  state->key.x = static_cast<unsigned>(seed);
  state->key.y = static_cast<unsigned>(seed >> 32);
  state->STATE = 0;
  state->boxmuller_flag = 0;
  state->boxmuller_flag_double = 0;
  state->boxmuller_extra = 0.f;
  state->boxmuller_extra_double = 0.;
  skipahead_sequence(subsequence, state);
  skipahead(offset, state);
}
inline unsigned int curand(curandStatePhilox4_32_10_t *state) {
  unsigned ret;
  switch (state->STATE++) {
  default:
    ret = state->output.x;
    break;
  case 1:
    ret = state->output.y;
    break;
  case 2:
    ret = state->output.z;
    break;
  case 3:
    ret = state->output.w;
    break;
  }
  if (state->STATE == 4) {
    warpsim::curand::philoxIncr(state);
    state->output = warpsim::curand::philox10(state->ctr, state->key);
    state->STATE = 0;
  }
  return ret;
}
inline uint4 curand4(curandStatePhilox4_32_10_t *state) {
  const uint4 tmp = state->output;
  warpsim::curand::philoxIncr(state);
  state->output = warpsim::curand::philox10(state->ctr, state->key);
  const uint4 o = state->output;
  switch (state->STATE) {
  case 1:
    return make_uint4(tmp.y, tmp.z, tmp.w, o.x);
  case 2:
    return make_uint4(tmp.z, tmp.w, o.x, o.y);
  case 3:
    return make_uint4(tmp.w, o.x, o.y, o.z);
  default:
    return tmp;
  }
}

// ------------------------------------------- distributions (both generators)
#define WARPSIM_CURAND_DISTRIBUTIONS(S)                                                            \
  inline float curand_uniform(S *state) { return warpsim::curand::uniform(curand(state)); }        \
  inline float2 curand_normal2(S *state) {                                                         \
    const unsigned x = curand(state);                                                              \
    const unsigned y = curand(state);                                                              \
    return warpsim::curand::boxMuller(x, y);                                                       \
  }                                                                                                \
  inline float curand_normal(S *state) {                                                           \
    if (state->boxmuller_flag != warpsim::curand::kExtraNormal) {                                  \
      const float2 v = curand_normal2(state);                                                      \
      state->boxmuller_extra = v.y;                                                                \
      state->boxmuller_flag = warpsim::curand::kExtraNormal;                                       \
      return v.x;                                                                                  \
    }                                                                                              \
    state->boxmuller_flag = 0;                                                                     \
    return state->boxmuller_extra;                                                                 \
  }                                                                                                \
  inline float curand_log_normal(S *state, float mean, float stddev) {                             \
    if (state->boxmuller_flag != warpsim::curand::kExtraLogNormal) {                               \
      const float2 v = curand_normal2(state);                                                      \
      state->boxmuller_extra = expf(mean + (stddev * v.y));                                        \
      state->boxmuller_flag = warpsim::curand::kExtraLogNormal;                                    \
      return expf(mean + (stddev * v.x));                                                          \
    }                                                                                              \
    state->boxmuller_flag = 0;                                                                     \
    return state->boxmuller_extra;                                                                 \
  }                                                                                                \
  inline float2 curand_log_normal2(S *state, float mean, float stddev) {                           \
    const float2 v = curand_normal2(state);                                                        \
    return make_float2(expf(mean + stddev * v.x), expf(mean + stddev * v.y));                      \
  }                                                                                                \
  inline double curand_log_normal_double(S *state, double mean, double stddev) {                   \
    if (state->boxmuller_flag_double != warpsim::curand::kExtraLogNormal) {                        \
      const double2 v = curand_normal2_double(state);                                              \
      state->boxmuller_extra_double = std::exp(mean + (stddev * v.y));                             \
      state->boxmuller_flag_double = warpsim::curand::kExtraLogNormal;                             \
      return std::exp(mean + (stddev * v.x));                                                      \
    }                                                                                              \
    state->boxmuller_flag_double = 0;                                                              \
    return state->boxmuller_extra_double;                                                          \
  }                                                                                                \
  inline double curand_normal_double(S *state) {                                                   \
    if (state->boxmuller_flag_double != warpsim::curand::kExtraNormal) {                           \
      const double2 v = curand_normal2_double(state);                                              \
      state->boxmuller_extra_double = v.y;                                                         \
      state->boxmuller_flag_double = warpsim::curand::kExtraNormal;                                \
      return v.x;                                                                                  \
    }                                                                                              \
    state->boxmuller_flag_double = 0;                                                              \
    return state->boxmuller_extra_double;                                                          \
  }

inline double curand_uniform_double(curandStateXORWOW_t *state) {
  const unsigned x = curand(state);
  const unsigned y = curand(state);
  return warpsim::curand::uniformDoubleHq(x, y);
}
inline double2 curand_normal2_double(curandStateXORWOW_t *state) {
  const unsigned x0 = curand(state), x1 = curand(state), y0 = curand(state), y1 = curand(state);
  return warpsim::curand::boxMullerDouble(x0, x1, y0, y1);
}
inline double curand_uniform_double(curandStatePhilox4_32_10_t *state) {
  return warpsim::curand::uniformDouble(curand(state));
}
inline double2 curand_normal2_double(curandStatePhilox4_32_10_t *state) {
  const uint4 x = curand4(state);
  return warpsim::curand::boxMullerDouble(x.x, x.y, x.z, x.w);
}
WARPSIM_CURAND_DISTRIBUTIONS(curandStateXORWOW_t)
WARPSIM_CURAND_DISTRIBUTIONS(curandStatePhilox4_32_10_t)
#undef WARPSIM_CURAND_DISTRIBUTIONS

// Philox's four-at-a-time functions.
inline float4 curand_uniform4(curandStatePhilox4_32_10_t *state) {
  const uint4 x = curand4(state);
  using warpsim::curand::uniform;
  return make_float4(uniform(x.x), uniform(x.y), uniform(x.z), uniform(x.w));
}
inline float4 curand_normal4(curandStatePhilox4_32_10_t *state) {
  const uint4 x = curand4(state);
  const float2 a = warpsim::curand::boxMuller(x.x, x.y);
  const float2 b = warpsim::curand::boxMuller(x.z, x.w);
  return make_float4(a.x, a.y, b.x, b.y);
}
inline double2 curand_uniform2_double(curandStatePhilox4_32_10_t *state) {
  const uint4 x = curand4(state);
  return make_double2(warpsim::curand::uniformDoubleHq(x.x, x.y),
                      warpsim::curand::uniformDoubleHq(x.z, x.w));
}
inline float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean, float stddev) {
  const float4 n = curand_normal4(state);
  return make_float4(expf(mean + stddev * n.x), expf(mean + stddev * n.y),
                     expf(mean + stddev * n.z), expf(mean + stddev * n.w));
}
