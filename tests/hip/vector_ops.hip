// HIP's arithmetic on vector types (hip/hip_vector_types.h): float4 and int2
// with + - * / % << and compound assignments, vector-scalar and
// vector-vector, unary minus, ==. CUDA twin: cuda/vector_ops.cu (the same
// values computed per component).
#include <hip/hip_runtime.h>

#include <cstdio>

__global__ void ops(const float4 *a, float4 *b, int2 *c, int *equal) {
  const unsigned t = threadIdx.x;
  float4 v = a[t] * 2.0f + a[t];
  v -= make_float4(1.0f, 1.0f, 1.0f, 1.0f);
  b[t] = -v / 2.0f;
  int2 i = make_int2(static_cast<int>(t), 7);
  i = (i << 1) % 5 + 1;
  i *= make_int2(3, 2);
  c[t] = i;
  if (a[t] == make_float4(t, t + 1.0f, t + 2.0f, t + 3.0f))
    atomicAdd(equal, 1);
}

int main() {
  const int n = 64;
  float4 *a, *b;
  int2 *c;
  int *equal;
  hipMallocManaged(&a, n * sizeof(float4));
  hipMallocManaged(&b, n * sizeof(float4));
  hipMallocManaged(&c, n * sizeof(int2));
  hipMallocManaged(&equal, sizeof(int));
  for (int i = 0; i < n; ++i)
    a[i] = make_float4(i, i + 1.0f, i + 2.0f, i + 3.0f);
  *equal = 0;
  hipLaunchKernelGGL(ops, dim3(1), dim3(n), 0, 0, a, b, c, equal);
  hipDeviceSynchronize();
  float sum = 0;
  long isum = 0;
  for (int i = 0; i < n; ++i) {
    sum += b[i].x + b[i].y + b[i].z + b[i].w;
    isum += c[i].x + c[i].y;
  }
  std::printf("vector_ops: b[3]=(%g, %g, %g, %g) c[3]=(%d, %d) sum=%g isum=%ld equal=%d\n",
              b[3].x, b[3].y, b[3].z, b[3].w, c[3].x, c[3].y, sum, isum, *equal);
  const bool ok = *equal == n && b[3].x == -4.0f && c[3].x == 6 && c[3].y == 10;
  hipFree(a);
  hipFree(b);
  hipFree(c);
  hipFree(equal);
  return ok ? 0 : 1;
}
