// p16 — softmax as a MAX Graph custom op; only the kernel math is ported
// (LayoutTensor views). SIZE=128, TPB=128, one block of (TPB, 1) threads,
// two shared row_major(TPB) buffers. Numerically stable softmax:
//   1. max-reduce: shared_max(i) = x(i), or -FLT_MAX (Mojo's min_finite) for
//      padding threads; stride-halving tree (64 .. 1) with one barrier per step;
//   2. e = exp(x(i) - max);
//   3. sum-reduce of e the same way (padding 0);
//   4. out(i) = e / sum.
// Synchronisation: 1 + 7 (max) + 1 + 7 (sum) = 16 barriers. The book's
// solution reads into a register, barriers, writes, barriers in each step
// (30 barriers) because of a "potential race"; one barrier per step is enough
// for the in-place stride-halving tree: in a step, writers touch [0, stride)
// and readers [stride, 2*stride).
// Input: 128 standard normal values from a fixed LCG + Box–Muller (the book
// uses np.random.randn(128), which is not reproduced here). The host compares
// with a double-precision CPU softmax, rtol 1e-5 (the book's tolerance) plus
// atol 1e-9, and checks that the outputs sum to 1 within 1e-5.
#include <cfloat>
#include <cmath>

#include "layout_tensor.h"
#include "puzzle.h"

constexpr int SIZE = 128;
constexpr int TPB = 128;
const dim3 BLOCKS_PER_GRID(1, 1);
const dim3 THREADS_PER_BLOCK(TPB, 1);

using Vector = LayoutTensor<float, RowMajor<SIZE>>;
using ConstVector = LayoutTensor<const float, RowMajor<SIZE>>;
using SharedVector = LayoutTensor<float, RowMajor<TPB>>;

__global__ void softmax_kernel(Vector output, ConstVector input) {
  __shared__ float max_storage[TPB];
  __shared__ float sum_storage[TPB];
  SharedVector shared_max(max_storage), shared_sum(sum_storage);
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int local_i = threadIdx.x;

  float val = global_i < SIZE ? input(global_i) : -FLT_MAX;
  shared_max(local_i) = val;

  __syncthreads();

  for (int stride = TPB / 2; stride > 0; stride /= 2) {
    if (local_i < stride)
      shared_max(local_i) = fmaxf(shared_max(local_i), shared_max(local_i + stride));
    __syncthreads();
  }
  float block_max = shared_max(0);

  float exp_val = global_i < SIZE ? expf(val - block_max) : 0.0f;
  shared_sum(local_i) = exp_val;

  __syncthreads();

  for (int stride = TPB / 2; stride > 0; stride /= 2) {
    if (local_i < stride)
      shared_sum(local_i) += shared_sum(local_i + stride);
    __syncthreads();
  }
  float block_sum = shared_sum(0);

  if (global_i < SIZE)
    output(global_i) = exp_val / block_sum;
}

int main() {
  float h_in[SIZE], h_out[SIZE];
  Lcg rng(16);
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = float(rng.normal());

  // CPU reference in double.
  double ref[SIZE], mx = h_in[0], sum = 0.0;
  for (int i = 1; i < SIZE; ++i)
    mx = std::fmax(mx, double(h_in[i]));
  for (int i = 0; i < SIZE; ++i)
    sum += ref[i] = std::exp(double(h_in[i]) - mx);
  for (int i = 0; i < SIZE; ++i)
    ref[i] /= sum;

  DeviceBuffer<float> d_in(h_in, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  softmax_kernel<<<BLOCKS_PER_GRID, THREADS_PER_BLOCK>>>(Vector(d_out.data()),
                                                         ConstVector(d_in.data()));
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  float ref5[5], out_sum = 0.0f;
  for (int i = 0; i < 5; ++i)
    ref5[i] = float(ref[i]);
  for (int i = 0; i < SIZE; ++i)
    out_sum += h_out[i];
  print_array("input[:5]", h_in, 5);
  print_array("out[:5]", h_out, 5);
  print_array("expected[:5]", ref5, 5);
  std::printf("sum: %.7f\n", out_sum);
  puzzle_output("out", h_out, SIZE);
  int bad = check_close("out", h_out, ref, SIZE, 1e-9, 1e-5);
  const double one = 1.0;
  bad += check_close("sum", &out_sum, &one, 1, 1e-5, 0.0);
  return finish(bad);
}
