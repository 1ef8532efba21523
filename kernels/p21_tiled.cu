// p21_tiled — vector add, one contiguous tile per thread (raw pointers).
// SIZE=1024, TILE_SIZE=32 -> num_tiles = 32 threads (one block). Thread t
// processes elements [32t, 32t + 32) one by one. The book describes "8 SIMD
// ops" per tile, but its inner process_tiles[simd_width] parameter shadows the
// outer one and elementwise[..., 1] passes 1, so the book code most likely
// does scalar loads; this port does scalar loads (see p21_vectorized for the
// float4 form).
// Inputs a[i] = 2i, b[i] = 2i + 1; expected out[i] = 4i + 1, i.e.
// [1, 5, 9, ..., 4085, 4089, 4093] (exact in float).
// Synchronisation: none.
#include "puzzle.h"

constexpr int SIZE = 1024;
constexpr int TILE_SIZE = 32;
constexpr int NUM_TILES = (SIZE + TILE_SIZE - 1) / TILE_SIZE; // 32

__global__ void tiled_add(float *out, const float *a, const float *b, int size) {
  int tile_id = blockDim.x * blockIdx.x + threadIdx.x;
  if (tile_id >= NUM_TILES)
    return;
  int tile_start = tile_id * TILE_SIZE;
  for (int i = 0; i < TILE_SIZE; ++i) {
    int global_i = tile_start + i;
    if (global_i < size)
      out[global_i] = a[global_i] + b[global_i];
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

  tiled_add<<<1, NUM_TILES>>>(d_out.data(), d_a.data(), d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out[:8]", h_out, 8);
  print_array("out[-3:]", h_out + SIZE - 3, 3);
  print_array("expected[:8]", expected, 8);
  print_array("expected[-3:]", expected + SIZE - 3, 3);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
