// CUDA twin of tests/hip/vector_ops.hip: CUDA's vector types have no
// operators, so the same values are computed per component.
#include <cuda_runtime.h>

#include <cstdio>

__global__ void ops(const float4 *a, float4 *b, int2 *c, int *equal) {
  const unsigned t = threadIdx.x;
  const float4 x = a[t];
  float4 v = make_float4(x.x * 2.0f + x.x, x.y * 2.0f + x.y, x.z * 2.0f + x.z, x.w * 2.0f + x.w);
  v = make_float4(v.x - 1.0f, v.y - 1.0f, v.z - 1.0f, v.w - 1.0f);
  b[t] = make_float4(-v.x / 2.0f, -v.y / 2.0f, -v.z / 2.0f, -v.w / 2.0f);
  int2 i = make_int2(static_cast<int>(t), 7);
  i = make_int2((i.x << 1) % 5 + 1, (i.y << 1) % 5 + 1);
  i = make_int2(i.x * 3, i.y * 2);
  c[t] = i;
  if (x.x == t && x.y == t + 1.0f && x.z == t + 2.0f && x.w == t + 3.0f)
    atomicAdd(equal, 1);
}

int main() {
  const int n = 64;
  float4 *a, *b;
  int2 *c;
  int *equal;
  cudaMallocManaged(&a, n * sizeof(float4));
  cudaMallocManaged(&b, n * sizeof(float4));
  cudaMallocManaged(&c, n * sizeof(int2));
  cudaMallocManaged(&equal, sizeof(int));
  for (int i = 0; i < n; ++i)
    a[i] = make_float4(i, i + 1.0f, i + 2.0f, i + 3.0f);
  *equal = 0;
  ops<<<1, n>>>(a, b, c, equal);
  cudaDeviceSynchronize();
  float sum = 0;
  long isum = 0;
  for (int i = 0; i < n; ++i) {
    sum += b[i].x + b[i].y + b[i].z + b[i].w;
    isum += c[i].x + c[i].y;
  }
  std::printf("vector_ops: b[3]=(%g, %g, %g, %g) c[3]=(%d, %d) sum=%g isum=%ld equal=%d\n", b[3].x,
              b[3].y, b[3].z, b[3].w, c[3].x, c[3].y, sum, isum, *equal);
  const bool ok = *equal == n && b[3].x == -4.0f && c[3].x == 6 && c[3].y == 10;
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(equal);
  return ok ? 0 : 1;
}
