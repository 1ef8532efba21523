// p17_transpose — the transpose kernel of the attention op (LayoutTensor
// views), on its own. TPB=16, block (TPB, TPB). The catalogue's case is
// K (16, 16) -> K^T: grid (1, 1). As an extra (not in the book) the same
// kernel also transposes a (20, 12) matrix, grid (1, 2), so partial tiles and
// the grid orientation (grid.x over columns, grid.y over rows) are exercised.
// Inputs m[r, c] = r * cols + c; expected out[c, r] = m[r, c], checked exactly.
// Synchronisation: 1 barrier (between the tile load and the transposed read).
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 16;
constexpr int SEQ_LEN = 16;
constexpr int D = 16;

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

// Transposes a (rows, cols) matrix on the device and checks it exactly.
template <int rows, int cols> static int run_case(const char *label) {
  static float h_in[rows * cols], h_out[cols * rows], expected[cols * rows];
  for (int r = 0; r < rows; ++r)
    for (int c = 0; c < cols; ++c) {
      h_in[r * cols + c] = float(r * cols + c);
      expected[c * rows + r] = float(r * cols + c);
    }
  DeviceBuffer<float> d_in(h_in, rows * cols);
  DeviceBuffer<float> d_out(cols * rows);

  const dim3 grid((cols + TPB - 1) / TPB, (rows + TPB - 1) / TPB);
  const dim3 block(TPB, TPB);
  transpose_kernel<rows, cols>
      <<<grid, block>>>(LayoutTensor<float, RowMajor<cols, rows>>(d_out.data()),
                        LayoutTensor<const float, RowMajor<rows, cols>>(d_in.data()));
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  std::printf("%s (%d x %d -> %d x %d), grid (%u, %u)\n", label, rows, cols, cols, rows, grid.x,
              grid.y);
  print_array("out row 0", h_out, rows);
  print_array("expected row 0", expected, rows);
  puzzle_output(label, h_out, cols * rows);
  return check_equal(h_out, expected, cols * rows);
}

int main() {
  int bad = run_case<SEQ_LEN, D>("out");
  bad += run_case<20, 12>("out_extra");
  return finish(bad);
}
