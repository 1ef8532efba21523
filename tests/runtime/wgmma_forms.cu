// Every wgmma.mma_async form warpsim executes, one kernel each (written by
// tests/runtime/wgmma_forms_gen.py): m64nNk16 .f16/.bf16, m64nNk8 .tf32,
// m64nNk32 .e4m3/.e5m2 (mixed too), .f32 and .f16 accumulators, A from
// shared memory (descriptors) or registers, K-major and MN-major
// (transposed) tiles without swizzle and with 32/64/128-byte swizzles,
// scale-d 0, imm-scale-a/b -1, N from 8 to 256. One warpgroup (128
// threads) fills the tiles with ordinary stores in the canonical layouts,
// fences them for the async proxy, issues K/k chained wgmmas in one group,
// waits, and stores D through the accumulator fragment layout (scale-d
// applies to the first of the chained wgmmas; the others accumulate). Pass 1 uses
// small integers (every sum exact: the result must equal the host's); pass
// 2 multiples of 1/8 (exact with .f32 accumulators; .f16 ones round: the
// largest difference from the binary64 reference is printed); pass 3
// values of the input type's full precision, whose sums round: the error
// relative to |c| + sum |a b| is asserted within a stated bound per chained
// instruction (2^-20 for .f32 results, 2^-9 for .f16, 2^-7 with 8-bit
// inputs) and printed. Values are printed with 9 digits for comparison
// with the H100.

// nvcc-arch: sm_90a
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include <cmath>
#include <cstdio>
#include <cstring>
#include <vector>

struct Layout {
  bool mnMajor;     // MN-major (transposed)
  unsigned swizzle; // 0, 32, 64, 128 bytes
  unsigned eb;      // element bytes
  unsigned lbo, sbo;
  // Byte offset of element (mn, k) before the swizzle (CUTLASS's canonical
  // GMMA layouts, cute/atom/mma_traits_sm90_gmma.hpp).
  __host__ __device__ unsigned raw(unsigned mn, unsigned k) const {
    const unsigned t = 16 / eb;
    if (!mnMajor) {
      if (swizzle == 0)
        return (mn % 8) * 16 + (mn / 8) * sbo + (k % t) * eb + (k / t) * lbo;
      return (mn % 8) * swizzle + (mn / 8) * sbo + (k % t) * eb + (k / t) * 16;
    }
    if (swizzle == 0)
      return (mn % t) * eb + (mn / t) * sbo + (k % 8) * 16 + (k / 8) * lbo;
    const unsigned chunks = swizzle / 16;
    return (mn % t) * eb + ((mn / t) % chunks) * 16 + (mn / (t * chunks)) * lbo +
           (k % 8) * swizzle + (k / 8) * sbo;
  }
  // With the swizzle: 16-byte chunk bits XOR the 128-byte row bits (the
  // tile starts 1024-byte aligned).
  __host__ __device__ unsigned at(unsigned base, unsigned mn, unsigned k) const {
    const unsigned a = base + raw(mn, k);
    return swizzle == 0 ? a : a ^ (((a >> 7) & (swizzle / 16 - 1)) << 4);
  }
  __host__ __device__ unsigned step(unsigned k) const { return raw(0, k); }
};

__device__ unsigned smemAddr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ unsigned long long desc(unsigned addr, const Layout &l) {
  const unsigned long long mode = l.swizzle == 128  ? 1
                                  : l.swizzle == 64 ? 2
                                  : l.swizzle == 32 ? 3
                                                    : 0;
  return ((addr & 0x3ffffu) >> 4) | (static_cast<unsigned long long>(l.lbo >> 4) << 16) |
         (static_cast<unsigned long long>(l.sbo >> 4) << 32) | (mode << 62);
}

__device__ void put(unsigned char *smem, unsigned off, const unsigned char *src, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    smem[off + i] = src[i];
}

// Accumulator fragment of m64nN: warp w of the warpgroup, lane l: element i
// at row 16w + l/4 + 8((i/2)%2), column 8(i/4) + 2(l%4) + i%2.
__device__ unsigned dRow(unsigned t, unsigned i) {
  return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i >> 1) & 1);
}
__device__ unsigned dCol(unsigned t, unsigned i) { return 8 * (i >> 2) + 2 * (t % 4) + (i & 1); }

__device__ unsigned short toHalf(float f) { return __half_as_ushort(__float2half_rn(f)); }
__device__ float fromHalf(unsigned short h) { return __half2float(__ushort_as_half(h)); }

template <class T> __device__ void loadC(T *d, unsigned n, bool half, const float *C, unsigned t) {
  for (unsigned i = 0; i < n / 2; ++i) {
    const float c = C[dRow(t, i) * n + dCol(t, i)];
    if (!half) {
      float f = c;
      memcpy(&d[i], &f, 4);
    } else {
      unsigned r;
      memcpy(&r, &d[i / 2], 4);
      if (i % 2 == 0)
        r = toHalf(c);
      else
        r |= static_cast<unsigned>(toHalf(c)) << 16;
      memcpy(&d[i / 2], &r, 4);
    }
  }
}
template <class T> __device__ void storeD(const T *d, unsigned n, bool half, float *D, unsigned t) {
  for (unsigned i = 0; i < n / 2; ++i) {
    float v;
    if (!half) {
      memcpy(&v, &d[i], 4);
    } else {
      unsigned r;
      memcpy(&r, &d[i / 2], 4);
      v = fromHalf(static_cast<unsigned short>(i % 2 == 0 ? r & 0xffff : r >> 16));
    }
    D[dRow(t, i) * n + dCol(t, i)] = v;
  }
}

// Register A: the warp's 16 rows as mma.sync's A fragment (kind 0: 16-bit,
// m16n8k16; 1: tf32, m16n8k8; 2: 8-bit, m16n8k32).
__device__ void fragA(unsigned *a, const unsigned char *A, unsigned kt, unsigned eb, unsigned k0,
                      unsigned t, int kind) {
  const unsigned w = t / 32, g = (t % 32) / 4, q = t % 4;
  for (unsigned r = 0; r < 4; ++r)
    a[r] = 0;
  const unsigned count = kind == 0 ? 8 : kind == 1 ? 4 : 16;
  for (unsigned i = 0; i < count; ++i) {
    unsigned row, col;
    if (kind == 0) {
      row = g + 8 * ((i >> 1) & 1);
      col = 2 * q + (i & 1) + 8 * (i >= 4);
    } else if (kind == 1) {
      row = g + 8 * (i & 1);
      col = q + 4 * (i >= 2);
    } else {
      row = g + 8 * ((i >> 2) & 1);
      col = 4 * q + (i & 3) + 16 * (i >= 8);
    }
    unsigned v = 0;
    memcpy(&v, A + ((16 * w + row) * kt + k0 + col) * eb, eb);
    const unsigned per = 4 / eb;
    a[i / per] |= v << (8 * eb * (i % per));
  }
}

constexpr int PASSES = 3;
// f16_f32_n8_k_none: m64n8k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n8_k_none(const unsigned char *A, const unsigned char *B, const float *C,
                                    float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 8 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4];
  loadC(d, 8, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %6, 0;\n wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, false, D, t);
}

// f16_f32_n16_k_sw128: m64n16k16 .f16 x .f16 -> .f32, A K-major swizzle 128, B K-major swizzle 128,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 64 (4 steps)
__global__ void k_f16_f32_n16_k_sw128(const unsigned char *A, const unsigned char *B,
                                      const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[10240];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 2, 16, 1024};
  const Layout lb{false, 128, 2, 16, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 64; i += blockDim.x)
    put(smem, la.at(0, i / 64, i % 64), A + i * 2, 2);
  for (unsigned i = t; i < 16 * 64; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 64, i % 64), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[8];
  loadC(d, 16, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %10, 0;\n wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, false, D, t);
}

// f16_f16_n32_k_sw64: m64n32k16 .f16 x .f16 -> .f16, A K-major swizzle 64, B K-major swizzle 64,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f16_n32_k_sw64(const unsigned char *A, const unsigned char *B, const float *C,
                                     float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[6144];
  const unsigned t = threadIdx.x;
  const Layout la{false, 64, 2, 16, 512};
  const Layout lb{false, 64, 2, 16, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 32 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[8];
  loadC(d, 32, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %10, 0;\n wgmma.mma_async.sync.aligned.m64n32k16.f16.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1, 0, 0;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 32, true, D, t);
}

// bf16_f32_n64_k_sw32: m64n64k16 .bf16 x .bf16 -> .f32, A K-major swizzle 32, B K-major swizzle 32,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 16 (1 steps)
__global__ void k_bf16_f32_n64_k_sw32(const unsigned char *A, const unsigned char *B,
                                      const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[4096];
  const unsigned t = threadIdx.x;
  const Layout la{false, 32, 2, 16, 256};
  const Layout lb{false, 32, 2, 16, 256};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 16; i += blockDim.x)
    put(smem, la.at(0, i / 16, i % 16), A + i * 2, 2);
  for (unsigned i = t; i < 64 * 16; i += blockDim.x)
    put(smem, 2048 + lb.at(0, i / 16, i % 16), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[32];
  loadC(d, 64, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 1; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 2048 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %34, 0;\n wgmma.mma_async.sync.aligned.m64n64k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 64, false, D, t);
}

// f16_f32_n64_mn_sw128: m64n64k16 .f16 x .f16 -> .f32, A MN-major swizzle 128, B MN-major swizzle
// 128, scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n64_mn_sw128(const unsigned char *A, const unsigned char *B,
                                       const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[8192];
  const unsigned t = threadIdx.x;
  const Layout la{true, 128, 2, 1024, 1024};
  const Layout lb{true, 128, 2, 1024, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[32];
  loadC(d, 64, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %34, 0;\n wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 64, false, D, t);
}

// bf16_f32_n16_mn_none: m64n16k16 .bf16 x .bf16 -> .f32, A MN-major swizzle 0, B MN-major swizzle
// 0, scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_bf16_f32_n16_mn_none(const unsigned char *A, const unsigned char *B,
                                       const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout la{true, 0, 2, 1024, 128};
  const Layout lb{true, 0, 2, 256, 128};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 16 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[8];
  loadC(d, 16, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %10, 0;\n wgmma.mma_async.sync.aligned.m64n16k16.f32.bf16.bf16 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, false, D, t);
}

// f16_f32_n32_mn_sw64_kb: m64n32k16 .f16 x .f16 -> .f32, A MN-major swizzle 64, B K-major swizzle
// 0, scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n32_mn_sw64_kb(const unsigned char *A, const unsigned char *B,
                                         const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[6144];
  const unsigned t = threadIdx.x;
  const Layout la{true, 64, 2, 512, 1024};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 32 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[16];
  loadC(d, 32, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %18, 0;\n wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, %16, %17, p, 1, 1, 1, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 32, false, D, t);
}

// tf32_f32_n24_k_none: m64n24k8 .tf32 x .tf32 -> .f32, A K-major swizzle 0, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 16 (2 steps)
__global__ void k_tf32_f32_n24_k_none(const unsigned char *A, const unsigned char *B,
                                      const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[6144];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 4, 128, 512};
  const Layout lb{false, 0, 4, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 16; i += blockDim.x)
    put(smem, la.at(0, i / 16, i % 16), A + i * 4, 4);
  for (unsigned i = t; i < 24 * 16; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 16, i % 16), B + i * 4, 4);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[12];
  loadC(d, 24, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 8), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 8), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %14, 0;\n wgmma.mma_async.sync.aligned.m64n24k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11}, %12, %13, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 24, false, D, t);
}

// tf32_f32_n8_k_sw128: m64n8k8 .tf32 x .tf32 -> .f32, A K-major swizzle 128, B K-major swizzle 128,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (4 steps)
__global__ void k_tf32_f32_n8_k_sw128(const unsigned char *A, const unsigned char *B,
                                      const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[9216];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 4, 16, 1024};
  const Layout lb{false, 128, 4, 16, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 4, 4);
  for (unsigned i = t; i < 8 * 32; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 32, i % 32), B + i * 4, 4);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4];
  loadC(d, 8, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 8), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 8), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %6, 0;\n wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0, %1, %2, %3}, %4, %5, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, false, D, t);
}

// e4m3_e5m2_f32_n16_k_sw128: m64n16k32 .e4m3 x .e5m2 -> .f32, A K-major swizzle 128, B K-major
// swizzle 128, scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_e5m2_f32_n16_k_sw128(const unsigned char *A, const unsigned char *B,
                                            const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[10240];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 128, 1, 16, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 16 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[8];
  loadC(d, 16, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %10, 0;\n wgmma.mma_async.sync.aligned.m64n16k32.f32.e4m3.e5m2 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, false, D, t);
}

// e5m2_e5m2_f16_n8_k_none: m64n8k32 .e5m2 x .e5m2 -> .f16, A K-major swizzle 0, B K-major swizzle
// 0, scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 64 (2 steps)
__global__ void k_e5m2_e5m2_f16_n8_k_none(const unsigned char *A, const unsigned char *B,
                                          const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 1, 128, 512};
  const Layout lb{false, 0, 1, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 64; i += blockDim.x)
    put(smem, la.at(0, i / 64, i % 64), A + i * 1, 1);
  for (unsigned i = t; i < 8 * 64; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 64, i % 64), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[2];
  loadC(d, 8, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %4, 0;\n wgmma.mma_async.sync.aligned.m64n8k32.f16.e5m2.e5m2 {%0, %1}, %2, %3, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, true, D, t);
}

// e4m3_e4m3_f32_n40_k_sw32: m64n40k32 .e4m3 x .e4m3 -> .f32, A K-major swizzle 32, B K-major
// swizzle 32, scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (1 steps)
__global__ void k_e4m3_e4m3_f32_n40_k_sw32(const unsigned char *A, const unsigned char *B,
                                           const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[4096];
  const unsigned t = threadIdx.x;
  const Layout la{false, 32, 1, 16, 256};
  const Layout lb{false, 32, 1, 16, 256};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 1, 1);
  for (unsigned i = t; i < 40 * 32; i += blockDim.x)
    put(smem, 2048 + lb.at(0, i / 32, i % 32), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[20];
  loadC(d, 40, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 1; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 2048 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %22, 0;\n wgmma.mma_async.sync.aligned.m64n40k32.f32.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19}, %20, %21, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 40, false, D, t);
}

// f16_f32_n16_rega_kb: m64n16k16 .f16 x .f16 -> .f32, A in registers, B K-major swizzle 128,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 64 (4 steps)
__global__ void k_f16_f32_n16_rega_kb(const unsigned char *A, const unsigned char *B,
                                      const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[10240];
  const unsigned t = threadIdx.x;
  const Layout lb{false, 128, 2, 16, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 16 * 64; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 64, i % 64), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[8];
  loadC(d, 16, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    unsigned a[4];
    fragA(a, A, 64, 2, s * 16, t, 0);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %13, 0;\n wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, %12, p, 1, 1, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, false, D, t);
}

// bf16_f32_n8_rega_mnb: m64n8k16 .bf16 x .bf16 -> .f32, A in registers, B MN-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_bf16_f32_n8_rega_mnb(const unsigned char *A, const unsigned char *B,
                                       const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout lb{true, 0, 2, 128, 128};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 8 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4];
  loadC(d, 8, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    unsigned a[4];
    fragA(a, A, 32, 2, s * 16, t, 0);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %9, 0;\n wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p, 1, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, false, D, t);
}

// tf32_f32_n16_rega: m64n16k8 .tf32 x .tf32 -> .f32, A in registers, B K-major swizzle 64, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 16 (2 steps)
__global__ void k_tf32_f32_n16_rega(const unsigned char *A, const unsigned char *B, const float *C,
                                    float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout lb{false, 64, 4, 16, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 16 * 16; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 16, i % 16), B + i * 4, 4);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[8];
  loadC(d, 16, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    unsigned a[4];
    fragA(a, A, 16, 4, s * 8, t, 1);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 8), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %13, 0;\n wgmma.mma_async.sync.aligned.m64n16k8.f32.tf32.tf32 {%0, %1, %2, %3, %4, %5, %6, %7}, {%8, %9, %10, %11}, %12, p, 1, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, false, D, t);
}

// e4m3_e4m3_f16_n16_rega: m64n16k32 .e4m3 x .e4m3 -> .f16, A in registers, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 64 (2 steps)
__global__ void k_e4m3_e4m3_f16_n16_rega(const unsigned char *A, const unsigned char *B,
                                         const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout lb{false, 0, 1, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 16 * 64; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 64, i % 64), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[4];
  loadC(d, 16, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    unsigned a[4];
    fragA(a, A, 64, 1, s * 32, t, 2);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %9, 0;\n wgmma.mma_async.sync.aligned.m64n16k32.f16.e4m3.e4m3 {%0, %1, %2, %3}, {%4, %5, %6, %7}, %8, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "r"(a[0]), "r"(a[1]), "r"(a[2]), "r"(a[3]), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, true, D, t);
}

// f16_f32_n8_scale_d0: m64n8k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0,
// scale-d 0, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n8_scale_d0(const unsigned char *A, const unsigned char *B,
                                      const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 8 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4];
  loadC(d, 8, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %6, 0;\n wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, false, D, t);
}

// f16_f32_n8_neg_a: m64n8k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a -1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n8_neg_a(const unsigned char *A, const unsigned char *B, const float *C,
                                   float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 8 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4];
  loadC(d, 8, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %6, 0;\n wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, p, -1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, false, D, t);
}

// bf16_f32_n8_neg_b: m64n8k16 .bf16 x .bf16 -> .f32, A K-major swizzle 128, B MN-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b -1, tile K 64 (4 steps)
__global__ void k_bf16_f32_n8_neg_b(const unsigned char *A, const unsigned char *B, const float *C,
                                    float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[9216];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 2, 16, 1024};
  const Layout lb{true, 0, 2, 128, 128};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 64; i += blockDim.x)
    put(smem, la.at(0, i / 64, i % 64), A + i * 2, 2);
  for (unsigned i = t; i < 8 * 64; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 64, i % 64), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[4];
  loadC(d, 8, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %6, 0;\n wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, %4, %5, p, 1, -1, 0, 1;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, false, D, t);
}

// f16_f32_n256_k_sw128: m64n256k16 .f16 x .f16 -> .f32, A K-major swizzle 128, B K-major swizzle
// 128, scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 64 (4 steps)
__global__ void k_f16_f32_n256_k_sw128(const unsigned char *A, const unsigned char *B,
                                       const float *C, float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[40960];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 2, 16, 1024};
  const Layout lb{false, 128, 2, 16, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 64; i += blockDim.x)
    put(smem, la.at(0, i / 64, i % 64), A + i * 2, 2);
  for (unsigned i = t; i < 256 * 64; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 64, i % 64), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[128];
  loadC(d, 256, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %130, 0;\n wgmma.mma_async.sync.aligned.m64n256k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123, %124, %125, %126, %127}, %128, %129, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123]), "+f"(d[124]), "+f"(d[125]), "+f"(d[126]), "+f"(d[127])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 256, false, D, t);
}

struct Form {
  const char *name;
  unsigned n, kt;
  const char *at, *bt, *dt;
  int scaleD, negA, negB, regA;
};

const Form kForms[] = {
    {"f16_f32_n8_k_none", 8, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n16_k_sw128", 16, 64, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f16_n32_k_sw64", 32, 32, "f16", "f16", "f16", 1, 0, 0, 0},
    {"bf16_f32_n64_k_sw32", 64, 16, "bf16", "bf16", "f32", 1, 0, 0, 0},
    {"f16_f32_n64_mn_sw128", 64, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"bf16_f32_n16_mn_none", 16, 32, "bf16", "bf16", "f32", 1, 0, 0, 0},
    {"f16_f32_n32_mn_sw64_kb", 32, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"tf32_f32_n24_k_none", 24, 16, "tf32", "tf32", "f32", 1, 0, 0, 0},
    {"tf32_f32_n8_k_sw128", 8, 32, "tf32", "tf32", "f32", 1, 0, 0, 0},
    {"e4m3_e5m2_f32_n16_k_sw128", 16, 128, "e4m3", "e5m2", "f32", 1, 0, 0, 0},
    {"e5m2_e5m2_f16_n8_k_none", 8, 64, "e5m2", "e5m2", "f16", 1, 0, 0, 0},
    {"e4m3_e4m3_f32_n40_k_sw32", 40, 32, "e4m3", "e4m3", "f32", 1, 0, 0, 0},
    {"f16_f32_n16_rega_kb", 16, 64, "f16", "f16", "f32", 1, 0, 0, 1},
    {"bf16_f32_n8_rega_mnb", 8, 32, "bf16", "bf16", "f32", 1, 0, 0, 1},
    {"tf32_f32_n16_rega", 16, 16, "tf32", "tf32", "f32", 1, 0, 0, 1},
    {"e4m3_e4m3_f16_n16_rega", 16, 64, "e4m3", "e4m3", "f16", 1, 0, 0, 1},
    {"f16_f32_n8_scale_d0", 8, 32, "f16", "f16", "f32", 0, 0, 0, 0},
    {"f16_f32_n8_neg_a", 8, 32, "f16", "f16", "f32", 1, 1, 0, 0},
    {"bf16_f32_n8_neg_b", 8, 64, "bf16", "bf16", "f32", 1, 0, 1, 0},
    {"f16_f32_n256_k_sw128", 256, 64, "f16", "f16", "f32", 1, 0, 0, 0},
};

void launch(unsigned form, const unsigned char *a, const unsigned char *b, const float *c, float *d,
            int scaleD) {
  switch (form) {
  case 0:
    k_f16_f32_n8_k_none<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 1:
    k_f16_f32_n16_k_sw128<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 2:
    k_f16_f16_n32_k_sw64<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 3:
    k_bf16_f32_n64_k_sw32<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 4:
    k_f16_f32_n64_mn_sw128<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 5:
    k_bf16_f32_n16_mn_none<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 6:
    k_f16_f32_n32_mn_sw64_kb<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 7:
    k_tf32_f32_n24_k_none<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 8:
    k_tf32_f32_n8_k_sw128<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 9:
    k_e4m3_e5m2_f32_n16_k_sw128<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 10:
    k_e5m2_e5m2_f16_n8_k_none<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 11:
    k_e4m3_e4m3_f32_n40_k_sw32<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 12:
    k_f16_f32_n16_rega_kb<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 13:
    k_bf16_f32_n8_rega_mnb<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 14:
    k_tf32_f32_n16_rega<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 15:
    k_e4m3_e4m3_f16_n16_rega<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 16:
    k_f16_f32_n8_scale_d0<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 17:
    k_f16_f32_n8_neg_a<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 18:
    k_bf16_f32_n8_neg_b<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 19:
    k_f16_f32_n256_k_sw128<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  }
}

// Element bits of a value representable in the type (every value used is).
unsigned encode(double v, const char *type) {
  if (std::strcmp(type, "tf32") == 0) {
    float f = static_cast<float>(v);
    unsigned b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  int ebits, mbits, bias;
  if (std::strcmp(type, "f16") == 0)
    ebits = 5, mbits = 10, bias = 15;
  else if (std::strcmp(type, "bf16") == 0)
    ebits = 8, mbits = 7, bias = 127;
  else if (std::strcmp(type, "e4m3") == 0)
    ebits = 4, mbits = 3, bias = 7;
  else
    ebits = 5, mbits = 2, bias = 15;
  if (v == 0)
    return 0;
  const unsigned sign = v < 0 ? 1u : 0u;
  int e;
  const double f = std::frexp(std::fabs(v), &e); // [0.5, 1)
  const unsigned man = static_cast<unsigned>((f * 2 - 1) * (1 << mbits));
  return (sign << (ebits + mbits)) | (static_cast<unsigned>(e - 1 + bias) << mbits) | man;
}

unsigned bytesOf(const char *type) {
  return std::strcmp(type, "tf32") == 0 ? 4 : (type[0] == 'e' ? 1 : 2);
}

int mantissaBits(const char *type) {
  return std::strcmp(type, "bf16") == 0   ? 7
         : std::strcmp(type, "e4m3") == 0 ? 3
         : std::strcmp(type, "e5m2") == 0 ? 2
                                          : 10;
}
unsigned kBytes(const char *type) {
  return std::strcmp(type, "tf32") == 0 ? 8 : type[0] == 'e' ? 32 : 16;
}

// Pass 3: values of the type's full precision, +-(1 + j / 2^mbits) * 2^e
// with e in [-3, 1], from a hash of the position (exact in the type).
double randomValue(unsigned seed, unsigned i, unsigned k, const char *type) {
  unsigned h = (i * 2654435761u) ^ (k * 40503u + seed * 97u);
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  const int mbits = mantissaBits(type);
  const double frac = 1.0 + static_cast<double>(h % (1u << mbits)) / (1u << mbits);
  return ((h >> 31) != 0 ? -1.0 : 1.0) * std::ldexp(frac, static_cast<int>((h >> 20) % 5) - 3);
}

double valueA(int pass, unsigned i, unsigned k, const char *type) {
  if (pass == 0)
    return static_cast<int>((i * 7 + k * 3) % 9) - 4;
  if (pass == 1)
    return (static_cast<int>((i * 13 + k * 7) % 17) - 8) / 8.0;
  return randomValue(1, i, k, type);
}
double valueB(int pass, unsigned n, unsigned k, const char *type) {
  if (pass == 0)
    return static_cast<int>((k * 5 + n * 11) % 7) - 3;
  if (pass == 1)
    return (static_cast<int>((k * 3 + n * 5) % 15) - 7) / 8.0;
  return randomValue(2, n, k, type);
}
double valueC(unsigned i, unsigned j) { return static_cast<int>((i + j) % 5) - 2; }

int main() {
  int failures = 0;
  for (const Form &f : kForms)
    for (int pass = 0; pass < PASSES; ++pass) {
      const unsigned m = 64, n = f.n, kt = f.kt;
      const unsigned ea = bytesOf(f.at), eb = bytesOf(f.bt);
      std::vector<unsigned char> a(m * kt * ea), b(n * kt * eb);
      std::vector<float> c(m * n), d(m * n, 0.0f);
      for (unsigned i = 0; i < m; ++i)
        for (unsigned k = 0; k < kt; ++k) {
          const unsigned bits = encode(valueA(pass, i, k, f.at), f.at);
          std::memcpy(&a[(i * kt + k) * ea], &bits, ea);
        }
      for (unsigned j = 0; j < n; ++j)
        for (unsigned k = 0; k < kt; ++k) {
          const unsigned bits = encode(valueB(pass, j, k, f.bt), f.bt);
          std::memcpy(&b[(j * kt + k) * eb], &bits, eb);
        }
      for (unsigned i = 0; i < m; ++i)
        for (unsigned j = 0; j < n; ++j)
          c[i * n + j] = static_cast<float>(valueC(i, j));
      unsigned char *da, *db;
      float *dc, *dd;
      cudaMalloc(&da, a.size());
      cudaMalloc(&db, b.size());
      cudaMalloc(&dc, c.size() * 4);
      cudaMalloc(&dd, d.size() * 4);
      cudaMemcpy(da, a.data(), a.size(), cudaMemcpyHostToDevice);
      cudaMemcpy(db, b.data(), b.size(), cudaMemcpyHostToDevice);
      cudaMemcpy(dc, c.data(), c.size() * 4, cudaMemcpyHostToDevice);
      launch(static_cast<unsigned>(&f - kForms), da, db, dc, dd, f.scaleD);
      const cudaError_t err = cudaDeviceSynchronize();
      cudaMemcpy(d.data(), dd, d.size() * 4, cudaMemcpyDeviceToHost);
      cudaFree(da);
      cudaFree(db);
      cudaFree(dc);
      cudaFree(dd);
      double worst = 0, sum = 0, relative = 0;
      for (unsigned i = 0; i < m; ++i)
        for (unsigned j = 0; j < n; ++j) {
          double ref = f.scaleD ? valueC(i, j) : 0.0, scale = std::fabs(ref);
          for (unsigned k = 0; k < kt; ++k) {
            const double p = valueA(pass, i, k, f.at) * valueB(pass, j, k, f.bt);
            ref += (f.negA ? -1 : 1) * (f.negB ? -1 : 1) * p;
            scale += std::fabs(p);
          }
          worst = std::fmax(worst, std::fabs(ref - d[i * n + j]));
          if (scale > 0)
            relative = std::fmax(relative, std::fabs(ref - d[i * n + j]) / scale);
          sum += d[i * n + j] * (1 + (i * n + j) % 7);
        }
      // Passes 1 and 2: exact (every integer sum, every .f32 one of
      // eighths). Pass 3: |d - ref| <= tol * (|c| + sum |a b|) per chained
      // instruction: 2^-20 for .f32 results, 2^-9 for .f16, 2^-7 with 8-bit
      // inputs (the H100 keeps fewer bits when it sums their products).
      const double steps = static_cast<double>(kt) / kBytes(f.at);
      const double tol = steps * (f.at[0] == 'e'                  ? std::ldexp(1.0, -7)
                                  : std::strcmp(f.dt, "f16") == 0 ? std::ldexp(1.0, -9)
                                                                  : std::ldexp(1.0, -20));
      const bool exact = pass == 0 || (pass == 1 && std::strcmp(f.dt, "f32") == 0);
      const bool ok = err == cudaSuccess && (exact       ? worst == 0
                                             : pass == 1 ? worst <= 0.5
                                                         : relative <= tol);
      failures += ok ? 0 : 1;
      std::printf(
          "%-28s pass %d: %s max|d-ref| %.9g checksum %.9g d[0] %.9g d[%u] %.9g d[last] %.9g\n",
          f.name, pass + 1, ok ? "ok" : "WRONG", worst, sum, d[0], n + 1, d[n + 1], d[m * n - 1]);
      if (pass == 2)
        std::printf("%-28s pass 3: max |d-ref| / (|c| + sum |ab|) %.9g (bound %.9g)\n", f.name,
                    relative, tol);
    }
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
