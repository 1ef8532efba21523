// BUG VARIANT of kernels/p15_conv1d_op.cu (the correct twin). The book's p15
// listing (puzzles.md, p15 row and errata 3: L5276-5293) omits the halo
// zero-fill (p11 block_boundary zero-fills it to avoid an uninitialised
// shared-memory read: L3110-3119, L3177-3184, L3242) and bounds the sum by
// local_i + j < TPB + conv_size - 1, so outputs 12-14 read halo cells of
// shared_a that no thread of the block wrote. Exactly that change: halo
// cells past the end of the input are no longer set to 0.
// EXPECT: uninitialized-read shared error at=@read
// p15 - 1D convolution as a MAX Graph custom op ("conv1d"); only the kernel
// math is ported (raw pointers). The op launches TPB=15 threads per block and
// BPG=(2,1) blocks for input_size=15, conv_size=4: block 1 (threads 15..29)
// has no work. Same algorithm as p11_block_boundary with a zero-filled halo;
// the output is zero-filled before the launch, as the host memsets it.
// Input np.arange(15), kernel np.arange(4); expected
// [14,20,26,32,38,44,50,56,62,68,74,80,41,14,0]. The host checks it exactly
// and against a CPU reference (atol 1e-5; every value is an exact integer).
// Synchronisation: 1 barrier. p18 runs the same kernel from PyTorch.
#include <cmath>

#include "../puzzle.h"

constexpr int TPB = 15;
constexpr int INPUT_SIZE = 15;
constexpr int CONV_SIZE = 4;
const dim3 BLOCKS_PER_GRID(2, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

// The op kernel. input_size and conv_size are compile-time parameters, as in
// the book. Shared memory holds the block's TPB inputs plus a halo of
// conv_size-1 inputs of the next block; every slot past the end of the input
// is set to 0. The book's listing skips that zero-fill and bounds the sum by
// local_i + j < TPB + conv_size - 1 (always true here), so outputs 12-14
// would read uninitialised shared memory; with the zero-fill they are
// exactly 41, 14, 0.
template <int input_size, int conv_size>
__global__ void conv1d_kernel(float *output, const float *input, const float *kernel) {
  __shared__ float shared_a[TPB + conv_size - 1];
  __shared__ float shared_b[conv_size];
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;

  shared_a[local_i] = global_i < input_size ? input[global_i] : 0.0f;
  if (local_i < conv_size - 1) {
    int next_idx = global_i + TPB;
    if (next_idx < input_size)
      shared_a[TPB + local_i] = input[next_idx];
  }
  if (local_i < conv_size)
    shared_b[local_i] = kernel[local_i];

  __syncthreads();

  if (global_i < input_size) {
    float local_sum = 0.0f;
    for (int j = 0; j < conv_size; ++j) {
      if (local_i + j < TPB + conv_size - 1)
        local_sum += shared_a[local_i + j] * shared_b[j]; // @read
    }
    output[global_i] = local_sum;
  }
}

int main() {
  float h_input[INPUT_SIZE], h_kernel[CONV_SIZE], h_out[INPUT_SIZE];
  for (int i = 0; i < INPUT_SIZE; ++i)
    h_input[i] = float(i); // np.arange(15)
  for (int j = 0; j < CONV_SIZE; ++j)
    h_kernel[j] = float(j); // np.arange(4)

  // CPU reference: out[i] = sum_{j, i+j < n} input[i+j] * kernel[j].
  double ref[INPUT_SIZE];
  for (int i = 0; i < INPUT_SIZE; ++i) {
    ref[i] = 0.0;
    for (int j = 0; j < CONV_SIZE && i + j < INPUT_SIZE; ++j)
      ref[i] += double(h_input[i + j]) * double(h_kernel[j]);
  }
  const float book[INPUT_SIZE] = {14, 20, 26, 32, 38, 44, 50, 56, 62, 68, 74, 80, 41, 14, 0};

  DeviceBuffer<float> d_input(h_input, INPUT_SIZE);
  DeviceBuffer<float> d_kernel(h_kernel, CONV_SIZE);
  DeviceBuffer<float> d_out(INPUT_SIZE); // zero-filled, like the host's memset

  conv1d_kernel<INPUT_SIZE, CONV_SIZE>
      <<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(d_out.data(), d_input.data(), d_kernel.data());
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out", h_out, INPUT_SIZE);
  print_array("expected", book, INPUT_SIZE);
  puzzle_output("out", h_out, INPUT_SIZE);
  int bad = check_close("out", h_out, ref, INPUT_SIZE, 1e-5, 0.0);
  return finish(bad + check_equal(h_out, book, INPUT_SIZE));
}
