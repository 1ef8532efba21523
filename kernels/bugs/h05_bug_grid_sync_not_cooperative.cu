// BUG VARIANT of kernels/h05_grid_sync_reduce.cu (the correct twin): the
// kernel is launched with <<<...>>> instead of cudaLaunchCooperativeKernel.
// grid.sync() is then invalid (grid.is_valid() is false): on the H100 the
// launch fails with cudaErrorLaunchFailure; warpsim reports the grid-sync
// error at the barrier and fails the launch the same way, so the program
// ends with the CUDA error of its cudaDeviceSynchronize().
// EXPECT: grid-sync - error at=@sync
// h05 - one-kernel normalisation with a grid barrier (cooperative groups).
// out[i] = in[i] / sum(in) in a single launch: each block reduces a
// grid-stride slice of `in` in shared memory and writes its partial sum;
// grid.sync() makes every partial visible to every block; then each block
// adds the partials itself and scales its slice. The launch is
// cudaLaunchCooperativeKernel, and the grid is sized with the occupancy API
// (blocks per SM x SMs, capped at what the data needs), as a cooperative
// launch must be: a grid larger than can be co-resident is refused.
// THREADS = 128, SIZE = 4096, at most 16 blocks; in[i] = (i mod 9) + 1, so
// every partial and the total are exact and out is checked against a CPU
// reference with a float tolerance (one division per element).
#include "../puzzle.h"
#include <cooperative_groups.h>

namespace cg = cooperative_groups;

constexpr int THREADS = 128;
constexpr int SIZE = 4096;
constexpr int MAX_BLOCKS = 16;

__global__ void normalise(float *out, float *partial, const float *in, int n) {
  cg::grid_group grid = cg::this_grid();
  cg::thread_block block = cg::this_thread_block();
  __shared__ float s[THREADS];
  const int t = threadIdx.x;

  float v = 0.0f;
  for (unsigned i = grid.thread_rank(); i < unsigned(n); i += grid.size())
    v += in[i];
  s[t] = v;
  block.sync();
  for (int k = THREADS / 2; k > 0; k >>= 1) {
    if (t < k)
      s[t] += s[t + k];
    block.sync();
  }
  if (t == 0)
    partial[blockIdx.x] = s[0];

  grid.sync(); // @sync

  float total = 0.0f;
  for (unsigned b = 0; b < gridDim.x; ++b)
    total += partial[b];
  for (unsigned i = grid.thread_rank(); i < unsigned(n); i += grid.size())
    out[i] = in[i] / total;
}

int main() {
  static float h_in[SIZE], h_out[SIZE];
  static double ref[SIZE];
  double sum = 0;
  for (int i = 0; i < SIZE; ++i) {
    h_in[i] = float(i % 9 + 1);
    sum += h_in[i];
  }
  for (int i = 0; i < SIZE; ++i)
    ref[i] = h_in[i] / sum;

  int dev = 0, coop = 0, sms = 0, per_sm = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  CUDA_CHECK(cudaDeviceGetAttribute(&coop, cudaDevAttrCooperativeLaunch, dev));
  if (!coop) {
    std::printf("the device cannot launch cooperative kernels\nFAIL\n");
    return 1;
  }
  CUDA_CHECK(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, dev));
  CUDA_CHECK(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, normalise, THREADS, 0));
  int blocks = sms * per_sm; // all co-resident
  if (blocks > MAX_BLOCKS)
    blocks = MAX_BLOCKS;
  std::printf("cooperative grid: %d blocks x %d threads\n", blocks, THREADS);

  DeviceBuffer<float> d_in(h_in, SIZE);
  DeviceBuffer<float> d_out(SIZE);
  DeviceBuffer<float> d_partial(blocks);
  float *out = d_out.data(), *partial = d_partial.data();
  const float *in = d_in.data();
  int n = SIZE;
  void *args[] = {&out, &partial, &in, &n};
  (void)args;
  // BUG: a plain launch; grid.sync() needs cudaLaunchCooperativeKernel
  normalise<<<blocks, THREADS>>>(out, partial, in, n);
  CUDA_CHECK(cudaGetLastError());
  CUDA_CHECK(cudaDeviceSynchronize());
  d_out.download(h_out);

  print_array("out[0:9]", h_out, 9);
  puzzle_output("out", h_out, SIZE);
  return finish(check_close("out", h_out, ref, SIZE, 0.0, 1e-6));
}
