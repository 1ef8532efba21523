// The wgmma rules kept, for the async checks' wgmma findings (the clean
// twin of wgmma_missing_proxy_fence.cu, wgmma_accumulator_early_access.cu,
// wgmma_partial_warpgroup.cu, wgmma_tile_overwritten.cu and
// wgmma_missing_fence.cu): one warpgroup fills the A and B tiles with
// ordinary stores and makes them visible to the async proxy
// (fence.proxy.async) before the barrier; after a wgmma.fence all four
// warps issue two wgmma.mma_async chained on the same accumulators (legal
// while in flight), with CUTLASS's empty-asm operand fences
// (warpgroup_fence_operand) between them; one commit_group, wait_group 0;
// the accumulators are read and the tiles rewritten only after the wait
// (the rewrite after a barrier: every warp has waited). out = 2 A B^T.
// Then `cute`: the same tiles through CUTLASS's own asm forms
// (cute/arch/mma_sm90_gmma.hpp: scale-d through setp from an "r" operand,
// imm-scale/imm-trans as "n" operands, wait_group's N as an "n" operand),
// with scale-d 0 over an accumulator of 5s and imm-scale-a -1: out = -A B^T.
// EXPECT-CLEAN
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

// CUTLASS's warpgroup_fence_operand: an empty asm naming the register.
__device__ void fence_operand(float &x) { asm volatile("" : "+f"(x)::"memory"); }

__global__ void k(const __half *a, const __half *b, float *out) {
  __shared__ alignas(128) __half ta[64 * 16];
  __shared__ alignas(128) __half tb[8 * 16];
  fill(ta, tb, a, b);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4] = {0.0f, 0.0f, 0.0f, 0.0f};
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  mma(d, ta, tb);
  for (float &x : d)
    fence_operand(x);
  mma(d, ta, tb);
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  for (float &x : d)
    fence_operand(x);
  store(d, out);
  __syncthreads();
  ta[threadIdx.x] = __float2half(0.0f);
}

// CUTLASS's SS form of m64n8k16 (F32 += F16 * F16).
template <int ScaleA, int ScaleB, int TnspA, int TnspB>
__device__ void cute_mma(float &d0, float &d1, float &d2, float &d3, unsigned long long desc_a,
                         unsigned long long desc_b, int scale_D) {
  asm volatile("{\n"
               ".reg .pred p;\n"
               "setp.ne.b32 p, %6, 0;\n"
               "wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 "
               "{%0, %1, %2, %3},"
               " %4,"
               " %5,"
               " p,   %7,  %8,  %9,  %10;\n"
               "}\n"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "l"(desc_a), "l"(desc_b), "r"(scale_D), "n"(ScaleA), "n"(ScaleB), "n"(TnspA),
                 "n"(TnspB));
}

template <int N> __device__ void wait_group() {
  asm volatile("wgmma.wait_group.sync.aligned %0;\n" ::"n"(N) : "memory");
}

__global__ void cute(const __half *a, const __half *b, float *out) {
  __shared__ alignas(128) __half ta[64 * 16];
  __shared__ alignas(128) __half tb[8 * 16];
  fill(ta, tb, a, b);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4] = {5.0f, 5.0f, 5.0f, 5.0f};
  asm volatile("wgmma.fence.sync.aligned;\n" ::: "memory");
  cute_mma<-1, 1, 0, 0>(d[0], d[1], d[2], d[3], desc(ta), desc(tb), 0);
  asm volatile("wgmma.commit_group.sync.aligned;\n" ::: "memory");
  wait_group<0>();
  store(d, out);
}

int main() {
  Inputs in;
  k<<<1, 128>>>(in.a, in.b, in.out);
  cudaDeviceSynchronize();
  const bool twice = in.check(2);
  cute<<<1, 128>>>(in.a, in.b, in.out);
  cudaDeviceSynchronize();
  std::printf("%s\n", twice && in.check(-1) ? "PASS" : "FAIL");
  return 0;
}
