// __shared__ in a template kernel: the written pattern is rewritten once;
// each launch names its instantiation and its own shared-memory size.
#include <cstdio>

template <typename T, int N>
__global__ void stage(const T *in, T *out) {
  __shared__ T buf[N];
  __shared__ T total;
  buf[threadIdx.x] = in[threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    total = T();
    for (int i = 0; i < N; ++i)
      total += buf[i];
    *out = total;
  }
}

template <typename T>
__global__ void fill(T *p, T value, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = value;
}

int main() {
  double *d;
  int *di;
  cudaMalloc(&d, 65 * sizeof(double));
  cudaMalloc(&di, 64 * sizeof(int));
  stage<double, 64><<<1, 64>>>(d, d + 64);
  stage<int, 16><<<1, 16>>>(di, di + 16);
  fill<<<2, 32>>>(di, 7, 64);
  fill<double><<<1, 64>>>(d, 1.5, 64);
  cudaDeviceSynchronize();
  std::printf("done\n");
  return 0;
}
