// p20_layernorm — the LayerNorm kernel of the unfused LayerNorm + Linear
// PyTorch op ("layernorm_linear", algorithm="unfused"), on its own; only the
// kernel math is ported (LayoutTensor views; the (B, S, H) tensors are viewed
// as row_major(B*S, H), row = b*S + s).
// B=4, S=4, H=8, TPB=16, EPS=1e-5: grid (B, S), block (min(H, TPB), 1) = 8.
// Inputs: x ~ N(0,1) from a fixed LCG + Box–Muller (torch's seed-42 values
// are not reproduced); ln_weight = 1, ln_bias = 0 (the repo's values).
// Compared with a double-precision two-pass CPU LayerNorm, atol = rtol = 1e-5
// (the kernel's one-pass variance E[x^2] - mean^2 loses a few bits).
// Synchronisation: none.
#include <cmath>

#include "layout_tensor.h"
#include "puzzle.h"

#include "p20_layernorm_linear.h" // BATCH, SEQ, HIDDEN, OUT_DIM, ROWS, EPS, inputs, CPU LayerNorm
constexpr int TPB = 16;

template <int R, int C> using Matrix = LayoutTensor<float, RowMajor<R, C>>;
template <int R, int C> using ConstMatrix = LayoutTensor<const float, RowMajor<R, C>>;
template <int N> using ConstVector = LayoutTensor<const float, RowMajor<N>>;

// LayerNorm, one thread per (b, s, h): grid (B, S), block (min(H, TPB), 1).
// Each thread recomputes the row statistics in one pass (sum of x and of x^2;
// var = E[x^2] - mean^2, as the book; redundant but simple, no
// synchronisation), then writes (x - mean) * inv_std * ln_weight + ln_bias.
__global__ void layernorm_kernel(Matrix<ROWS, HIDDEN> output, ConstMatrix<ROWS, HIDDEN> input,
                                 ConstVector<HIDDEN> ln_weight, ConstVector<HIDDEN> ln_bias) {
  int batch_idx = blockIdx.x;
  int seq_idx = blockIdx.y;
  int hidden_idx = threadIdx.x;
  if (batch_idx >= BATCH || seq_idx >= SEQ || hidden_idx >= HIDDEN)
    return;
  int row = batch_idx * SEQ + seq_idx;

  float sum_val = 0.0f, sq_sum = 0.0f;
  for (int h = 0; h < HIDDEN; ++h) {
    float val = input(row, h);
    sum_val += val;
    sq_sum += val * val;
  }
  float mean_val = sum_val / HIDDEN;
  float var_val = sq_sum / HIDDEN - mean_val * mean_val;
  float inv_std = 1.0f / sqrtf(var_val + EPS);

  float input_val = input(row, hidden_idx);
  output(row, hidden_idx) =
      (input_val - mean_val) * inv_std * ln_weight(hidden_idx) + ln_bias(hidden_idx);
}

int main() {
  static Inputs in;
  static float h_out[ROWS * HIDDEN];
  static double ref[ROWS * HIDDEN];
  reference_layernorm(in, ref, nullptr, nullptr);

  DeviceBuffer<float> d_x(in.x, ROWS * HIDDEN);
  DeviceBuffer<float> d_ln_weight(in.ln_weight, HIDDEN);
  DeviceBuffer<float> d_ln_bias(in.ln_bias, HIDDEN);
  DeviceBuffer<float> d_out(ROWS * HIDDEN);

  const dim3 grid(BATCH, SEQ);
  const dim3 block(HIDDEN < TPB ? HIDDEN : TPB, 1);
  layernorm_kernel<<<grid, block>>>(
      Matrix<ROWS, HIDDEN>(d_out.data()), ConstMatrix<ROWS, HIDDEN>(d_x.data()),
      ConstVector<HIDDEN>(d_ln_weight.data()), ConstVector<HIDDEN>(d_ln_bias.data()));
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  float ref8[HIDDEN];
  for (int h = 0; h < HIDDEN; ++h)
    ref8[h] = float(ref[h]);
  print_array("out[0, 0, :]", h_out, HIDDEN);
  print_array("expected[0, 0, :]", ref8, HIDDEN);
  puzzle_output("out", h_out, ROWS * HIDDEN);
  return finish(check_close("out", h_out, ref, ROWS * HIDDEN, 1e-5, 1e-5));
}
