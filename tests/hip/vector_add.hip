// HIP vector add with HIP_CHECK error handling, launched both with
// hipLaunchKernelGGL and with <<<>>>; the result is checked on the host.
// CUDA twin: cuda/vector_add.cu (same output).
#include <hip/hip_runtime.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#define HIP_CHECK(expr)                                                                            \
  do {                                                                                             \
    hipError_t status_ = (expr);                                                                   \
    if (status_ != hipSuccess) {                                                                   \
      std::fprintf(stderr, "%s:%d: %s failed: %s\n", __FILE__, __LINE__, #expr,                   \
                   hipGetErrorString(status_));                                                    \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

__global__ void add(const float *a, const float *b, float *c, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] = a[i] + b[i];
}

__global__ void scale(float *c, float s, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    c[i] *= s;
}

int main() {
  const int n = 1000;
  std::vector<float> a(n), b(n), c(n);
  for (int i = 0; i < n; ++i) {
    a[i] = static_cast<float>(i);
    b[i] = static_cast<float>(2 * i);
  }
  float *da, *db, *dc;
  HIP_CHECK(hipMalloc(&da, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&db, n * sizeof(float)));
  HIP_CHECK(hipMalloc(&dc, n * sizeof(float)));
  HIP_CHECK(hipMemcpy(da, a.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemcpy(db, b.data(), n * sizeof(float), hipMemcpyHostToDevice));
  HIP_CHECK(hipMemset(dc, 0, n * sizeof(float)));
  const int block = 256, grid = (n + block - 1) / block;
  hipLaunchKernelGGL(add, dim3(grid), dim3(block), 0, 0, da, db, dc, n);
  HIP_CHECK(hipGetLastError());
  scale<<<grid, block>>>(dc, 0.5f, n);
  HIP_CHECK(hipGetLastError());
  HIP_CHECK(hipDeviceSynchronize());
  HIP_CHECK(hipMemcpy(c.data(), dc, n * sizeof(float), hipMemcpyDeviceToHost));
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += c[i] != 1.5f * static_cast<float>(i);
  std::printf("vector_add: n=%d c[1]=%.1f c[999]=%.1f mismatches=%d\n", n, c[1], c[999], bad);
  HIP_CHECK(hipFree(da));
  HIP_CHECK(hipFree(db));
  HIP_CHECK(hipFree(dc));
  return bad == 0 ? 0 : 1;
}
