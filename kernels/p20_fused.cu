// p20_fused — fused LayerNorm + Linear forward as a PyTorch custom op
// ("layernorm_linear", algorithm="fused"); only the kernel math is ported
// (raw pointers; (B, S, X) tensors are row-major, row = b*S + s).
// B=4, S=4, H=8, O=16, EPS=1e-5. Grid (B, S), block (1): one thread per
// (b, s) position computes the row statistics once (one pass, var =
// E[x^2] - mean^2), then for every o: sum_h LN(x)_h * W[o, h] + bias[o].
// No shared memory (the book's L8348 says otherwise) and no synchronisation.
// Inputs: x ~ N(0,1) and linear_weight ~ N(0,1)*0.02 from a fixed LCG +
// Box–Muller (torch's seed-42 values are not reproduced); ln_weight = 1,
// ln_bias = 0, linear_bias = 0 (the repo's values).
// Compared with a double-precision CPU LayerNorm + Linear, atol 1e-6,
// rtol 1e-5 (the book reports a max diff of 1.86e-08 against PyTorch).
#include <cmath>

#include "puzzle.h"

#include "p20_layernorm_linear.h" // BATCH, SEQ, HIDDEN, OUT_DIM, ROWS, EPS, inputs, CPU LayerNorm

__global__ void minimal_fused_kernel(float *output, const float *input, const float *ln_weight,
                                     const float *ln_bias, const float *linear_weight,
                                     const float *linear_bias) {
  int batch_idx = blockIdx.x;
  int seq_idx = blockIdx.y;
  if (batch_idx >= BATCH || seq_idx >= SEQ)
    return;
  const float *x = input + (batch_idx * SEQ + seq_idx) * HIDDEN;
  float *out = output + (batch_idx * SEQ + seq_idx) * OUT_DIM;

  // Step 1: LayerNorm statistics, once per position.
  float sum_val = 0.0f, sq_sum = 0.0f;
  for (int h = 0; h < HIDDEN; ++h) {
    sum_val += x[h];
    sq_sum += x[h] * x[h];
  }
  float mean_val = sum_val / HIDDEN;
  float var_val = sq_sum / HIDDEN - mean_val * mean_val;
  float inv_std = 1.0f / sqrtf(var_val + EPS);

  // Step 2: every output of this position.
  for (int o = 0; o < OUT_DIM; ++o) {
    float acc = 0.0f;
    for (int h = 0; h < HIDDEN; ++h) {
      float normalized = (x[h] - mean_val) * inv_std * ln_weight[h] + ln_bias[h];
      acc += normalized * linear_weight[o * HIDDEN + h];
    }
    out[o] = acc + linear_bias[o];
  }
}

// CPU LayerNorm + Linear in double: out[r][o] = sum_h ln[r][h] * W[o][h] + b[o].
static void reference_forward(const Inputs &in, double *out) {
  static double ln[ROWS * HIDDEN];
  reference_layernorm(in, ln, nullptr, nullptr);
  for (int r = 0; r < ROWS; ++r)
    for (int o = 0; o < OUT_DIM; ++o) {
      double acc = in.linear_bias[o];
      for (int h = 0; h < HIDDEN; ++h)
        acc += ln[r * HIDDEN + h] * in.linear_weight[o * HIDDEN + h];
      out[r * OUT_DIM + o] = acc;
    }
}

int main() {
  static Inputs in;
  static float h_out[ROWS * OUT_DIM];
  static double ref[ROWS * OUT_DIM];
  reference_forward(in, ref);

  DeviceBuffer<float> d_x(in.x, ROWS * HIDDEN);
  DeviceBuffer<float> d_ln_weight(in.ln_weight, HIDDEN);
  DeviceBuffer<float> d_ln_bias(in.ln_bias, HIDDEN);
  DeviceBuffer<float> d_linear_weight(in.linear_weight, OUT_DIM * HIDDEN);
  DeviceBuffer<float> d_linear_bias(in.linear_bias, OUT_DIM);
  DeviceBuffer<float> d_out(ROWS * OUT_DIM);

  minimal_fused_kernel<<<dim3(BATCH, SEQ), dim3(1)>>>(d_out.data(), d_x.data(), d_ln_weight.data(),
                                                      d_ln_bias.data(), d_linear_weight.data(),
                                                      d_linear_bias.data());
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  float ref_row[OUT_DIM];
  for (int o = 0; o < OUT_DIM; ++o)
    ref_row[o] = float(ref[o]);
  print_array("out[0, 0, :]", h_out, OUT_DIM);
  print_array("expected[0, 0, :]", ref_row, OUT_DIM);
  puzzle_output("out", h_out, ROWS * OUT_DIM);
  return finish(check_close("out", h_out, ref, ROWS * OUT_DIM, 1e-6, 1e-5));
}
