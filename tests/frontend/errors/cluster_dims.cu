// A cluster shape is part of what a kernel computes (DSMEM, cluster barriers):
// until clusters are simulated it is refused, never silently dropped.
// EXPECT-ERROR: cluster_dims.cu:5:1: error: thread block clusters (__cluster_dims__) are not supported yet
__global__ void
__cluster_dims__(2, 1, 1) k(int *p) {
  p[threadIdx.x] = 1;
}

int main() {
  int *p;
  cudaMalloc(&p, 64 * sizeof(int));
  k<<<2, 32>>>(p);
  return 0;
}
