// A "library" the user does not own: its kernel stores without atomics,
// a race the suppression tests silence by file, function or kernel.
#pragma once

__device__ void lib_bump(int *bins, int v) {
  bins[v % 4] = bins[v % 4] + 1; // racy read-modify-write
}

__global__ void lib_histogram(int *bins) { lib_bump(bins, threadIdx.x); }
