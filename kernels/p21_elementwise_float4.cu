// p21_elementwise — vector add, one SIMD vector per thread (raw pointers).
// SIZE=1024, SIMD_WIDTH=4 (the width the book prints for f32 on the GPU):
// one block of SIZE/4 = 256 threads; thread t loads a float4 from a and b at
// element 4t (reinterpret_cast<const float4 *>), adds, stores a float4.
// The CUDA counterpart of elementwise[add, SIMD_WIDTH] is a plain launch.
// Inputs a[i] = 2i, b[i] = 2i + 1; expected out[i] = 4i + 1, i.e.
// [1, 5, 9, ..., 4085, 4089, 4093] (exact in float).
// Synchronisation: none.
#include "puzzle.h"

constexpr int SIZE = 1024;
constexpr int SIMD_WIDTH = 4;
constexpr int THREADS = SIZE / SIMD_WIDTH; // 256
static_assert(SIZE % SIMD_WIDTH == 0, "one float4 per thread");

__global__ void elementwise_add(float *out, const float *a, const float *b, int size) {
  int t = blockDim.x * blockIdx.x + threadIdx.x;
  int idx = t * SIMD_WIDTH;
  if (idx + SIMD_WIDTH <= size) {
    float4 va = reinterpret_cast<const float4 *>(a)[t];
    float4 vb = reinterpret_cast<const float4 *>(b)[t];
    reinterpret_cast<float4 *>(out)[t] =
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

  elementwise_add<<<1, THREADS>>>(d_out.data(), d_a.data(), d_b.data(), SIZE);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out);
  print_array("out[:8]", h_out, 8);
  print_array("out[-3:]", h_out + SIZE - 3, 3);
  print_array("expected[:8]", expected, 8);
  print_array("expected[-3:]", expected + SIZE - 3, 3);
  puzzle_output("out", h_out, SIZE);
  return finish(check_equal(h_out, expected, SIZE));
}
