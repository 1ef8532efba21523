// p21_manual_vectorized — vector add, chunked SIMD (raw pointers).
// SIZE=1024, TILE_SIZE=32, SIMD_WIDTH=4: each thread owns a chunk of
// TILE_SIZE * SIMD_WIDTH = 128 contiguous elements, so SIZE/128 = 8 threads
// (one block). Thread t does 32 float4 operations at
// global_start = t*128 + i*4 (reinterpret_cast<const float4 *>). Like the book
// there is no bounds check: SIZE must be a multiple of the chunk
// (static_assert below).
// Inputs a[i] = 2i, b[i] = 2i + 1; expected out[i] = 4i + 1, i.e.
// [1, 5, 9, ..., 4085, 4089, 4093] (exact in float).
// Synchronisation: none.
#include "puzzle.h"

constexpr int SIZE = 1024;
constexpr int TILE_SIZE = 32;
constexpr int SIMD_WIDTH = 4;
constexpr int CHUNK_SIZE = TILE_SIZE * SIMD_WIDTH; // 128
constexpr int NUM_CHUNKS = SIZE / CHUNK_SIZE;      // 8
static_assert(SIZE % CHUNK_SIZE == 0, "no bounds check: chunks must cover SIZE");

__global__ void manual_vectorized_add(float *out, const float *a, const float *b) {
  int tile_id = blockDim.x * blockIdx.x + threadIdx.x;
  if (tile_id >= NUM_CHUNKS)
    return;
  for (int i = 0; i < TILE_SIZE; ++i) {
    int global_start = tile_id * CHUNK_SIZE + i * SIMD_WIDTH;
    float4 va = *reinterpret_cast<const float4 *>(a + global_start);
    float4 vb = *reinterpret_cast<const float4 *>(b + global_start);
    *reinterpret_cast<float4 *>(out + global_start) =
        make_float4(va.x + vb.x, va.y + vb.y, va.z + vb.z, va.w + vb.w);
  }
}

int main() {
  static float h_a[SIZE], h_b[SIZE], h_out[SIZE], expected[SIZE];
  for (int i = 0; i < SIZE; ++i) {
    h_a[i] = float(2 * i);
    h_b[i] = float(2 * i + 1);
    expected[i] = float(4 * i + 1);
  }

  // cudaMalloc memory is at least 256-byte aligned, so the float4 casts are
  // 16-byte aligned.
  DeviceBuffer<float> d_a(h_a, SIZE);
  DeviceBuffer<float> d_b(h_b, SIZE);
  DeviceBuffer<float> d_out(SIZE);

  manual_vectorized_add<<<1, NUM_CHUNKS>>>(d_out.data(), d_a.data(), d_b.data());
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out[:8]", h_out, 8);
  print_array("out[-3:]", h_out + SIZE - 3, 3);
  print_array("expected[:8]", expected, 8);
  print_array("expected[-3:]", expected + SIZE - 3, 3);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
