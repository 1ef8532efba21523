// CUB's TexObjInputIterator (libcub-dev) over texture objects, reached
// through <cub/cub.cuh> as a whole (it includes the iterator): a kernel
// copies through the iterator and the host compares every element. Builds
// with nvcc as well.
#include <cstdio>
#include <cub/cub.cuh>
__global__ void copy(cub::TexObjInputIterator<double> it, double *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = it[i];
}
int main() {
  const int n = 100;
  double h[n], g[n];
  for (int i = 0; i < n; ++i)
    h[i] = i * 1.5 - 7;
  double *d, *o;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&o, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cub::TexObjInputIterator<double> it;
  if (it.BindTexture(d, sizeof h) != cudaSuccess) {
    std::printf("bind failed\n");
    return 1;
  }
  copy<<<1, 128>>>(it, o, n);
  cudaMemcpy(g, o, sizeof g, cudaMemcpyDeviceToHost);
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += g[i] != h[i];
  it.UnbindTexture();
  std::printf(bad ? "FAIL %d\n" : "PASS\n", bad);
}
