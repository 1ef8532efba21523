// A kernel launched from a kernel (dynamic parallelism).
// EXPECT-ERROR: device_launch.cu:9:5: error: dynamic parallelism (a kernel launch from device code) is not supported
__global__ void child(int *p) { p[threadIdx.x] = 1; }

__global__ void parent(int *p) {
  int n = blockDim.x;
  if (threadIdx.x == 0)
    // launched by one thread of each block
    child<<<1, n>>>(p);
}

int main() {
  parent<<<1, 32>>>(nullptr);
  return 0;
}
