// A kernel returns nothing.
// EXPECT-ERROR: global_return.cu:3:12: error: a __global__ function must have a void return type
__global__ int k(int *p) { return p[0]; }
