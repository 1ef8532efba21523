// The accumulators of a wgmma.mma_async in flight, touched before the
// wgmma.wait_group that covers it (PTX: undefined, though ptxas may serialise the
// wgmma pipeline to make it work). In `k`: a read of one (it holds the
// value from before the wgmma), a use as another inline PTX statement's
// operand, a write of one (the wgmma may overwrite it or accumulate onto
// it): seen where they happen. The C++ accesses are to d[0], since the
// instrumentation sees an access of a local array's element only where
// that element's own pointer escapes (d[0]'s is the array's, handed to the
// asm operand). And a write of d[3], which it does not see: the wait finds
// the variable changed. In `scope`: the accumulators are a helper's locals
// and the helper returns with the wgmma in flight. The wait, in another
// helper whose locals now occupy that stack, finds them changed (and keeps
// those locals intact).
// EXPECT: wgmma local error at=@read at=@mma
// EXPECT: wgmma local error at=@operand at=@mma
// EXPECT: wgmma local error at=@write at=@mma
// EXPECT: wgmma local error at=@wait at=@mma
// EXPECT: wgmma local error at=@deep_wait at=@mma
// MESSAGE: read of an accumulator register of a wgmma.mma_async still in flight
// MESSAGE: read of an accumulator register \(an inline PTX operand\)
// MESSAGE: write to an accumulator register
// MESSAGE: an accumulator register's variable changed while its wgmma.mma_async was in flight
// nvcc-arch: sm_90a
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cstdio>

// A is 64 x 16 halves, B 8 x 16 (B^T: N x K), both K-major without swizzle:
// core matrices of 8 rows x 16 bytes, 128 bytes apart along K (LBO) and
// 256 bytes apart along the rows (SBO).
__device__ unsigned offset(unsigned row, unsigned k) {
  return (row % 8) * 16 + (row / 8) * 256 + (k % 8) * 2 + (k / 8) * 128;
}

__device__ unsigned long long desc(const void *tile) {
  const auto addr = static_cast<unsigned>(__cvta_generic_to_shared(tile));
  return ((addr & 0x3ffffu) >> 4) | (128ull >> 4 << 16) | (256ull >> 4 << 32);
}

__device__ void fill(__half *ta, __half *tb, const __half *a, const __half *b) {
  for (unsigned i = threadIdx.x; i < 64 * 16; i += blockDim.x)
    ta[offset(i / 16, i % 16) / 2] = a[i]; // @fill_a
  for (unsigned i = threadIdx.x; i < 8 * 16; i += blockDim.x)
    tb[offset(i / 16, i % 16) / 2] = b[i]; // @fill_b
}

// d += A * B^T (m64n8k16, f32 accumulators).
__device__ void mma(float (&d)[4], const __half *ta, const __half *tb) {
  // clang-format off
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, 0;" // @mma
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
               : "l"(desc(ta)), "l"(desc(tb)));
  // clang-format on
}

// Thread t's accumulator i is D[16w + l/4 + 8((i/2)%2)][2(l%4) + i%2].
__device__ void store(const float (&d)[4], float *out) {
  const unsigned t = threadIdx.x, w = t / 32, l = t % 32;
  for (unsigned i = 0; i < 4; ++i)
    out[(16 * w + l / 4 + 8 * ((i >> 1) & 1)) * 8 + 2 * (l % 4) + (i & 1)] = d[i];
}

// Inputs: A[i][k] = (i + 2k) mod 5 - 2, B[j][k] = (3j + k) mod 3 - 1.
struct Inputs {
  __half *a, *b;
  float *out;
  Inputs() {
    static __half ha[64 * 16], hb[8 * 16];
    for (int i = 0; i < 64 * 16; ++i)
      ha[i] = __float2half(static_cast<float>((i / 16 + 2 * (i % 16)) % 5 - 2));
    for (int i = 0; i < 8 * 16; ++i)
      hb[i] = __float2half(static_cast<float>((3 * (i / 16) + i % 16) % 3 - 1));
    cudaMalloc(&a, sizeof ha);
    cudaMalloc(&b, sizeof hb);
    cudaMalloc(&out, 64 * 8 * sizeof(float));
    cudaMemcpy(a, ha, sizeof ha, cudaMemcpyHostToDevice);
    cudaMemcpy(b, hb, sizeof hb, cudaMemcpyHostToDevice);
  }
  // out == times * A * B^T?
  bool check(int times) const {
    static float h[64 * 8];
    cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
    for (int i = 0; i < 64; ++i)
      for (int j = 0; j < 8; ++j) {
        int s = 0;
        for (int k = 0; k < 16; ++k)
          s += ((i + 2 * k) % 5 - 2) * ((3 * j + k) % 3 - 1);
        if (h[i * 8 + j] != static_cast<float>(times * s))
          return false;
      }
    return true;
  }
};

__global__ void k(const __half *a, const __half *b, float *out, float *early) {
  __shared__ alignas(128) __half ta[64 * 16];
  __shared__ alignas(128) __half tb[8 * 16];
  fill(ta, tb, a, b);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  mma(d, ta, tb);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  early[threadIdx.x] = d[0]; // @read
  unsigned bits;
  asm volatile("mov.b32 %0, %1;" : "=r"(bits) : "f"(d[1])); // @operand
  early[128 + threadIdx.x] = __uint_as_float(bits);
  d[0] = 1.0f; // @write
  d[3] = 2.0f;
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory"); // @wait
  store(d, out);
}

// Issues a wgmma on its own accumulators and returns before the wait.
__device__ __noinline__ void issue_only(const __half *ta, const __half *tb) {
  float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  mma(d, ta, tb);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
}

// Its locals take the returned frame's stack; then it waits.
__device__ __noinline__ float sum_then_wait(int n) {
  float big[64];
  for (int i = 0; i < 64; ++i)
    big[i] = static_cast<float>(n + i);
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory"); // @deep_wait
  float s = 0.0f;
  for (float x : big)
    s += x;
  return s;
}

__global__ void scope(const __half *a, const __half *b, float *out) {
  __shared__ alignas(128) __half ta[64 * 16];
  __shared__ alignas(128) __half tb[8 * 16];
  fill(ta, tb, a, b);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  issue_only(ta, tb);
  out[threadIdx.x] = sum_then_wait(3); // 64 * 3 + 2016 = 2208
}

int main() {
  Inputs in;
  float *early;
  cudaMalloc(&early, 256 * sizeof(float));
  k<<<1, 128>>>(in.a, in.b, in.out, early);
  cudaDeviceSynchronize();
  std::printf("%s\n", in.check(1) ? "PASS" : "FAIL");
  scope<<<1, 128>>>(in.a, in.b, early);
  float sum = 0.0f;
  cudaMemcpy(&sum, early, sizeof sum, cudaMemcpyDeviceToHost);
  std::printf("sum %g\n", sum);
  cudaFree(early);
  return 0;
}
