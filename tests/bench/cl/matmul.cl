// OpenCL C twin of tests/bench/matmul.cu (for Oclgrind and PoCL).
#define TILE 16
__kernel void matmul(__global float *c, __global const float *a, __global const float *b, int side) {
  __local float ta[TILE][TILE];
  __local float tb[TILE][TILE];
  int tx = get_local_id(0), ty = get_local_id(1);
  int row = get_group_id(1) * TILE + ty;
  int col = get_group_id(0) * TILE + tx;
  float acc = 0.0f;
  for (int t = 0; t < side; t += TILE) {
    ta[ty][tx] = a[row * side + t + tx];
    tb[ty][tx] = b[(t + ty) * side + col];
    barrier(CLK_LOCAL_MEM_FENCE);
    for (int k = 0; k < TILE; ++k) acc += ta[ty][k] * tb[k][tx];
    barrier(CLK_LOCAL_MEM_FENCE);
  }
  c[row * side + col] = acc;
}
