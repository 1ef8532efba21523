// The LayerNorm + Linear puzzles (p20): their shape, deterministic inputs and
// the CPU LayerNorm reference, shared by the unfused, fused, backward and
// layernorm programs. Include after puzzle.h (Lcg).
#pragma once

#include <cmath>

constexpr int BATCH = 4;
constexpr int SEQ = 4;
constexpr int HIDDEN = 8;
constexpr int OUT_DIM = 16;
constexpr int ROWS = BATCH * SEQ; // one row per (b, s) position
constexpr float EPS = 1e-5f;

// Host data: x ~ N(0, 1) (B, S, H); ln_weight = 1, ln_bias = 0;
// linear_weight ~ N(0, 1) * 0.02 (O, H); linear_bias = 0 (the repo's values,
// with the LCG in place of torch's seed-42 generator).
struct Inputs {
  float x[ROWS * HIDDEN], ln_weight[HIDDEN], ln_bias[HIDDEN];
  float linear_weight[OUT_DIM * HIDDEN], linear_bias[OUT_DIM];
  Inputs() {
    Lcg rng(20);
    for (float &v : x)
      v = float(rng.normal());
    for (float &v : ln_weight)
      v = 1.0f;
    for (float &v : ln_bias)
      v = 0.0f;
    for (float &v : linear_weight)
      v = float(rng.normal() * 0.02);
    for (float &v : linear_bias)
      v = 0.0f;
  }
};


// CPU LayerNorm in double (two-pass variance): ln[r][h], and per-row stats.
static void reference_layernorm(const Inputs &in, double *ln, double *mean, double *inv_std) {
  for (int r = 0; r < ROWS; ++r) {
    double m = 0.0, var = 0.0;
    for (int h = 0; h < HIDDEN; ++h)
      m += in.x[r * HIDDEN + h];
    m /= HIDDEN;
    for (int h = 0; h < HIDDEN; ++h) {
      double d = in.x[r * HIDDEN + h] - m;
      var += d * d;
    }
    var /= HIDDEN;
    double is = 1.0 / std::sqrt(var + double(EPS));
    if (mean)
      mean[r] = m;
    if (inv_std)
      inv_std[r] = is;
    for (int h = 0; h < HIDDEN; ++h)
      ln[r * HIDDEN + h] = (in.x[r * HIDDEN + h] - m) * is * in.ln_weight[h] + in.ln_bias[h];
  }
}

