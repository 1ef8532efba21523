// OpenCL C twin of tests/bench/vector_add.cu (for Oclgrind and PoCL).
__kernel void vector_add(__global float *out, __global const float *a, __global const float *b,
                         int n) {
  int i = get_group_id(0) * get_local_size(0) + get_local_id(0);
  if (i < n) out[i] = a[i] + b[i];
}
