// BUG VARIANT of kernels/p10_dot_product.cu (the correct twin). The book's p10
// discussion (puzzles.md, p10 row: L2443-2452) shows accumulating the dot
// product with `out[0] += shared[i]` from every thread: an unsynchronised
// read-modify-write of out[0] by all 8 threads (a global-memory race).
// Exactly that change: the tree reduction and thread-0 write are replaced by
// every thread doing out[0] += shared[local_i]. The program may print FAIL.
// warpsim reports the read-modify-write race between lanes of the one warp
// (independent thread scheduling, no __syncwarp) as an error; the lanes' stores
// to out[0] in one instruction are also a warning (which lane wins is undefined).
// EXPECT: race global error at=@race
// p10 - Dot Product (raw pointers). SIZE=8, one block of TPB=8 threads.
// Each thread stores a[i]*b[i] into shared memory; __syncthreads(); then a
// stride-halving tree (stride 4, 2, 1) with a __syncthreads() after every
// step; thread 0 writes out[0]. Inputs a[i] = b[i] = i; expected 140.
// Synchronisation: 1 + 3 = 4 barriers per thread. (Accumulating with
// `out[0] += shared[i]` from every thread would be a data race; dropping the
// per-step barrier lets a thread read a stale partial sum.)
#include "../puzzle.h"

constexpr int TPB = 8;
constexpr int SIZE = 8;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(SIZE, 1);

__global__ void dot_product(float *out, const float *a, const float *b, int size) {
  __shared__ float shared[TPB];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;
  if (global_i < size) shared[local_i] = a[global_i] * b[global_i];

  __syncthreads();

  if (global_i < size) out[0] += shared[local_i]; // @race
}

int main() {
  float h_a[SIZE], h_b[SIZE], h_out[1];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(i);
    h_b[i] = float(i);
  }
  const float expected[1] = {140};

  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_b(h_b, SIZE);
  DeviceBuffer<float> d_out(1);

  dot_product<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_a.data(), d_b.data(),
                                                      SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_value("out", h_out[0]);
  print_value("expected", expected[0]);
  puzzle_output("out", h_out, 1);
  return finish(check_equal(h_out, expected, 1));
}
