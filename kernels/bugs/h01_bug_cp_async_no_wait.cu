// BUG VARIANT of kernels/h01_cp_async_double_buffer.cu (the correct twin):
// the `cp.async.wait_group 1` is missing, the most common cp.async mistake.
// The __syncthreads() orders the threads but not their copies, which are
// still in flight: the block reads tile i before its bytes have landed (on
// a GPU it may read the old bytes; warpsim's default late landing always
// does) and the next copy refills a buffer whose previous copy is pending.
// warpsim names the copy at the cp.async line of the helper (@cpasync; the
// refill's report also gives the call stack down to the loop's call).
// EXPECT: async-copy shared error at=@read at=@cpasync
// EXPECT: async-copy shared error at=@cpasync
// h01 - double-buffered cp.async tile pipeline (Ampere async copies, as
// CUTLASS's sm80 mainloops write them: inline PTX).
// Each block streams NTILES tiles of TILE floats through two shared buffers.
// Every thread copies 16 bytes (one float4) of the next tile with
// cp.async.cg.shared.global and commits a group; `cp.async.wait_group 1`
// waits for all but the newest group, i.e. for the current tile, and a
// __syncthreads() makes every thread's copy visible to the others. The tile
// is smoothed with a neighbour (out[i] = 0.5 * (x[i] + x[i+1 mod TILE]): a
// thread reads bytes another thread copied), then a second __syncthreads()
// keeps the buffer until everyone has read it, before it is refilled.
// Grid BLOCKS x THREADS = 2 x 64, TILE = 256 (64 float4), NTILES = 4 per
// block; in[i] = i mod 97; the CPU reference is exact (halves of integers).
#include "../puzzle.h"

constexpr int THREADS = 64;
constexpr int TILE = 4 * THREADS; // floats per tile: one float4 per thread
constexpr int NTILES = 4;         // tiles per block
constexpr int BLOCKS = 2;
constexpr int SIZE = BLOCKS * NTILES * TILE;

__device__ unsigned smem_addr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// 16 bytes global -> shared, bypassing L1 (.cg), in the thread's open group.
__device__ void cp_async_16(void *dst, const void *src) {
  asm volatile("cp.async.cg.shared.global [%0], [%1], 16;" ::"r"(smem_addr(dst)), "l"(src) : "memory"); // @cpasync
}
__device__ void cp_async_commit() { asm volatile("cp.async.commit_group;" ::: "memory"); }
// Returns when at most N of the thread's committed groups are still pending.
template <int N> __device__ void cp_async_wait() {
  asm volatile("cp.async.wait_group %0;" ::"n"(N) : "memory");
}

__global__ void smooth_tiles(float *out, const float *in) {
  __shared__ __align__(16) float buf[2][TILE];
  const int t = threadIdx.x;
  const float *src = in + blockIdx.x * NTILES * TILE;
  float *dst = out + blockIdx.x * NTILES * TILE;

  cp_async_16(&buf[0][4 * t], src + 4 * t);
  cp_async_commit();
  for (int i = 0; i < NTILES; ++i) {
    if (i + 1 < NTILES)
      cp_async_16(&buf[(i + 1) % 2][4 * t], src + (i + 1) * TILE + 4 * t);
    cp_async_commit(); // an empty group on the last tile keeps the count uniform
    // BUG: no cp_async_wait<1>(): tile i may still be in flight
    __syncthreads();    // ... and every other thread's part
    const float *x = buf[i % 2];
    for (int k = 0; k < 4; ++k) {
      const int j = 4 * t + k;
      dst[i * TILE + j] = 0.5f * (x[j] + x[(j + 1) % TILE]); // @read
    }
    __syncthreads(); // everyone has read tile i before it is refilled
  }
}

int main() {
  float h_in[SIZE], h_out[SIZE], expected[SIZE];
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = float(i % 97);
  for (int b = 0; b < BLOCKS * NTILES; ++b)
    for (int j = 0; j < TILE; ++j)
      expected[b * TILE + j] = 0.5f * (h_in[b * TILE + j] + h_in[b * TILE + (j + 1) % TILE]);

  DeviceBuffer<float> d_in(h_in, SIZE);
  DeviceBuffer<float> d_out(SIZE);
  smooth_tiles<<<BLOCKS, THREADS>>>(d_out.data(), d_in.data());
  CUDA_CHECK_LAUNCH();
  d_out.download(h_out);

  print_array("out[0:8]", h_out, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
