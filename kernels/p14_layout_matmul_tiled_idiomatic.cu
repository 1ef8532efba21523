// p14_tiled_idiomatic — tiled matmul in the LayoutTensor "tile" style.
// SIZE_TILED=9, TPB=3, grid (3,3) x block (3,3), as p14_tiled.
// The book takes a.tile[TPB,TPB](block_idx.y, idx) / b.tile[TPB,TPB](idx,
// block_idx.x) views and fills the shared tiles with copy_dram_to_sram_async
// (thread layouts row_major(1,TPB) for A and row_major(TPB,1) for B), then
// async_copy_wait_all() + barrier(). The CUDA equivalent would be cp.async +
// cp.async.wait_all + __syncthreads(); warpsim does not support cp.async /
// <cuda_pipeline.h> yet, so this port uses plain cooperative loads into shared
// memory followed by __syncthreads() (same ordering guarantee). Each thread
// copies one element of each tile; consecutive threadIdx.x read consecutive
// addresses of a tile row.
// 9 % 3 == 0, so the tiles cover the matrices exactly: like the book, only the
// final write is bounds-checked (static_assert below).
// Inputs A[k] = k, B[k] = 2k; expected as p14_tiled (81 values, host reference).
// Synchronisation: 2 barriers per tile (after the copy, after the compute) x 3.
#include "layout_tensor.h"
#include "puzzle.h"

constexpr int TPB = 3;
constexpr int SIZE_TILED = 9;
static_assert(SIZE_TILED % TPB == 0, "the loads are unguarded: tiles must cover the matrix");
const dim3 BLOCKS_PER_GRID_TILED(SIZE_TILED / TPB, SIZE_TILED / TPB);
const dim3 THREADS_PER_BLOCK_TILED(TPB, TPB);

using Matrix = LayoutTensor<float, RowMajor<SIZE_TILED, SIZE_TILED>>;
using ConstMatrix = LayoutTensor<const float, RowMajor<SIZE_TILED, SIZE_TILED>>;
using SharedTile = LayoutTensor<float, RowMajor<TPB, TPB>>;

// A TR x TC window of a rank-2 LayoutTensor, the counterpart of Mojo's
// tensor.tile[TR, TC](i, j): element (r, c) is t(i*TR + r, j*TC + c).
template <int TR, int TC, typename Tensor> struct TileView {
  Tensor t;
  int row0, col0;
  __device__ auto operator()(int r, int c) const -> decltype(t(0, 0)) {
    return t(row0 + r, col0 + c);
  }
};
template <int TR, int TC, typename Tensor>
__device__ TileView<TR, TC, Tensor> tile(Tensor t, int i, int j) {
  return TileView<TR, TC, Tensor>{t, i * TR, j * TC};
}

// Cooperative copy of a TPB x TPB global tile into a shared tile: thread
// (ty, tx) copies element (ty, tx). Stands in for copy_dram_to_sram_async.
template <typename Tile> __device__ void copy_tile_to_shared(SharedTile dst, const Tile &src) {
  dst(threadIdx.y, threadIdx.x) = src(threadIdx.y, threadIdx.x);
}

__global__ void matmul_idiomatic_tiled(Matrix out, ConstMatrix a, ConstMatrix b) {
  __shared__ float a_storage[TPB * TPB];
  __shared__ float b_storage[TPB * TPB];
  SharedTile a_shared(a_storage), b_shared(b_storage);
  int local_row = threadIdx.y;
  int local_col = threadIdx.x;
  int tiled_row = blockIdx.y * TPB + local_row;
  int tiled_col = blockIdx.x * TPB + local_col;

  auto out_tile = tile<TPB, TPB>(out, blockIdx.y, blockIdx.x);
  float acc = 0.0f;

  for (int idx = 0; idx < SIZE_TILED / TPB; ++idx) {
    copy_tile_to_shared(a_shared, tile<TPB, TPB>(a, blockIdx.y, idx));
    copy_tile_to_shared(b_shared, tile<TPB, TPB>(b, idx, blockIdx.x));

    __syncthreads(); // the book: async_copy_wait_all(); barrier()

    for (int k = 0; k < TPB; ++k)
      acc += a_shared(local_row, k) * b_shared(k, local_col);

    __syncthreads(); // before the next iteration overwrites the tiles
  }

  if (tiled_row < SIZE_TILED && tiled_col < SIZE_TILED)
    out_tile(local_row, local_col) = acc;
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

  matmul_idiomatic_tiled<<<BLOCKS_PER_GRID_TILED, THREADS_PER_BLOCK_TILED>>>(
      Matrix(d_out.data()), ConstMatrix(d_a.data()), ConstMatrix(d_b.data()));
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  const float book_head[3] = {3672, 3744, 3816}, book_tail[3] = {58536, 59904, 61272};
  int bad = check_equal(h_out, book_head, 3) + check_equal(h_out + N - 3, book_tail, 3);

  print_array("out", h_out, N);
  print_array("expected", expected, N);
  puzzle_output("out", h_out, N);
  return finish(bad + check_equal(h_out, expected, N));
}
