// OpenCL C twin of tests/bench/scan.cu (for Oclgrind and PoCL).
#define THREADS_PER_BLOCK 256
__kernel void block_scan(__global float *out, __global const float *in, int n) {
  __local float s[THREADS_PER_BLOCK];
  int tid = get_local_id(0);
  int i = get_group_id(0) * get_local_size(0) + tid;
  s[tid] = i < n ? in[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int offset = 1; offset < THREADS_PER_BLOCK; offset *= 2) {
    float add = tid >= offset ? s[tid - offset] : 0.0f;
    barrier(CLK_LOCAL_MEM_FENCE);
    s[tid] += add;
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (i < n) out[i] = s[tid];
}
