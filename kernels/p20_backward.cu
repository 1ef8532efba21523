// p20_backward — fused LayerNorm + Linear backward as a PyTorch custom op
// ("layernorm_linear_backward"); only the kernel math is ported (raw
// pointers; (B, S, X) tensors are row-major, row = b*S + s).
// B=4, S=4, H=8, O=16, EPS=1e-5. Grid (B, S), block (1): one thread per
// (b, s) position. With x_hat = (x - mean) * inv_std, ln = x_hat*gamma + beta
// and g_ln[h] = sum_o dy[o] * W[o, h], each thread
//   - atomicAdds dy[o] into grad_bias[o], dy[o]*ln[h] into grad_weight[o, h],
//     g_ln[h]*x_hat[h] into grad_ln_weight[h] and g_ln[h] into grad_ln_bias[h]
//     (every position adds into the same parameter gradients: without the
//     atomics these read-modify-writes would race);
//   - writes grad_input[h] = inv_std * (g[h] - mean(g) - x_hat[h] * mean(g*x_hat))
//     with g = g_ln * gamma: a plain store, each thread owns its row.
// This is the book's code; its LaTeX formula is a diagonal-only
// simplification and is not used. The parameter gradients start at 0
// (zero-filled buffers).
// Inputs: x ~ N(0,1) and linear_weight ~ N(0,1)*0.02 from a fixed LCG +
// Box–Muller (torch's seed-42 values are not reproduced); ln_weight = 1,
// ln_bias = 0, linear_bias = 0, grad_output = ones (the repo's values).
// Compared with a double-precision CPU backward (two-pass statistics),
// atol = rtol = 1e-5 for every gradient (the book reports max diffs up to
// 9.54e-07 against PyTorch). The atomics make the float summation order
// schedule-dependent, hence a tolerance rather than exact values.
#include <cmath>

#include "puzzle.h"

#include "p20_layernorm_linear.h" // BATCH, SEQ, HIDDEN, OUT_DIM, ROWS, EPS, inputs, CPU LayerNorm

__global__ void minimal_fused_kernel_backward(float *grad_input, float *grad_ln_weight,
                                              float *grad_ln_bias, float *grad_weight,
                                              float *grad_bias, const float *grad_output,
                                              const float *input, const float *ln_weight,
                                              const float *ln_bias, const float *linear_weight) {
  int batch_idx = blockIdx.x;
  int seq_idx = blockIdx.y;
  if (batch_idx >= BATCH || seq_idx >= SEQ)
    return;
  int row = batch_idx * SEQ + seq_idx;
  const float *x = input + row * HIDDEN;
  const float *dy = grad_output + row * OUT_DIM;
  float *dx = grad_input + row * HIDDEN;

  // Step 1: forward statistics (one pass).
  float sum_val = 0.0f, sq_sum = 0.0f;
  for (int h = 0; h < HIDDEN; ++h) {
    sum_val += x[h];
    sq_sum += x[h] * x[h];
  }
  float mean_val = sum_val / HIDDEN;
  float var_val = sq_sum / HIDDEN - mean_val * mean_val;
  float inv_std = 1.0f / sqrtf(var_val + EPS);

  // Step 2: linear bias gradient.
  for (int o = 0; o < OUT_DIM; ++o)
    atomicAdd(&grad_bias[o], dy[o]);

  // Step 3: linear weight gradient.
  for (int o = 0; o < OUT_DIM; ++o) {
    for (int h = 0; h < HIDDEN; ++h) {
      float normalized = (x[h] - mean_val) * inv_std;
      float ln_output_val = normalized * ln_weight[h] + ln_bias[h];
      atomicAdd(&grad_weight[o * HIDDEN + h], dy[o] * ln_output_val);
    }
  }

  // Step 4: LayerNorm parameter gradients.
  for (int h = 0; h < HIDDEN; ++h) {
    float normalized = (x[h] - mean_val) * inv_std;
    float grad_ln_out = 0.0f;
    for (int o = 0; o < OUT_DIM; ++o)
      grad_ln_out += dy[o] * linear_weight[o * HIDDEN + h];
    atomicAdd(&grad_ln_weight[h], grad_ln_out * normalized);
    atomicAdd(&grad_ln_bias[h], grad_ln_out);
  }

  // Step 5: input gradient (LayerNorm backward).
  float sum_grad_normalized = 0.0f, sum_grad_normalized_times_normalized = 0.0f;
  for (int h = 0; h < HIDDEN; ++h) {
    float h_normalized = (x[h] - mean_val) * inv_std;
    float h_grad_ln_out = 0.0f;
    for (int o = 0; o < OUT_DIM; ++o)
      h_grad_ln_out += dy[o] * linear_weight[o * HIDDEN + h];
    float h_grad_norm = h_grad_ln_out * ln_weight[h];
    sum_grad_normalized += h_grad_norm;
    sum_grad_normalized_times_normalized += h_grad_norm * h_normalized;
  }
  for (int h = 0; h < HIDDEN; ++h) {
    float h_normalized = (x[h] - mean_val) * inv_std;
    float h_grad_ln_out = 0.0f;
    for (int o = 0; o < OUT_DIM; ++o)
      h_grad_ln_out += dy[o] * linear_weight[o * HIDDEN + h];
    float h_grad_norm = h_grad_ln_out * ln_weight[h];
    dx[h] = inv_std * (h_grad_norm - sum_grad_normalized / HIDDEN -
                       h_normalized * sum_grad_normalized_times_normalized / HIDDEN);
  }
}

int main() {
  static Inputs in;
  static float h_dy[ROWS * OUT_DIM];
  for (float &v : h_dy)
    v = 1.0f; // grad_output = ones

  // CPU reference in double.
  static double ln[ROWS * HIDDEN], mean[ROWS], inv_std[ROWS];
  static double ref_dx[ROWS * HIDDEN], ref_dgamma[HIDDEN], ref_dbeta[HIDDEN];
  static double ref_dw[OUT_DIM * HIDDEN], ref_db[OUT_DIM];
  reference_layernorm(in, ln, mean, inv_std);
  for (int r = 0; r < ROWS; ++r) {
    double x_hat[HIDDEN], g[HIDDEN], mean_g = 0.0, mean_gx = 0.0;
    for (int o = 0; o < OUT_DIM; ++o) {
      ref_db[o] += h_dy[r * OUT_DIM + o];
      for (int h = 0; h < HIDDEN; ++h)
        ref_dw[o * HIDDEN + h] += h_dy[r * OUT_DIM + o] * ln[r * HIDDEN + h];
    }
    for (int h = 0; h < HIDDEN; ++h) {
      x_hat[h] = (in.x[r * HIDDEN + h] - mean[r]) * inv_std[r];
      double g_ln = 0.0;
      for (int o = 0; o < OUT_DIM; ++o)
        g_ln += h_dy[r * OUT_DIM + o] * in.linear_weight[o * HIDDEN + h];
      ref_dgamma[h] += g_ln * x_hat[h];
      ref_dbeta[h] += g_ln;
      g[h] = g_ln * in.ln_weight[h];
      mean_g += g[h] / HIDDEN;
      mean_gx += g[h] * x_hat[h] / HIDDEN;
    }
    for (int h = 0; h < HIDDEN; ++h)
      ref_dx[r * HIDDEN + h] = inv_std[r] * (g[h] - mean_g - x_hat[h] * mean_gx);
  }

  DeviceBuffer<float> d_x(in.x, ROWS * HIDDEN);
  DeviceBuffer<float> d_ln_weight(in.ln_weight, HIDDEN);
  DeviceBuffer<float> d_ln_bias(in.ln_bias, HIDDEN);
  DeviceBuffer<float> d_linear_weight(in.linear_weight, OUT_DIM * HIDDEN);
  DeviceBuffer<float> d_dy(h_dy, ROWS * OUT_DIM);
  DeviceBuffer<float> d_dx(ROWS * HIDDEN);
  DeviceBuffer<float> d_dgamma(HIDDEN); // zero-filled accumulators
  DeviceBuffer<float> d_dbeta(HIDDEN);
  DeviceBuffer<float> d_dw(OUT_DIM * HIDDEN);
  DeviceBuffer<float> d_db(OUT_DIM);

  minimal_fused_kernel_backward<<<dim3(BATCH, SEQ), dim3(1)>>>(
      d_dx.data(), d_dgamma.data(), d_dbeta.data(), d_dw.data(), d_db.data(), d_dy.data(),
      d_x.data(), d_ln_weight.data(), d_ln_bias.data(), d_linear_weight.data());
  CUDA_CHECK_LAUNCH();

  static float h_dx[ROWS * HIDDEN], h_dgamma[HIDDEN], h_dbeta[HIDDEN], h_dw[OUT_DIM * HIDDEN],
      h_db[OUT_DIM];
  d_dx.download(h_dx);
  d_dgamma.download(h_dgamma);
  d_dbeta.download(h_dbeta);
  d_dw.download(h_dw);
  d_db.download(h_db);

  print_array("grad_input[0, 0, :]", h_dx, HIDDEN);
  print_array("grad_ln_weight", h_dgamma, HIDDEN);
  print_array("grad_ln_bias", h_dbeta, HIDDEN);
  print_array("grad_bias", h_db, OUT_DIM);
  puzzle_output("grad_input", h_dx, ROWS * HIDDEN);
  puzzle_output("grad_ln_weight", h_dgamma, HIDDEN);
  puzzle_output("grad_ln_bias", h_dbeta, HIDDEN);
  puzzle_output("grad_linear_weight", h_dw, OUT_DIM * HIDDEN);
  puzzle_output("grad_linear_bias", h_db, OUT_DIM);

  int bad = check_close("grad_input", h_dx, ref_dx, ROWS * HIDDEN, 1e-5, 1e-5);
  bad += check_close("grad_ln_weight", h_dgamma, ref_dgamma, HIDDEN, 1e-5, 1e-5);
  bad += check_close("grad_ln_bias", h_dbeta, ref_dbeta, HIDDEN, 1e-5, 1e-5);
  bad += check_close("grad_linear_weight", h_dw, ref_dw, OUT_DIM * HIDDEN, 1e-5, 1e-5);
  bad += check_close("grad_linear_bias", h_db, ref_db, OUT_DIM, 1e-5, 1e-5);
  return finish(bad);
}
