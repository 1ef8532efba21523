// BUG VARIANT of kernels/p13_layout_axis_sum.cu (the correct twin). The book's
// p13 notes (puzzles.md, p13 row: L4160-4171, L4196) warn that the in-place
// reduction has a potential race. With one barrier per step it is race-free;
// without any barrier in the loop it is a real race: a thread reads
// cache(local_i + stride) before its owner has added into it.
// Exactly that change: the per-step __syncthreads() is removed.
// EXPECT: race shared error hazard=RAW at=@race
// p13 - axis sum (row sums) with LayoutTensor views.
// a is row_major(BATCH, SIZE) = (4, 6), out is row_major(BATCH, 1).
// Grid (1, BATCH): one block per row (batch = blockIdx.y); block (TPB=8, 1).
// Each thread loads a(batch, i) into shared memory, 0 for i >= SIZE (padding),
// __syncthreads(), then a stride-halving tree (stride 4, 2, 1) with one
// __syncthreads() per step; thread 0 writes out(batch, 0).
// Input a[r, c] = r*6 + c; expected [15, 51, 87, 123].
// Synchronisation: 1 + 3 = 4 barriers. The book's solution reads into a
// register, barriers, writes, barriers (7 barriers) because of a "potential
// race"; with one barrier per step the in-place form is already race-free:
// in a step, writers touch 0..stride-1 and readers stride..2*stride-1.
#include "../layout_tensor.h"
#include "../puzzle.h"

constexpr int TPB = 8;
constexpr int BATCH = 4;
constexpr int SIZE = 6;
const dim3 BLOCKS_PER_GRID(1, BATCH);
const dim3 THREADS_PER_BLOCK(TPB, 1);

using InTensor = LayoutTensor<const float, RowMajor<BATCH, SIZE>>;
using OutTensor = LayoutTensor<float, RowMajor<BATCH, 1>>;

__global__ void axis_sum(OutTensor out, InTensor a, int size) {
  __shared__ float cache_storage[TPB];
  LayoutTensor<float, RowMajor<TPB>> cache(cache_storage);
  int local_i = threadIdx.x;
  int batch = blockIdx.y;

  cache(local_i) = local_i < size ? a(batch, local_i) : 0.0f;

  __syncthreads();

  for (int stride = TPB / 2; stride > 0; stride /= 2) {
    if (local_i < stride)
      cache(local_i) += cache(local_i + stride); // @race
  }

  if (local_i == 0)
    out(batch, 0) = cache(0);
}

int main() {
  float h_a[BATCH * SIZE], h_out[BATCH];
  for (int r = 0; r < BATCH; ++r)
    for (int c = 0; c < SIZE; ++c)
      h_a[r * SIZE + c] = float(r * SIZE + c);
  const float expected[BATCH] = {15, 51, 87, 123};

  DeviceBuffer<float> d_a(h_a, BATCH * SIZE);
  DeviceBuffer<float> d_out(BATCH);

  axis_sum<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(OutTensor(d_out.data()), InTensor(d_a.data()),
                                                   SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, BATCH);
  print_array("expected", expected, BATCH);
  puzzle_output("out", h_out, BATCH);
  return finish(check_equal(h_out, expected, BATCH));
}
