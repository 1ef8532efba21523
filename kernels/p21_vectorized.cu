// p21_vectorized — vector add, SIMD loop inside each tile (raw pointers).
// SIZE=1024, TILE_SIZE=32 -> 32 threads (one block); thread t owns elements
// [32t, min(32t + 32, SIZE)). Inside the tile it steps by SIMD_WIDTH=4 with
// float4 loads/stores while global_idx + 4 <= size (the book's guard), then
// finishes any remainder with scalar operations (what Mojo's vectorize does
// for a tile that is not a multiple of the width; none here, 32 % 4 == 0).
// Inputs a[i] = 2i, b[i] = 2i + 1; expected out[i] = 4i + 1, i.e.
// [1, 5, 9, ..., 4085, 4089, 4093] (exact in float).
// Synchronisation: none.
#include "puzzle.h"

constexpr int SIZE = 1024;
constexpr int TILE_SIZE = 32;
constexpr int SIMD_WIDTH = 4;
constexpr int NUM_TILES = (SIZE + TILE_SIZE - 1) / TILE_SIZE; // 32

__global__ void vectorized_add(float *out, const float *a, const float *b, int size) {
  int tile_id = blockDim.x * blockIdx.x + threadIdx.x;
  if (tile_id >= NUM_TILES)
    return;
  int tile_start = tile_id * TILE_SIZE;
  int tile_end = tile_start + TILE_SIZE < size ? tile_start + TILE_SIZE : size;
  int actual_tile_size = tile_end - tile_start;
  int i = 0;
  for (; i + SIMD_WIDTH <= actual_tile_size; i += SIMD_WIDTH) {
    int global_idx = tile_start + i;
    if (global_idx + SIMD_WIDTH <= size) {
      float4 va = *reinterpret_cast<const float4 *>(a + global_idx);
      float4 vb = *reinterpret_cast<const float4 *>(b + global_idx);
      *reinterpret_cast<float4 *>(out + global_idx) =
          make_float4(va.x + vb.x, va.y + vb.y, va.z + vb.z, va.w + vb.w);
    }
  }
  for (; i < actual_tile_size; ++i) { // scalar remainder
    int global_idx = tile_start + i;
    out[global_idx] = a[global_idx] + b[global_idx];
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

  vectorized_add<<<1, NUM_TILES>>>(d_out.data(), d_a.data(), d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out[:8]", h_out, 8);
  print_array("out[-3:]", h_out + SIZE - 3, 3);
  print_array("expected[:8]", expected, 8);
  print_array("expected[-3:]", expected + SIZE - 3, 3);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
