// A cluster shape is part of what a kernel computes (DSMEM, cluster barriers):
// one that is not a positive constant is refused, never silently dropped.
// EXPECT-ERROR: cluster_dims.cu:5:1: error: __cluster_dims__ takes one to three positive integer constants
__global__ void
__cluster_dims__(2, 0, 1) k(int *p) {
  p[threadIdx.x] = 1;
}

int main() {
  int *p;
  cudaMalloc(&p, 64 * sizeof(int));
  k<<<2, 32>>>(p);
  return 0;
}
