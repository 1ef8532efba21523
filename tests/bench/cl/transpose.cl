// OpenCL C twin of tests/bench/transpose.cu (for Oclgrind and PoCL).
#define TILE 16
__kernel void transpose(__global float *out, __global const float *in, int side) {
  __local float tile[TILE][TILE + 1];
  int tx = get_local_id(0), ty = get_local_id(1);
  int x = get_group_id(0) * TILE + tx;
  int y = get_group_id(1) * TILE + ty;
  tile[ty][tx] = in[y * side + x];
  barrier(CLK_LOCAL_MEM_FENCE);
  x = get_group_id(1) * TILE + tx;
  y = get_group_id(0) * TILE + ty;
  out[y * side + x] = tile[tx][ty];
}
