// Names CUDA 13's cuda_runtime.h makes visible in nvcc's host pass through
// its own includes (<limits.h>, <string.h>, <stdlib.h>, <math.h>, <cmath>,
// <cstdlib>, <ctype.h>, <time.h>, <utility>): nvcc compiles this file with
// only <cstdio> included (for printf, which nvcc's host pass does not get
// from cuda_runtime.h), and so must warpsim (its prelude includes
// cuda_runtime.h as nvcc does). Prints PASS, also when built with
// nvcc -arch=sm_90.
#include <cstdio>

__global__ void clampAll(int *v, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = v[i] == INT_MAX ? INT_MIN : static_cast<int>(std::abs(sqrtf(static_cast<float>(v[i]))));
}

int main() {
  const int n = 64;
  int *v = nullptr;
  cudaMallocManaged(&v, n * sizeof(int));
  int host[n];
  for (int i = 0; i < n; ++i)
    host[i] = i * i;
  host[5] = INT_MAX;
  memcpy(v, host, sizeof host);
  clampAll<<<1, n>>>(v, n);
  cudaDeviceSynchronize();
  int bad = 0;
  for (int i = 0; i < n; ++i)
    bad += v[i] != (i == 5 ? INT_MIN : i);
  char *text = static_cast<char *>(malloc(16));
  strcpy(text, "pass");
  text[0] = static_cast<char>(toupper(text[0]));
  bad += strlen(text) != 4 || strcmp(text, "Pass") != 0;
  const double root = std::sqrt(2.0) * std::sqrt(2.0);
  bad += fabs(root - 2.0) > 1e-12;
  bad += ULLONG_MAX != ~0ULL || CHAR_BIT != 8 || SHRT_MAX != 32767;
  std::pair<int, int> p = std::make_pair(1, 2);
  bad += p.second != 2;
  bad += time(nullptr) == static_cast<time_t>(-1);
  int *boxed = new int(3);
  bad += *boxed != 3;
  delete boxed;
  printf("%s %d\n", bad == 0 ? "PASS" : "FAIL", bad);
  free(text);
  cudaFree(v);
  return bad == 0 ? 0 : 1;
}
