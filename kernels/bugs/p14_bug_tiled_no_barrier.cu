// BUG VARIANT of kernels/p14_matmul_tiled.cu (the correct twin). The book's
// p14 tiled text requires a sync "after loading tiles" (puzzles.md, p14_tiled
// row: L4849-4851, L5060-5065, L4959-4990). Exactly that barrier (between the
// guarded tile loads and the accumulation) is removed: a thread can read
// a_shared/b_shared entries that other threads have not loaded yet.
// EXPECT: race shared error hazard=RAW at=@read
// p14_tiled - tiled matrix multiplication with manual shared-memory tiles
// (raw pointers).
// SIZE_TILED=9 (9x9 matrices), TPB=3, grid (3,3) x block (3,3): each block
// computes one 3x3 tile of C and walks 3 tiles along k. Per tile:
//   zero both shared tiles, __syncthreads(),
//   guarded load of the A tile (row, tile*TPB + local_col) and the B tile
//   (tile*TPB + local_row, col), __syncthreads(),
//   accumulate k < min(TPB, size - tile*TPB), __syncthreads()
// (the last barrier keeps a fast thread from overwriting a tile that others
// still read). Only in-range threads accumulate and write.
// Inputs A[k] = k, B[k] = 2k; expected 81 values
// [3672, 3744, 3816, ..., 58536, 59904, 61272], recomputed on the host
// (all exact in float).
// Synchronisation: 3 barriers x 3 tiles = 9 barriers.
#include "../puzzle.h"

constexpr int TPB = 3;
constexpr int SIZE_TILED = 9;
const dim3 BLOCKS_PER_GRID_TILED((SIZE_TILED + TPB - 1) / TPB, (SIZE_TILED + TPB - 1) / TPB);
const dim3 THREADS_PER_BLOCK_TILED(TPB, TPB);

__global__ void matmul_tiled(float *out, const float *a, const float *b, int size) {
  __shared__ float a_shared[TPB][TPB];
  __shared__ float b_shared[TPB][TPB];
  int local_row = threadIdx.y;
  int local_col = threadIdx.x;
  int tiled_row = blockIdx.y * TPB + local_row;
  int tiled_col = blockIdx.x * TPB + local_col;

  float acc = 0.0f;
  for (int tile = 0; tile < (size + TPB - 1) / TPB; ++tile) {
    a_shared[local_row][local_col] = 0.0f;
    b_shared[local_row][local_col] = 0.0f;

    __syncthreads();

    if (tiled_row < size && tile * TPB + local_col < size)
      a_shared[local_row][local_col] = a[tiled_row * size + tile * TPB + local_col];
    if (tile * TPB + local_row < size && tiled_col < size)
      b_shared[local_row][local_col] = b[(tile * TPB + local_row) * size + tiled_col];

    if (tiled_row < size && tiled_col < size) {
      int k_end = size - tile * TPB < TPB ? size - tile * TPB : TPB;
      for (int k = 0; k < k_end; ++k)
        acc += a_shared[local_row][k] * b_shared[k][local_col]; // @read
    }

    __syncthreads();
  }

  if (tiled_row < size && tiled_col < size)
    out[tiled_row * size + tiled_col] = acc;
}

int main() {
  constexpr int N = SIZE_TILED * SIZE_TILED;
  static float h_a[N], h_b[N], h_out[N], expected[N];
  for (int k = 0; k < N; ++k) {
    h_a[k] = float(k);
    h_b[k] = float(2 * k);
  }
  for (int r = 0; r < SIZE_TILED; ++r)
    for (int c = 0; c < SIZE_TILED; ++c) {
      double acc = 0.0;
      for (int k = 0; k < SIZE_TILED; ++k)
        acc += double(h_a[r * SIZE_TILED + k]) * double(h_b[k * SIZE_TILED + c]);
      expected[r * SIZE_TILED + c] = float(acc);
    }

  DeviceBuffer<float> d_a(h_a, N);
  DeviceBuffer<float> d_b(h_b, N);
  DeviceBuffer<float> d_out(N);

  matmul_tiled<<<BLOCKS_PER_GRID_TILED, THREADS_PER_BLOCK_TILED>>>(d_out.data(), d_a.data(),
                                                                   d_b.data(), SIZE_TILED);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  // The book prints the first and last values; check them as well.
  const float book_head[3] = {3672, 3744, 3816}, book_tail[3] = {58536, 59904, 61272};
  int bad = check_equal(h_out, book_head, 3) + check_equal(h_out + N - 3, book_tail, 3);

  print_array("out", h_out, N);
  print_array("expected", expected, N);
  puzzle_output("out", h_out, N);
  return finish(bad + check_equal(h_out, expected, N));
}
