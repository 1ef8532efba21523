// p24 — single-warp stable partition around a pivot, for any warp size.
// SIZE = WARP_SIZE, BPG=(1,1), TPB=(WARP_SIZE,1), pivot = 5; WARP_SIZE is
// the device's warpSize at run time. Elements < pivot go left, in order;
// elements >= pivot go right, in order.
// Two kernels compute it; both must give the expected output:
//   warp_partition_ballot — the CUDA way: left = __ballot_sync(full, v < pivot);
//     left_pos = __popcll(left & lanes_below), left_total = __popcll(left),
//     right_pos likewise from the right ballot. (Masks are 64-bit in warpsim,
//     hence __popcll; with nvcc the 32-bit ballot converts.)
//   warp_partition_scan — the book's algorithm: predicates as float, exclusive
//     prefix sums of both with a __shfl_up_sync ladder, the left total with a
//     __shfl_xor_sync butterfly.
// Each lane writes its element to left_pos, or left_total + right_pos.
// Input [3,7,1,8,2,9,4,6,0,10,3,11,1,12,4,13] repeated; expected for 32:
// [3,1,2,4,0,3,1,4,3,1,2,4,0,3,1,4,7,8,9,6,10,11,12,13,7,8,9,6,10,11,12,13].
// Warp operations are executed by every lane, outside the `i < size` guard.
#include <vector>

#include "puzzle.h"

#ifndef WARPSIM_FULL_MASK
#define WARPSIM_FULL_MASK 0xffffffffu
#endif

__global__ void warp_partition_ballot(float *out, const float *in, int size, float pivot) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  bool valid = global_i < size;
  float current_val = valid ? in[global_i] : 0.0f;
  bool goes_left = valid && current_val < pivot;
  bool goes_right = valid && !(current_val < pivot);
  unsigned long long left = __ballot_sync(WARPSIM_FULL_MASK, goes_left);
  unsigned long long right = __ballot_sync(WARPSIM_FULL_MASK, goes_right);
  unsigned long long lanes_below = (1ull << lane) - 1;
  int left_pos = __popcll(left & lanes_below);
  int right_pos = __popcll(right & lanes_below);
  int left_total = __popcll(left);
  if (goes_left)
    out[left_pos] = current_val;
  else if (goes_right)
    out[left_total + right_pos] = current_val;
}

// Exclusive scan over the lanes of the warp.
__device__ float warp_exclusive_scan(float v) {
  int lane = threadIdx.x % warpSize;
  float inclusive = v;
  for (int offset = 1; offset < warpSize; offset *= 2) {
    float n = __shfl_up_sync(WARPSIM_FULL_MASK, inclusive, offset);
    if (lane >= offset) inclusive += n;
  }
  return inclusive - v;
}

// Butterfly sum over the whole warp; every lane gets the same total.
__device__ float warp_sum(float v) {
  for (int offset = warpSize / 2; offset > 0; offset /= 2)
    v += __shfl_xor_sync(WARPSIM_FULL_MASK, v, offset);
  return v;
}

__global__ void warp_partition_scan(float *out, const float *in, int size, float pivot) {
  int global_i = blockDim.x * blockIdx.x + threadIdx.x;
  bool valid = global_i < size;
  float current_val = valid ? in[global_i] : 0.0f;
  float predicate_left = valid && current_val < pivot ? 1.0f : 0.0f;
  float predicate_right = valid && current_val >= pivot ? 1.0f : 0.0f;
  float left_pos = warp_exclusive_scan(predicate_left);
  float right_pos = warp_exclusive_scan(predicate_right);
  float left_total = warp_sum(predicate_left);
  if (valid) {
    if (current_val < pivot)
      out[int(left_pos)] = current_val;
    else
      out[int(left_total + right_pos)] = current_val;
  }
}

int main() {
  const int WARP_SIZE = device_warp_size();
  const int SIZE = WARP_SIZE;
  const float pivot = 5.0f;
  std::printf("WARP_SIZE: %d\nSIZE: %d\npivot: %g\n", WARP_SIZE, SIZE, pivot);

  const float pattern[16] = {3, 7, 1, 8, 2, 9, 4, 6, 0, 10, 3, 11, 1, 12, 4, 13};
  std::vector<float> h_in(SIZE), h_out(SIZE), h_out_scan(SIZE), expected;
  for (int i = 0; i < SIZE; ++i)
    h_in[i] = pattern[i % 16];
  for (int i = 0; i < SIZE; ++i)
    if (h_in[i] < pivot) expected.push_back(h_in[i]);
  for (int i = 0; i < SIZE; ++i)
    if (!(h_in[i] < pivot)) expected.push_back(h_in[i]);

  DeviceBuffer<float> d_in(h_in.data(), SIZE);
  DeviceBuffer<float> d_out(SIZE);
  DeviceBuffer<float> d_out_scan(SIZE);

  warp_partition_ballot<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out.data(), d_in.data(), SIZE,
                                                             pivot);
  CUDA_CHECK_LAUNCH();
  warp_partition_scan<<<dim3(1, 1), dim3(WARP_SIZE, 1)>>>(d_out_scan.data(), d_in.data(), SIZE,
                                                           pivot);
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  d_out_scan.download(h_out_scan.data());
  int bad = check_output("out", h_out.data(), expected.data(), SIZE);
  print_array("out_scan", h_out_scan.data(), SIZE);
  puzzle_output("out_scan", h_out_scan.data(), SIZE);
  bad += check_equal(h_out_scan.data(), expected.data(), SIZE);
  return finish(bad);
}
