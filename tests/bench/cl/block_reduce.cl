// OpenCL C twin of tests/bench/block_reduce.cu (for Oclgrind and PoCL).
#define THREADS_PER_BLOCK 256
__kernel void block_reduce(__global float *partials, __global const float *in, int n) {
  __local float sdata[THREADS_PER_BLOCK];
  int tid = get_local_id(0);
  int i = get_group_id(0) * get_local_size(0) + tid;
  sdata[tid] = i < n ? in[i] : 0.0f;
  barrier(CLK_LOCAL_MEM_FENCE);
  for (int stride = THREADS_PER_BLOCK / 2; stride > 0; stride /= 2) {
    if (tid < stride) sdata[tid] += sdata[tid + stride];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  if (tid == 0) partials[get_group_id(0)] = sdata[0];
}
