// p20_unfused — LayerNorm + Linear as a PyTorch custom op
// ("layernorm_linear", algorithm="unfused"); only the kernel math is ported
// (LayoutTensor views; (B, S, X) tensors are viewed as row_major(B*S, X)).
// B=4, S=4, H=8, O=16, TPB=16, EPS=1e-5. Four launches on one stream with
// three temporary buffers:
//   1. layernorm_kernel: ln (B*S, H); grid (B, S), block (min(H, TPB), 1);
//   2. transpose_kernel: linear_weight (O, H) -> W^T (H, O); block (TPB, TPB),
//      shared tile padded to [TPB][TPB+1] (bank conflicts, see below);
//   3. matmul_idiomatic_tiled: (B*S, O) = ln (B*S, H) @ W^T (H, O);
//      grid (1, 1), block (TPB, TPB). The book's version assigns
//      local_row = thread_idx.x and local_col = thread_idx.y (swapped); with a
//      single block that only changes which thread computes which element
//      (and makes the loads uncoalesced); this port uses the usual
//      row = threadIdx.y, col = threadIdx.x;
//   4. add_bias_kernel: out = matmul + linear_bias; grid (B, S),
//      block (min(O, TPB), 1).
// Inputs: x ~ N(0,1) and linear_weight ~ N(0,1)*0.02 from a fixed LCG +
// Box–Muller (torch's seed-42 values are not reproduced); ln_weight = 1,
// ln_bias = 0, linear_bias = 0 (the repo's values).
// Compared with a double-precision CPU LayerNorm + Linear, atol 1e-6,
// rtol 1e-5 (the book reports a max diff of 1.86e-08 against PyTorch).
// Synchronisation: only inside the transpose (1 barrier) and the matmul
// (2 barriers per tile, 1 tile).
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

// Transpose through a shared tile: a (rows, cols) row-major matrix becomes
// (cols, rows). Block (TPB, TPB); grid (ceil(cols/TPB), ceil(rows/TPB)): block
// (bx, by) reads input tile (by, bx) row by row (consecutive threadIdx.x ->
// consecutive addresses, coalesced), writes 0 into the tile where it is out of
// bounds, barriers, and writes output tile (bx, by) row by row (coalesced):
//   out(bx*TPB + ly, by*TPB + lx) = tile[lx][ly].
// The tile is padded to [TPB][TPB + 1] (the book does not pad): the
// transposed read tile[lx][ly] walks a column. With rows of TPB = 16 floats a
// warp (lx = 0..15, two values of ly) touches word lx*16 + ly, i.e. only 4 of
// the 32 banks with 8 different words each: an 8-way bank conflict. With rows
// of 17 floats, word lx*17 + ly spreads the warp over all 32 banks (one bank
// gets 2 words), so the read costs at most 2 wavefronts instead of 8.
template <int rows, int cols>
__global__ void transpose_kernel(LayoutTensor<float, RowMajor<cols, rows>> output,
                                 LayoutTensor<const float, RowMajor<rows, cols>> input) {
  __shared__ float shared_tile[TPB][TPB + 1];
  int local_row = threadIdx.y;
  int local_col = threadIdx.x;
  int global_row = blockIdx.y * TPB + local_row;
  int global_col = blockIdx.x * TPB + local_col;

  shared_tile[local_row][local_col] =
      (global_row < rows && global_col < cols) ? input(global_row, global_col) : 0.0f;

  __syncthreads();

  int out_row = blockIdx.x * TPB + local_row;
  int out_col = blockIdx.y * TPB + local_col;
  if (out_row < cols && out_col < rows)
    output(out_row, out_col) = shared_tile[local_col][local_row];
}

// out (rows, cols) = a (rows, inner) @ b (inner, cols). Block (TPB, TPB),
// grid (ceil(cols/TPB), ceil(rows/TPB)). Per tile along inner: cooperative
// guarded loads of the A and B tiles (0 outside the matrices), barrier,
// TPB multiply-adds, barrier.
template <int rows, int cols, int inner>
__global__ void matmul_idiomatic_tiled(Matrix<rows, cols> output, ConstMatrix<rows, inner> a,
                                       ConstMatrix<inner, cols> b) {
  __shared__ float a_shared[TPB][TPB];
  __shared__ float b_shared[TPB][TPB];
  int local_row = threadIdx.y;
  int local_col = threadIdx.x;
  int tiled_row = blockIdx.y * TPB + local_row;
  int tiled_col = blockIdx.x * TPB + local_col;

  float acc = 0.0f;
  for (int idx = 0; idx < (inner + TPB - 1) / TPB; ++idx) {
    int a_col = idx * TPB + local_col;
    int b_row = idx * TPB + local_row;
    a_shared[local_row][local_col] =
        (tiled_row < rows && a_col < inner) ? a(tiled_row, a_col) : 0.0f;
    b_shared[local_row][local_col] =
        (b_row < inner && tiled_col < cols) ? b(b_row, tiled_col) : 0.0f;

    __syncthreads();

    for (int k = 0; k < TPB; ++k)
      acc += a_shared[local_row][k] * b_shared[k][local_col];

    __syncthreads();
  }

  if (tiled_row < rows && tiled_col < cols)
    output(tiled_row, tiled_col) = acc;
}

// out(b*S + s, o) = input(b*S + s, o) + bias(o); grid (B, S), block (min(O, TPB)).
__global__ void add_bias_kernel(Matrix<ROWS, OUT_DIM> output, ConstMatrix<ROWS, OUT_DIM> input,
                                ConstVector<OUT_DIM> bias) {
  int batch_idx = blockIdx.x;
  int seq_idx = blockIdx.y;
  int out_idx = threadIdx.x;
  if (batch_idx >= BATCH || seq_idx >= SEQ || out_idx >= OUT_DIM)
    return;
  int row = batch_idx * SEQ + seq_idx;
  output(row, out_idx) = input(row, out_idx) + bias(out_idx);
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
  DeviceBuffer<float> d_ln(ROWS * HIDDEN);      // temporary 1: LayerNorm output
  DeviceBuffer<float> d_wt(HIDDEN * OUT_DIM);   // temporary 2: W^T
  DeviceBuffer<float> d_matmul(ROWS * OUT_DIM); // temporary 3: ln @ W^T
  DeviceBuffer<float> d_out(ROWS * OUT_DIM);

  layernorm_kernel<<<dim3(BATCH, SEQ), dim3(HIDDEN < TPB ? HIDDEN : TPB, 1)>>>(
      Matrix<ROWS, HIDDEN>(d_ln.data()), ConstMatrix<ROWS, HIDDEN>(d_x.data()),
      ConstVector<HIDDEN>(d_ln_weight.data()), ConstVector<HIDDEN>(d_ln_bias.data()));
  CUDA_CHECK(cudaGetLastError());
  transpose_kernel<OUT_DIM, HIDDEN>
      <<<dim3((HIDDEN + TPB - 1) / TPB, (OUT_DIM + TPB - 1) / TPB), dim3(TPB, TPB)>>>(
          Matrix<HIDDEN, OUT_DIM>(d_wt.data()),
          ConstMatrix<OUT_DIM, HIDDEN>(d_linear_weight.data()));
  CUDA_CHECK(cudaGetLastError());
  matmul_idiomatic_tiled<ROWS, OUT_DIM, HIDDEN>
      <<<dim3((OUT_DIM + TPB - 1) / TPB, (ROWS + TPB - 1) / TPB), dim3(TPB, TPB)>>>(
          Matrix<ROWS, OUT_DIM>(d_matmul.data()), ConstMatrix<ROWS, HIDDEN>(d_ln.data()),
          ConstMatrix<HIDDEN, OUT_DIM>(d_wt.data()));
  CUDA_CHECK(cudaGetLastError());
  add_bias_kernel<<<dim3(BATCH, SEQ), dim3(OUT_DIM < TPB ? OUT_DIM : TPB, 1)>>>(
      Matrix<ROWS, OUT_DIM>(d_out.data()), ConstMatrix<ROWS, OUT_DIM>(d_matmul.data()),
      ConstVector<OUT_DIM>(d_linear_bias.data()));
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
