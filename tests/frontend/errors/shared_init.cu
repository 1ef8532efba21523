// __shared__ variables cannot be initialised (every block would race to).
// EXPECT-ERROR: shared_init.cu:5:18: error: initializer not allowed for __shared__ variable 'count'
__global__ void k(int *p) {
  __shared__ float ok[4];
  __shared__ int count = 0;
  p[0] = count + static_cast<int>(ok[0]);
}
