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

constexpr int BATCH = 4;
constexpr int SEQ = 4;
constexpr int HIDDEN = 8;
constexpr int OUT_DIM = 16;
constexpr int ROWS = BATCH * SEQ; // one row per (b, s) position
constexpr float EPS = 1e-5f;
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

// Deterministic inputs, identical under nvcc and warpsim: a 64-bit LCG
// (Knuth's MMIX constants) and the Box–Muller transform in double precision.
struct Lcg {
  unsigned long long state;
  explicit Lcg(unsigned long long seed) : state(seed) {}
  unsigned next_u32() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned(state >> 32);
  }
  double uniform() { return (next_u32() + 0.5) / 4294967296.0; } // in (0, 1)
  double normal() {
    double u1 = uniform(), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
};

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
