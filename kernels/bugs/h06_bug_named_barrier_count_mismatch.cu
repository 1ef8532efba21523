// BUG VARIANT of kernels/h06_named_barrier_producer_consumer.cu (the correct
// twin): the consumers wait on FULL + b with their own thread count (128)
// while the producers arrive on it with the whole split's (256). PTX: every
// bar.sync/bar.arrive of one barrier phase must name the same count; with
// different counts the behaviour is undefined. warpsim reports both
// arrivals with their counts; the consumers' 128 completes the phase with
// the consumer warps alone, so they read the buffer before the producers
// wrote it, and later the producers wait at EMPTY for arrivals that went to
// phases of their own: a deadlock.
// EXPECT: named-barrier - error at=@barsync at=@sync
// EXPECT: named-barrier - error at=@bararrive at=@arrive
// EXPECT: race shared error hazard=RAW at=@read at=@write
// EXPECT: deadlock - error at=@barsync
// h06 - producer/consumer split of one block with named barriers (inline
// PTX bar.sync / bar.arrive with an id and a thread count, the way CUTLASS's
// NamedBarrier and FlashAttention's warp-specialised kernels write them).
// Block = 4 producer warps + 4 consumer warps (256 threads). Two shared
// buffers of CHUNK floats; for buffer b, named barrier FULL + b says "filled"
// and EMPTY + b says "read", each counting all 256 threads:
//   producers: bar.sync EMPTY+b (from round 2 on: the consumers have read
//              the buffer's previous chunk), fill, bar.arrive FULL+b;
//   consumers: bar.sync FULL+b, read, bar.arrive EMPTY+b (only if a
//              producer will wait for it: every phase must complete).
// bar.arrive does not wait, so producers run up to two chunks ahead. The
// consumers compute out[j] = buf[j] + buf[CHUNK-1-j] (bytes other threads
// wrote). Grid 2 x 256, CHUNK = 128, ROUNDS = 5 chunks per block;
// producer stores 2 * in[i]; in[i] = (i mod 31) - 15; exact CPU reference.
#include "../puzzle.h"

constexpr int PRODUCERS = 128;
constexpr int CONSUMERS = 128;
constexpr int THREADS = PRODUCERS + CONSUMERS;
constexpr int CHUNK = 128;
constexpr int ROUNDS = 5;
constexpr int BLOCKS = 2;
constexpr int SIZE = BLOCKS * ROUNDS * CHUNK;
constexpr unsigned FULL = 1, EMPTY = 3; // ids 1,2 and 3,4 (0 is __syncthreads)

__device__ void named_sync(unsigned id, unsigned count) {
  asm volatile("bar.sync %0, %1;" ::"r"(id), "r"(count) : "memory"); // @barsync
}
__device__ void named_arrive(unsigned id, unsigned count) {
  asm volatile("bar.arrive %0, %1;" ::"r"(id), "r"(count) : "memory"); // @bararrive
}

__global__ void produce_consume(float *out, const float *in) {
  __shared__ float buf[2][CHUNK];
  const int t = threadIdx.x;
  const float *src = in + blockIdx.x * ROUNDS * CHUNK;
  float *dst = out + blockIdx.x * ROUNDS * CHUNK;

  if (t < PRODUCERS) {
    for (int r = 0; r < ROUNDS; ++r) {
      const unsigned b = r % 2;
      if (r >= 2)
        named_sync(EMPTY + b, THREADS); // chunk r-2 has been read
      buf[b][t] = 2.0f * src[r * CHUNK + t]; // @write
      named_arrive(FULL + b, THREADS); // @arrive
    }
  } else {
    const int c = t - PRODUCERS;
    for (int r = 0; r < ROUNDS; ++r) {
      const unsigned b = r % 2;
      // BUG: the consumers count only themselves
      named_sync(FULL + b, CONSUMERS); // @sync
      dst[r * CHUNK + c] = buf[b][c] + buf[b][CHUNK - 1 - c]; // @read
      if (r + 2 < ROUNDS)
        named_arrive(EMPTY + b, THREADS);
    }
  }
}

int main() {
  static float h_in[SIZE], h_out[SIZE], expected[SIZE];
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = float(i % 31 - 15);
  for (int k = 0; k < BLOCKS * ROUNDS; ++k)
    for (int j = 0; j < CHUNK; ++j)
      expected[k * CHUNK + j] = 2.0f * h_in[k * CHUNK + j] + 2.0f * h_in[k * CHUNK + CHUNK - 1 - j];

  DeviceBuffer<float> d_in(h_in, SIZE);
  DeviceBuffer<float> d_out(SIZE);
  produce_consume<<<BLOCKS, THREADS>>>(d_out.data(), d_in.data());
  CUDA_CHECK_LAUNCH();
  d_out.download(h_out);

  print_array("out[0:8]", h_out, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
