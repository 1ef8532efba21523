// Every N of wgmma.mma_async.m64nNk* (8, 16, ..., 256) in two forms (written
// by tests/runtime/wgmma_forms_gen.py shapes): .f16 x .f16 -> .f32 (K-major,
// no swizzle) and .e4m3 x .e4m3 -> .f16 (A 128-byte swizzled, B not), so
// that the accumulator fragment (N/2 registers, or N/4 packed pairs) is
// exercised at every width. As wgmma_forms.cu, one pass on small integers
// (exact), self-checked, each result's checksum printed for the H100.

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

constexpr int PASSES = 1;
// f16_f32_n8: m64n8k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n8(const unsigned char *A, const unsigned char *B, const float *C,
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

// f16_f32_n16: m64n16k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n16(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[5120];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
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
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %10, 0;\n wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, false, D, t);
}

// f16_f32_n24: m64n24k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n24(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[6144];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 24 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[12];
  loadC(d, 24, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %14, 0;\n wgmma.mma_async.sync.aligned.m64n24k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11}, %12, %13, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 24, false, D, t);
}

// f16_f32_n32: m64n32k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n32(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[6144];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
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
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %18, 0;\n wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, %16, %17, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 32, false, D, t);
}

// f16_f32_n40: m64n40k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n40(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[7168];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 40 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[20];
  loadC(d, 40, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %22, 0;\n wgmma.mma_async.sync.aligned.m64n40k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19}, %20, %21, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 40, false, D, t);
}

// f16_f32_n48: m64n48k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n48(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[7168];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 48 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[24];
  loadC(d, 48, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %26, 0;\n wgmma.mma_async.sync.aligned.m64n48k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23}, %24, %25, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 48, false, D, t);
}

// f16_f32_n56: m64n56k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n56(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[8192];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 56 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[28];
  loadC(d, 56, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %30, 0;\n wgmma.mma_async.sync.aligned.m64n56k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27}, %28, %29, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 56, false, D, t);
}

// f16_f32_n64: m64n64k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n64(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[8192];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
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
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %34, 0;\n wgmma.mma_async.sync.aligned.m64n64k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 64, false, D, t);
}

// f16_f32_n72: m64n72k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n72(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[9216];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 72 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[36];
  loadC(d, 72, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %38, 0;\n wgmma.mma_async.sync.aligned.m64n72k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35}, %36, %37, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 72, false, D, t);
}

// f16_f32_n80: m64n80k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n80(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[9216];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 80 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[40];
  loadC(d, 80, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %42, 0;\n wgmma.mma_async.sync.aligned.m64n80k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39}, %40, %41, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 80, false, D, t);
}

// f16_f32_n88: m64n88k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n88(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[10240];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 88 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[44];
  loadC(d, 88, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %46, 0;\n wgmma.mma_async.sync.aligned.m64n88k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43}, %44, %45, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 88, false, D, t);
}

// f16_f32_n96: m64n96k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d 1,
// imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n96(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[10240];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 96 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[48];
  loadC(d, 96, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %50, 0;\n wgmma.mma_async.sync.aligned.m64n96k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47}, %48, %49, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 96, false, D, t);
}

// f16_f32_n104: m64n104k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n104(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[11264];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 104 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[52];
  loadC(d, 104, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %54, 0;\n wgmma.mma_async.sync.aligned.m64n104k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51}, %52, %53, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 104, false, D, t);
}

// f16_f32_n112: m64n112k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n112(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[11264];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 112 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[56];
  loadC(d, 112, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %58, 0;\n wgmma.mma_async.sync.aligned.m64n112k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55}, %56, %57, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 112, false, D, t);
}

// f16_f32_n120: m64n120k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n120(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[12288];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 120 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[60];
  loadC(d, 120, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %62, 0;\n wgmma.mma_async.sync.aligned.m64n120k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59}, %60, %61, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 120, false, D, t);
}

// f16_f32_n128: m64n128k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n128(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[12288];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 128 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[64];
  loadC(d, 128, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %66, 0;\n wgmma.mma_async.sync.aligned.m64n128k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 128, false, D, t);
}

// f16_f32_n136: m64n136k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n136(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[13312];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 136 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[68];
  loadC(d, 136, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %70, 0;\n wgmma.mma_async.sync.aligned.m64n136k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67}, %68, %69, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 136, false, D, t);
}

// f16_f32_n144: m64n144k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n144(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[13312];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 144 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[72];
  loadC(d, 144, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %74, 0;\n wgmma.mma_async.sync.aligned.m64n144k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71}, %72, %73, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 144, false, D, t);
}

// f16_f32_n152: m64n152k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n152(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[14336];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 152 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[76];
  loadC(d, 152, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %78, 0;\n wgmma.mma_async.sync.aligned.m64n152k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75}, %76, %77, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 152, false, D, t);
}

// f16_f32_n160: m64n160k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n160(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[14336];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 160 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[80];
  loadC(d, 160, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %82, 0;\n wgmma.mma_async.sync.aligned.m64n160k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79}, %80, %81, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 160, false, D, t);
}

// f16_f32_n168: m64n168k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n168(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[15360];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 168 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[84];
  loadC(d, 168, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %86, 0;\n wgmma.mma_async.sync.aligned.m64n168k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83}, %84, %85, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 168, false, D, t);
}

// f16_f32_n176: m64n176k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n176(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[15360];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 176 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[88];
  loadC(d, 176, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %90, 0;\n wgmma.mma_async.sync.aligned.m64n176k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87}, %88, %89, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 176, false, D, t);
}

// f16_f32_n184: m64n184k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n184(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[16384];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 184 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[92];
  loadC(d, 184, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %94, 0;\n wgmma.mma_async.sync.aligned.m64n184k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91}, %92, %93, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 184, false, D, t);
}

// f16_f32_n192: m64n192k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n192(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[16384];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 192 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[96];
  loadC(d, 192, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %98, 0;\n wgmma.mma_async.sync.aligned.m64n192k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95}, %96, %97, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 192, false, D, t);
}

// f16_f32_n200: m64n200k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n200(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[17408];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 200 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[100];
  loadC(d, 200, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %102, 0;\n wgmma.mma_async.sync.aligned.m64n200k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99}, %100, %101, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 200, false, D, t);
}

// f16_f32_n208: m64n208k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n208(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[17408];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 208 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[104];
  loadC(d, 208, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %106, 0;\n wgmma.mma_async.sync.aligned.m64n208k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103}, %104, %105, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 208, false, D, t);
}

// f16_f32_n216: m64n216k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n216(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[18432];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 216 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[108];
  loadC(d, 216, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %110, 0;\n wgmma.mma_async.sync.aligned.m64n216k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107}, %108, %109, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 216, false, D, t);
}

// f16_f32_n224: m64n224k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n224(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[18432];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 224 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[112];
  loadC(d, 224, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %114, 0;\n wgmma.mma_async.sync.aligned.m64n224k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111}, %112, %113, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 224, false, D, t);
}

// f16_f32_n232: m64n232k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n232(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[19456];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 232 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[116];
  loadC(d, 232, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %118, 0;\n wgmma.mma_async.sync.aligned.m64n232k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115}, %116, %117, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 232, false, D, t);
}

// f16_f32_n240: m64n240k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n240(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[19456];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 240 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[120];
  loadC(d, 240, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %122, 0;\n wgmma.mma_async.sync.aligned.m64n240k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119}, %120, %121, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 240, false, D, t);
}

// f16_f32_n248: m64n248k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n248(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[20480];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 248 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[124];
  loadC(d, 248, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %126, 0;\n wgmma.mma_async.sync.aligned.m64n248k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63, %64, %65, %66, %67, %68, %69, %70, %71, %72, %73, %74, %75, %76, %77, %78, %79, %80, %81, %82, %83, %84, %85, %86, %87, %88, %89, %90, %91, %92, %93, %94, %95, %96, %97, %98, %99, %100, %101, %102, %103, %104, %105, %106, %107, %108, %109, %110, %111, %112, %113, %114, %115, %116, %117, %118, %119, %120, %121, %122, %123}, %124, %125, p, 1, 1, 0, 0;\n}\n"
                 : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]), "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]), "+f"(d[13]), "+f"(d[14]), "+f"(d[15]), "+f"(d[16]), "+f"(d[17]), "+f"(d[18]), "+f"(d[19]), "+f"(d[20]), "+f"(d[21]), "+f"(d[22]), "+f"(d[23]), "+f"(d[24]), "+f"(d[25]), "+f"(d[26]), "+f"(d[27]), "+f"(d[28]), "+f"(d[29]), "+f"(d[30]), "+f"(d[31]), "+f"(d[32]), "+f"(d[33]), "+f"(d[34]), "+f"(d[35]), "+f"(d[36]), "+f"(d[37]), "+f"(d[38]), "+f"(d[39]), "+f"(d[40]), "+f"(d[41]), "+f"(d[42]), "+f"(d[43]), "+f"(d[44]), "+f"(d[45]), "+f"(d[46]), "+f"(d[47]), "+f"(d[48]), "+f"(d[49]), "+f"(d[50]), "+f"(d[51]), "+f"(d[52]), "+f"(d[53]), "+f"(d[54]), "+f"(d[55]), "+f"(d[56]), "+f"(d[57]), "+f"(d[58]), "+f"(d[59]), "+f"(d[60]), "+f"(d[61]), "+f"(d[62]), "+f"(d[63]), "+f"(d[64]), "+f"(d[65]), "+f"(d[66]), "+f"(d[67]), "+f"(d[68]), "+f"(d[69]), "+f"(d[70]), "+f"(d[71]), "+f"(d[72]), "+f"(d[73]), "+f"(d[74]), "+f"(d[75]), "+f"(d[76]), "+f"(d[77]), "+f"(d[78]), "+f"(d[79]), "+f"(d[80]), "+f"(d[81]), "+f"(d[82]), "+f"(d[83]), "+f"(d[84]), "+f"(d[85]), "+f"(d[86]), "+f"(d[87]), "+f"(d[88]), "+f"(d[89]), "+f"(d[90]), "+f"(d[91]), "+f"(d[92]), "+f"(d[93]), "+f"(d[94]), "+f"(d[95]), "+f"(d[96]), "+f"(d[97]), "+f"(d[98]), "+f"(d[99]), "+f"(d[100]), "+f"(d[101]), "+f"(d[102]), "+f"(d[103]), "+f"(d[104]), "+f"(d[105]), "+f"(d[106]), "+f"(d[107]), "+f"(d[108]), "+f"(d[109]), "+f"(d[110]), "+f"(d[111]), "+f"(d[112]), "+f"(d[113]), "+f"(d[114]), "+f"(d[115]), "+f"(d[116]), "+f"(d[117]), "+f"(d[118]), "+f"(d[119]), "+f"(d[120]), "+f"(d[121]), "+f"(d[122]), "+f"(d[123])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 248, false, D, t);
}

// f16_f32_n256: m64n256k16 .f16 x .f16 -> .f32, A K-major swizzle 0, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 32 (2 steps)
__global__ void k_f16_f32_n256(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[20480];
  const unsigned t = threadIdx.x;
  const Layout la{false, 0, 2, 128, 512};
  const Layout lb{false, 0, 2, 128, 512};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 32; i += blockDim.x)
    put(smem, la.at(0, i / 32, i % 32), A + i * 2, 2);
  for (unsigned i = t; i < 256 * 32; i += blockDim.x)
    put(smem, 4096 + lb.at(0, i / 32, i % 32), B + i * 2, 2);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  float d[128];
  loadC(d, 256, false, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 2; ++s) {
    const unsigned long long da = desc(base + la.step(s * 16), la);
    const unsigned long long db = desc(base + 4096 + lb.step(s * 16), lb);
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

// e4m3_f16_n8: m64n8k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0, scale-d
// 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n8(const unsigned char *A, const unsigned char *B, const float *C,
                              float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[9216];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 8 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[2];
  loadC(d, 8, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %4, 0;\n wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e4m3 {%0, %1}, %2, %3, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 8, true, D, t);
}

// e4m3_f16_n16: m64n16k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n16(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[10240];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 16 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[4];
  loadC(d, 16, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %6, 0;\n wgmma.mma_async.sync.aligned.m64n16k32.f16.e4m3.e4m3 {%0, %1, %2, %3}, %4, %5, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 16, true, D, t);
}

// e4m3_f16_n24: m64n24k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n24(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[11264];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 24 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[6];
  loadC(d, 24, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %8, 0;\n wgmma.mma_async.sync.aligned.m64n24k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5}, %6, %7, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 24, true, D, t);
}

// e4m3_f16_n32: m64n32k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n32(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[12288];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 32 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[8];
  loadC(d, 32, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %10, 0;\n wgmma.mma_async.sync.aligned.m64n32k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7}, %8, %9, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 32, true, D, t);
}

// e4m3_f16_n40: m64n40k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n40(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[13312];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 40 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[10];
  loadC(d, 40, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %12, 0;\n wgmma.mma_async.sync.aligned.m64n40k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9}, %10, %11, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 40, true, D, t);
}

// e4m3_f16_n48: m64n48k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n48(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[14336];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 48 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[12];
  loadC(d, 48, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %14, 0;\n wgmma.mma_async.sync.aligned.m64n48k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11}, %12, %13, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 48, true, D, t);
}

// e4m3_f16_n56: m64n56k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n56(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[15360];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 56 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[14];
  loadC(d, 56, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %16, 0;\n wgmma.mma_async.sync.aligned.m64n56k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13}, %14, %15, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 56, true, D, t);
}

// e4m3_f16_n64: m64n64k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n64(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[16384];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[16];
  loadC(d, 64, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %18, 0;\n wgmma.mma_async.sync.aligned.m64n64k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, %16, %17, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 64, true, D, t);
}

// e4m3_f16_n72: m64n72k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n72(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[17408];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 72 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[18];
  loadC(d, 72, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %20, 0;\n wgmma.mma_async.sync.aligned.m64n72k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17}, %18, %19, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 72, true, D, t);
}

// e4m3_f16_n80: m64n80k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n80(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[18432];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 80 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[20];
  loadC(d, 80, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %22, 0;\n wgmma.mma_async.sync.aligned.m64n80k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19}, %20, %21, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 80, true, D, t);
}

// e4m3_f16_n88: m64n88k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n88(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[19456];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 88 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[22];
  loadC(d, 88, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %24, 0;\n wgmma.mma_async.sync.aligned.m64n88k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21}, %22, %23, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 88, true, D, t);
}

// e4m3_f16_n96: m64n96k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n96(const unsigned char *A, const unsigned char *B, const float *C,
                               float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[20480];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 96 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[24];
  loadC(d, 96, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %26, 0;\n wgmma.mma_async.sync.aligned.m64n96k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23}, %24, %25, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 96, true, D, t);
}

// e4m3_f16_n104: m64n104k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n104(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[21504];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 104 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[26];
  loadC(d, 104, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %28, 0;\n wgmma.mma_async.sync.aligned.m64n104k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25}, %26, %27, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 104, true, D, t);
}

// e4m3_f16_n112: m64n112k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n112(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[22528];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 112 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[28];
  loadC(d, 112, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %30, 0;\n wgmma.mma_async.sync.aligned.m64n112k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27}, %28, %29, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 112, true, D, t);
}

// e4m3_f16_n120: m64n120k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n120(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[23552];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 120 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[30];
  loadC(d, 120, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %32, 0;\n wgmma.mma_async.sync.aligned.m64n120k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29}, %30, %31, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 120, true, D, t);
}

// e4m3_f16_n128: m64n128k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n128(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[24576];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 128 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[32];
  loadC(d, 128, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %34, 0;\n wgmma.mma_async.sync.aligned.m64n128k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31}, %32, %33, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 128, true, D, t);
}

// e4m3_f16_n136: m64n136k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n136(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[25600];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 136 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[34];
  loadC(d, 136, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %36, 0;\n wgmma.mma_async.sync.aligned.m64n136k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33}, %34, %35, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 136, true, D, t);
}

// e4m3_f16_n144: m64n144k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n144(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[26624];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 144 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[36];
  loadC(d, 144, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %38, 0;\n wgmma.mma_async.sync.aligned.m64n144k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35}, %36, %37, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 144, true, D, t);
}

// e4m3_f16_n152: m64n152k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n152(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[27648];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 152 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[38];
  loadC(d, 152, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %40, 0;\n wgmma.mma_async.sync.aligned.m64n152k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37}, %38, %39, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 152, true, D, t);
}

// e4m3_f16_n160: m64n160k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n160(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[28672];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 160 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[40];
  loadC(d, 160, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %42, 0;\n wgmma.mma_async.sync.aligned.m64n160k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39}, %40, %41, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 160, true, D, t);
}

// e4m3_f16_n168: m64n168k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n168(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[29696];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 168 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[42];
  loadC(d, 168, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %44, 0;\n wgmma.mma_async.sync.aligned.m64n168k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41}, %42, %43, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 168, true, D, t);
}

// e4m3_f16_n176: m64n176k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n176(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[30720];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 176 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[44];
  loadC(d, 176, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %46, 0;\n wgmma.mma_async.sync.aligned.m64n176k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43}, %44, %45, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 176, true, D, t);
}

// e4m3_f16_n184: m64n184k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n184(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[31744];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 184 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[46];
  loadC(d, 184, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %48, 0;\n wgmma.mma_async.sync.aligned.m64n184k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45}, %46, %47, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 184, true, D, t);
}

// e4m3_f16_n192: m64n192k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n192(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[32768];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 192 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[48];
  loadC(d, 192, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %50, 0;\n wgmma.mma_async.sync.aligned.m64n192k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47}, %48, %49, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 192, true, D, t);
}

// e4m3_f16_n200: m64n200k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n200(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[33792];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 200 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[50];
  loadC(d, 200, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %52, 0;\n wgmma.mma_async.sync.aligned.m64n200k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49}, %50, %51, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 200, true, D, t);
}

// e4m3_f16_n208: m64n208k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n208(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[34816];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 208 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[52];
  loadC(d, 208, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %54, 0;\n wgmma.mma_async.sync.aligned.m64n208k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51}, %52, %53, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 208, true, D, t);
}

// e4m3_f16_n216: m64n216k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n216(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[35840];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 216 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[54];
  loadC(d, 216, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %56, 0;\n wgmma.mma_async.sync.aligned.m64n216k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53}, %54, %55, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 216, true, D, t);
}

// e4m3_f16_n224: m64n224k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n224(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[36864];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 224 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[56];
  loadC(d, 224, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %58, 0;\n wgmma.mma_async.sync.aligned.m64n224k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55}, %56, %57, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 224, true, D, t);
}

// e4m3_f16_n232: m64n232k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n232(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[37888];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 232 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[58];
  loadC(d, 232, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %60, 0;\n wgmma.mma_async.sync.aligned.m64n232k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57}, %58, %59, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55]), "+r"(d[56]), "+r"(d[57])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 232, true, D, t);
}

// e4m3_f16_n240: m64n240k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n240(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[38912];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 240 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[60];
  loadC(d, 240, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %62, 0;\n wgmma.mma_async.sync.aligned.m64n240k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59}, %60, %61, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55]), "+r"(d[56]), "+r"(d[57]), "+r"(d[58]), "+r"(d[59])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 240, true, D, t);
}

// e4m3_f16_n248: m64n248k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n248(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[39936];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 248 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[62];
  loadC(d, 248, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %64, 0;\n wgmma.mma_async.sync.aligned.m64n248k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61}, %62, %63, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55]), "+r"(d[56]), "+r"(d[57]), "+r"(d[58]), "+r"(d[59]), "+r"(d[60]), "+r"(d[61])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 248, true, D, t);
}

// e4m3_f16_n256: m64n256k32 .e4m3 x .e4m3 -> .f16, A K-major swizzle 128, B K-major swizzle 0,
// scale-d 1, imm-scale-a 1, imm-scale-b 1, tile K 128 (4 steps)
__global__ void k_e4m3_f16_n256(const unsigned char *A, const unsigned char *B, const float *C,
                                float *D, int scaleD) {
  __shared__ alignas(1024) unsigned char smem[40960];
  const unsigned t = threadIdx.x;
  const Layout la{false, 128, 1, 16, 1024};
  const Layout lb{false, 0, 1, 128, 1024};
  const unsigned base = smemAddr(smem);
  for (unsigned i = t; i < 64 * 128; i += blockDim.x)
    put(smem, la.at(0, i / 128, i % 128), A + i * 1, 1);
  for (unsigned i = t; i < 256 * 128; i += blockDim.x)
    put(smem, 8192 + lb.at(0, i / 128, i % 128), B + i * 1, 1);
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  unsigned d[64];
  loadC(d, 256, true, C, t);
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  for (unsigned s = 0; s < 4; ++s) {
    const unsigned long long da = desc(base + la.step(s * 32), la);
    const unsigned long long db = desc(base + 8192 + lb.step(s * 32), lb);
    // clang-format off
    asm volatile("{\n .reg .pred p;\n setp.ne.b32 p, %66, 0;\n wgmma.mma_async.sync.aligned.m64n256k32.f16.e4m3.e4m3 {%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15, %16, %17, %18, %19, %20, %21, %22, %23, %24, %25, %26, %27, %28, %29, %30, %31, %32, %33, %34, %35, %36, %37, %38, %39, %40, %41, %42, %43, %44, %45, %46, %47, %48, %49, %50, %51, %52, %53, %54, %55, %56, %57, %58, %59, %60, %61, %62, %63}, %64, %65, p, 1, 1;\n}\n"
                 : "+r"(d[0]), "+r"(d[1]), "+r"(d[2]), "+r"(d[3]), "+r"(d[4]), "+r"(d[5]), "+r"(d[6]), "+r"(d[7]), "+r"(d[8]), "+r"(d[9]), "+r"(d[10]), "+r"(d[11]), "+r"(d[12]), "+r"(d[13]), "+r"(d[14]), "+r"(d[15]), "+r"(d[16]), "+r"(d[17]), "+r"(d[18]), "+r"(d[19]), "+r"(d[20]), "+r"(d[21]), "+r"(d[22]), "+r"(d[23]), "+r"(d[24]), "+r"(d[25]), "+r"(d[26]), "+r"(d[27]), "+r"(d[28]), "+r"(d[29]), "+r"(d[30]), "+r"(d[31]), "+r"(d[32]), "+r"(d[33]), "+r"(d[34]), "+r"(d[35]), "+r"(d[36]), "+r"(d[37]), "+r"(d[38]), "+r"(d[39]), "+r"(d[40]), "+r"(d[41]), "+r"(d[42]), "+r"(d[43]), "+r"(d[44]), "+r"(d[45]), "+r"(d[46]), "+r"(d[47]), "+r"(d[48]), "+r"(d[49]), "+r"(d[50]), "+r"(d[51]), "+r"(d[52]), "+r"(d[53]), "+r"(d[54]), "+r"(d[55]), "+r"(d[56]), "+r"(d[57]), "+r"(d[58]), "+r"(d[59]), "+r"(d[60]), "+r"(d[61]), "+r"(d[62]), "+r"(d[63])
                 : "l"(da), "l"(db), "r"(s == 0 ? scaleD : 1) : "memory");
    // clang-format on
  }
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  storeD(d, 256, true, D, t);
}

struct Form {
  const char *name;
  unsigned n, kt;
  const char *at, *bt, *dt;
  int scaleD, negA, negB, regA;
};

const Form kForms[] = {
    {"f16_f32_n8", 8, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n16", 16, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n24", 24, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n32", 32, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n40", 40, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n48", 48, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n56", 56, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n64", 64, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n72", 72, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n80", 80, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n88", 88, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n96", 96, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n104", 104, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n112", 112, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n120", 120, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n128", 128, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n136", 136, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n144", 144, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n152", 152, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n160", 160, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n168", 168, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n176", 176, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n184", 184, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n192", 192, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n200", 200, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n208", 208, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n216", 216, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n224", 224, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n232", 232, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n240", 240, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n248", 248, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"f16_f32_n256", 256, 32, "f16", "f16", "f32", 1, 0, 0, 0},
    {"e4m3_f16_n8", 8, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n16", 16, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n24", 24, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n32", 32, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n40", 40, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n48", 48, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n56", 56, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n64", 64, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n72", 72, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n80", 80, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n88", 88, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n96", 96, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n104", 104, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n112", 112, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n120", 120, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n128", 128, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n136", 136, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n144", 144, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n152", 152, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n160", 160, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n168", 168, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n176", 176, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n184", 184, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n192", 192, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n200", 200, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n208", 208, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n216", 216, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n224", 224, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n232", 232, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n240", 240, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n248", 248, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
    {"e4m3_f16_n256", 256, 128, "e4m3", "e4m3", "f16", 1, 0, 0, 0},
};

void launch(unsigned form, const unsigned char *a, const unsigned char *b, const float *c, float *d,
            int scaleD) {
  switch (form) {
  case 0:
    k_f16_f32_n8<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 1:
    k_f16_f32_n16<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 2:
    k_f16_f32_n24<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 3:
    k_f16_f32_n32<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 4:
    k_f16_f32_n40<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 5:
    k_f16_f32_n48<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 6:
    k_f16_f32_n56<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 7:
    k_f16_f32_n64<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 8:
    k_f16_f32_n72<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 9:
    k_f16_f32_n80<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 10:
    k_f16_f32_n88<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 11:
    k_f16_f32_n96<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 12:
    k_f16_f32_n104<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 13:
    k_f16_f32_n112<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 14:
    k_f16_f32_n120<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 15:
    k_f16_f32_n128<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 16:
    k_f16_f32_n136<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 17:
    k_f16_f32_n144<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 18:
    k_f16_f32_n152<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 19:
    k_f16_f32_n160<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 20:
    k_f16_f32_n168<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 21:
    k_f16_f32_n176<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 22:
    k_f16_f32_n184<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 23:
    k_f16_f32_n192<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 24:
    k_f16_f32_n200<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 25:
    k_f16_f32_n208<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 26:
    k_f16_f32_n216<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 27:
    k_f16_f32_n224<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 28:
    k_f16_f32_n232<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 29:
    k_f16_f32_n240<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 30:
    k_f16_f32_n248<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 31:
    k_f16_f32_n256<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 32:
    k_e4m3_f16_n8<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 33:
    k_e4m3_f16_n16<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 34:
    k_e4m3_f16_n24<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 35:
    k_e4m3_f16_n32<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 36:
    k_e4m3_f16_n40<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 37:
    k_e4m3_f16_n48<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 38:
    k_e4m3_f16_n56<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 39:
    k_e4m3_f16_n64<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 40:
    k_e4m3_f16_n72<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 41:
    k_e4m3_f16_n80<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 42:
    k_e4m3_f16_n88<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 43:
    k_e4m3_f16_n96<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 44:
    k_e4m3_f16_n104<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 45:
    k_e4m3_f16_n112<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 46:
    k_e4m3_f16_n120<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 47:
    k_e4m3_f16_n128<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 48:
    k_e4m3_f16_n136<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 49:
    k_e4m3_f16_n144<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 50:
    k_e4m3_f16_n152<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 51:
    k_e4m3_f16_n160<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 52:
    k_e4m3_f16_n168<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 53:
    k_e4m3_f16_n176<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 54:
    k_e4m3_f16_n184<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 55:
    k_e4m3_f16_n192<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 56:
    k_e4m3_f16_n200<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 57:
    k_e4m3_f16_n208<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 58:
    k_e4m3_f16_n216<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 59:
    k_e4m3_f16_n224<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 60:
    k_e4m3_f16_n232<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 61:
    k_e4m3_f16_n240<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 62:
    k_e4m3_f16_n248<<<1, 128>>>(a, b, c, d, scaleD);
    break;
  case 63:
    k_e4m3_f16_n256<<<1, 128>>>(a, b, c, d, scaleD);
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
