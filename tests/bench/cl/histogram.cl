// OpenCL C twin of tests/bench/histogram.cu (for Oclgrind and PoCL).
#define BINS 256
__kernel void histogram(__global uint *bins, __global const uchar *in, int n) {
  __local uint local_bins[BINS];
  int tid = get_local_id(0);
  int i = get_group_id(0) * get_local_size(0) + tid;
  local_bins[tid] = 0;
  barrier(CLK_LOCAL_MEM_FENCE);
  if (i < n) atomic_add(&local_bins[in[i]], 1u);
  barrier(CLK_LOCAL_MEM_FENCE);
  if (local_bins[tid] != 0) atomic_add(&bins[tid], local_bins[tid]);
}
