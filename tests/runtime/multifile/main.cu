// A program in three files joined by #include (issue 10: real programs):
// the kernels in scan.cuh, the error checking in check_cuda.h. Each block's
// inclusive scan is checked against the host's.
#include <vector>

#include "check_cuda.h"
#include "scan.cuh"

int main() {
  constexpr int kBlock = 128;
  const int n = 1000;
  std::vector<int> h(n), r(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7) % 11 - 5;
  int *in, *out;
  checkCudaErrors(cudaMalloc(&in, n * sizeof(int)));
  checkCudaErrors(cudaMalloc(&out, n * sizeof(int)));
  checkCudaErrors(cudaMemcpy(in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  scan::blocks<kBlock><<<(n + kBlock - 1) / kBlock, kBlock>>>(in, out, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaMemcpy(r.data(), out, n * sizeof(int), cudaMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0, acc = 0; i < n; ++i) {
    acc = i % kBlock == 0 ? h[i] : acc + h[i];
    bad += r[i] != acc;
  }
  checkCudaErrors(cudaFree(in));
  checkCudaErrors(cudaFree(out));
  std::printf("%d wrong\n%s\n", bad, bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
