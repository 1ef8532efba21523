#!/usr/bin/env python3
"""Writes tests/runtime/wgmma_forms.cu: one kernel per wgmma.mma_async form
(shape, input and accumulator types, A from shared memory or registers,
layouts and swizzles, scale-d, negation, transposes); with the argument
`shapes`, tests/runtime/wgmma_shapes.cu: every N (8..256) of the f16 -> f32
and e4m3 -> f16 forms. Each asm statement is written out in full (warpsim
refuses inline PTX written by macros).
Run: python3 tests/runtime/wgmma_forms_gen.py > tests/runtime/wgmma_forms.cu
     python3 tests/runtime/wgmma_forms_gen.py shapes > tests/runtime/wgmma_shapes.cu
then clang-format -i both."""

# name, n, atype, btype, dtype, A in registers, layout A, layout B,
# scale-d, imm-scale-a, imm-scale-b
# layout: (major, swizzle): major 'K' or 'MN' (transposed, 16-bit types only)
FORMS = [
    ("f16_f32_n8_k_none", 8, "f16", "f16", "f32", False, ("K", 0), ("K", 0), 1, 1, 1),
    ("f16_f32_n16_k_sw128", 16, "f16", "f16", "f32", False, ("K", 128), ("K", 128), 1, 1, 1),
    ("f16_f16_n32_k_sw64", 32, "f16", "f16", "f16", False, ("K", 64), ("K", 64), 1, 1, 1),
    ("bf16_f32_n64_k_sw32", 64, "bf16", "bf16", "f32", False, ("K", 32), ("K", 32), 1, 1, 1),
    ("f16_f32_n64_mn_sw128", 64, "f16", "f16", "f32", False, ("MN", 128), ("MN", 128), 1, 1, 1),
    ("bf16_f32_n16_mn_none", 16, "bf16", "bf16", "f32", False, ("MN", 0), ("MN", 0), 1, 1, 1),
    ("f16_f32_n32_mn_sw64_kb", 32, "f16", "f16", "f32", False, ("MN", 64), ("K", 0), 1, 1, 1),
    ("tf32_f32_n24_k_none", 24, "tf32", "tf32", "f32", False, ("K", 0), ("K", 0), 1, 1, 1),
    ("tf32_f32_n8_k_sw128", 8, "tf32", "tf32", "f32", False, ("K", 128), ("K", 128), 1, 1, 1),
    ("e4m3_e5m2_f32_n16_k_sw128", 16, "e4m3", "e5m2", "f32", False, ("K", 128), ("K", 128), 1, 1, 1),
    ("e5m2_e5m2_f16_n8_k_none", 8, "e5m2", "e5m2", "f16", False, ("K", 0), ("K", 0), 1, 1, 1),
    ("e4m3_e4m3_f32_n40_k_sw32", 40, "e4m3", "e4m3", "f32", False, ("K", 32), ("K", 32), 1, 1, 1),
    ("f16_f32_n16_rega_kb", 16, "f16", "f16", "f32", True, None, ("K", 128), 1, 1, 1),
    ("bf16_f32_n8_rega_mnb", 8, "bf16", "bf16", "f32", True, None, ("MN", 0), 1, 1, 1),
    ("tf32_f32_n16_rega", 16, "tf32", "tf32", "f32", True, None, ("K", 64), 1, 1, 1),
    ("e4m3_e4m3_f16_n16_rega", 16, "e4m3", "e4m3", "f16", True, None, ("K", 0), 1, 1, 1),
    ("f16_f32_n8_scale_d0", 8, "f16", "f16", "f32", False, ("K", 0), ("K", 0), 0, 1, 1),
    ("f16_f32_n8_neg_a", 8, "f16", "f16", "f32", False, ("K", 0), ("K", 0), 1, -1, 1),
    ("bf16_f32_n8_neg_b", 8, "bf16", "bf16", "f32", False, ("K", 128), ("MN", 0), 1, 1, -1),
    ("f16_f32_n256_k_sw128", 256, "f16", "f16", "f32", False, ("K", 128), ("K", 128), 1, 1, 1),
]

EB = {"f16": 2, "bf16": 2, "tf32": 4, "e4m3": 1, "e5m2": 1}
KOF = {"f16": 16, "bf16": 16, "tf32": 8, "e4m3": 32, "e5m2": 32}
SWZ = {0: 0, 128: 1, 64: 2, 32: 3}


def layout(major, swz, eb, mnext, kext):
    """(lbo, sbo) for a tile of mnext x kext elements laid out canonically."""
    t = 16 // eb
    if major == "K":
        if swz == 0:
            return 128, 128 * (kext * eb // 16)  # K-chunks adjacent, 8-row groups after
        return 16, 8 * swz  # rows of swz bytes; LBO unused
    if swz == 0:
        return 128 * (mnext // 8), 128  # LBO along K, SBO along MN
    return 8 * swz, 8 * swz * (mnext // (swz // eb))  # LBO along MN blocks, SBO along K


def form_code(f):
    (name, n, at, bt, dt, rega, la, lb, scaled, sa, sb) = f
    k = KOF[at]
    eba, ebb = EB[at], EB[bt]
    # tile K: a full swizzle row for K-major swizzled layouts, else 2 steps
    def kext_of(lay, eb):
        if lay is not None and lay[0] == "K" and lay[1] != 0:
            return lay[1] // eb
        return 2 * k
    kt = max(kext_of(la, eba), kext_of(lb, ebb))
    steps = kt // k
    dregs = n // 2 if dt == "f32" else n // 4
    dty = "float" if dt == "f32" else "unsigned"
    dcon = "f" if dt == "f32" else "r"
    trans = at in ("f16", "bf16")
    ops = []
    idx = 0
    dlist = ", ".join("%%%d" % (idx + i) for i in range(dregs))
    idx += dregs
    if rega:
        alist = "{" + ", ".join("%%%d" % (idx + i) for i in range(4)) + "}"
        idx += 4
    else:
        alist = "%%%d" % idx
        idx += 1
    bdesc = "%%%d" % idx
    idx += 1
    tail = "p, %d, %d" % (sa, sb)
    if trans:
        if not rega:
            tail += ", %d" % (1 if la[0] == "MN" else 0)
        tail += ", %d" % (1 if lb[0] == "MN" else 0)
    scale_op = "%%%d" % idx
    text = ('"{\\n .reg .pred p;\\n setp.ne.b32 p, %s, 0;\\n wgmma.mma_async.sync.aligned.m64n%dk%d.%s.%s.%s {%s}, %s, %s, %s;\\n}\\n"'
            % (scale_op, n, k, dt, at, bt, dlist, alist, bdesc, tail))
    outs = ", ".join('"+%s"(d[%d])' % (dcon, i) for i in range(dregs))
    ins = []
    if rega:
        ins += ['"r"(a[%d])' % i for i in range(4)]
    else:
        ins += ['"l"(da)']
    ins += ['"l"(db)', '"r"(s == 0 ? scaleD : 1)']
    lay_a = la if la is not None else ("K", 0)
    lbo_a, sbo_a = layout(lay_a[0], lay_a[1], eba, 64, kt)
    lbo_b, sbo_b = layout(lb[0], lb[1], ebb, n, kt)
    sa_bytes = 64 * kt * eba
    sb_bytes = n * kt * ebb
    off_b = ((sa_bytes + 1023) // 1024) * 1024
    total = off_b + ((sb_bytes + 1023) // 1024) * 1024
    o = []
    o.append("// %s: m64n%dk%d .%s x .%s -> .%s, A %s, B %s-major swizzle %d, scale-d %d, "
             "imm-scale-a %d, imm-scale-b %d, tile K %d (%d steps)"
             % (name, n, k, at, bt, dt, "in registers" if rega else "%s-major swizzle %d" % la,
                lb[0], lb[1], scaled, sa, sb, kt, steps))
    o.append("__global__ void k_%s(const unsigned char *A, const unsigned char *B, const float *C,"
             " float *D, int scaleD) {" % name)
    o.append("  __shared__ alignas(1024) unsigned char smem[%d];" % total)
    o.append("  const unsigned t = threadIdx.x;")
    if not rega:
        o.append("  const Layout la{%s, %d, %d, %d, %d};"
                 % ("true" if lay_a[0] == "MN" else "false", lay_a[1], eba, lbo_a, sbo_a))
    o.append("  const Layout lb{%s, %d, %d, %d, %d};"
             % ("true" if lb[0] == "MN" else "false", lb[1], ebb, lbo_b, sbo_b))
    o.append("  const unsigned base = smemAddr(smem);")
    if not rega:
        o.append("  for (unsigned i = t; i < 64 * %d; i += blockDim.x)" % kt)
        o.append("    put(smem, la.at(0, i / %d, i %% %d), A + i * %d, %d);" % (kt, kt, eba, eba))
    o.append("  for (unsigned i = t; i < %d * %d; i += blockDim.x)" % (n, kt))
    o.append("    put(smem, %d + lb.at(0, i / %d, i %% %d), B + i * %d, %d);" % (off_b, kt, kt, ebb, ebb))
    o.append('  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");')
    o.append("  __syncthreads();")
    o.append("  %s d[%d];" % (dty, dregs))
    o.append("  loadC(d, %d, %s, C, t);" % (n, "true" if dt == "f16" else "false"))
    o.append('  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");')
    o.append("  for (unsigned s = 0; s < %d; ++s) {" % steps)
    if rega:
        o.append("    unsigned a[4];")
        o.append("    fragA(a, A, %d, %d, s * %d, t, %d);" % (kt, eba, k, 0 if at in ("f16", "bf16") else (1 if at == "tf32" else 2)))
    else:
        o.append("    const unsigned long long da = desc(base + la.step(s * %d), la);" % k)
    o.append("    const unsigned long long db = desc(base + %d + lb.step(s * %d), lb);" % (off_b, k))
    o.append("    // clang-format off")
    o.append("    asm volatile(%s" % text)
    o.append("                 : %s" % outs)
    o.append("                 : %s : \"memory\");" % ", ".join(ins))
    o.append("    // clang-format on")
    o.append("  }")
    o.append('  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");')
    o.append('  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");')
    o.append("  storeD(d, %d, %s, D, t);" % (n, "true" if dt == "f16" else "false"))
    o.append("}")
    meta = '  {"%s", %d, %d, "%s", "%s", "%s", %d, %d, %d, %d},' % (
        name, n, kt, at, bt, dt, scaled, 1 if sa == -1 else 0, 1 if sb == -1 else 0,
        1 if rega else 0)
    return "\n".join(o), meta


SHAPES = ([("f16_f32_n%d" % n, n, "f16", "f16", "f32", False, ("K", 0), ("K", 0), 1, 1, 1)
           for n in range(8, 257, 8)] +
          [("e4m3_f16_n%d" % n, n, "e4m3", "e4m3", "f16", False, ("K", 128), ("K", 0), 1, 1, 1)
           for n in range(8, 257, 8)])

SHAPES_HEADER = r'''
// Every N of wgmma.mma_async.m64nNk* (8, 16, ..., 256) in two forms (written
// by tests/runtime/wgmma_forms_gen.py shapes): .f16 x .f16 -> .f32 (K-major,
// no swizzle) and .e4m3 x .e4m3 -> .f16 (A 128-byte swizzled, B not), so
// that the accumulator fragment (N/2 registers, or N/4 packed pairs) is
// exercised at every width. As wgmma_forms.cu, one pass on small integers
// (exact), self-checked, each result's checksum printed for the H100.
'''

HEADER = r'''
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
'''

INCLUDES = r'''// nvcc-arch: sm_90a
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
  const unsigned long long mode = l.swizzle == 128 ? 1 : l.swizzle == 64 ? 2 : l.swizzle == 32 ? 3 : 0;
  return ((addr & 0x3ffffu) >> 4) | (static_cast<unsigned long long>(l.lbo >> 4) << 16) |
         (static_cast<unsigned long long>(l.sbo >> 4) << 32) | (mode << 62);
}

__device__ void put(unsigned char *smem, unsigned off, const unsigned char *src, unsigned n) {
  for (unsigned i = 0; i < n; ++i)
    smem[off + i] = src[i];
}

// Accumulator fragment of m64nN: warp w of the warpgroup, lane l: element i
// at row 16w + l/4 + 8((i/2)%2), column 8(i/4) + 2(l%4) + i%2.
__device__ unsigned dRow(unsigned t, unsigned i) { return 16 * (t / 32) + (t % 32) / 4 + 8 * ((i >> 1) & 1); }
__device__ unsigned dCol(unsigned t, unsigned i) { return 8 * (i >> 2) + 2 * (t % 4) + (i & 1); }

__device__ unsigned short toHalf(float f) {
  return __half_as_ushort(__float2half_rn(f));
}
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
'''

TRAILER = r'''
struct Form {
  const char *name;
  unsigned n, kt;
  const char *at, *bt, *dt;
  int scaleD, negA, negB, regA;
};

const Form kForms[] = {
%s
};

void launch(unsigned form, const unsigned char *a, const unsigned char *b, const float *c,
            float *d, int scaleD) {
  switch (form) {
%s
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
  if (std::strcmp(type, "f16") == 0) ebits = 5, mbits = 10, bias = 15;
  else if (std::strcmp(type, "bf16") == 0) ebits = 8, mbits = 7, bias = 127;
  else if (std::strcmp(type, "e4m3") == 0) ebits = 4, mbits = 3, bias = 7;
  else ebits = 5, mbits = 2, bias = 15;
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
  return std::strcmp(type, "bf16") == 0 ? 7 : std::strcmp(type, "e4m3") == 0 ? 3
         : std::strcmp(type, "e5m2") == 0 ? 2 : 10;
}
unsigned kBytes(const char *type) { return std::strcmp(type, "tf32") == 0 ? 8 : type[0] == 'e' ? 32 : 16; }

// Pass 3: values of the type's full precision, +-(1 + j / 2^mbits) * 2^e
// with e in [-3, 1], from a hash of the position (exact in the type).
double randomValue(unsigned seed, unsigned i, unsigned k, const char *type) {
  unsigned h = (i * 2654435761u) ^ (k * 40503u + seed * 97u);
  h ^= h >> 13;
  h *= 0x5bd1e995u;
  h ^= h >> 15;
  const int mbits = mantissaBits(type);
  const double frac = 1.0 + static_cast<double>(h %% (1u << mbits)) / (1u << mbits);
  return ((h >> 31) != 0 ? -1.0 : 1.0) * std::ldexp(frac, static_cast<int>((h >> 20) %% 5) - 3);
}

double valueA(int pass, unsigned i, unsigned k, const char *type) {
  if (pass == 0)
    return static_cast<int>((i * 7 + k * 3) %% 9) - 4;
  if (pass == 1)
    return (static_cast<int>((i * 13 + k * 7) %% 17) - 8) / 8.0;
  return randomValue(1, i, k, type);
}
double valueB(int pass, unsigned n, unsigned k, const char *type) {
  if (pass == 0)
    return static_cast<int>((k * 5 + n * 11) %% 7) - 3;
  if (pass == 1)
    return (static_cast<int>((k * 3 + n * 5) %% 15) - 7) / 8.0;
  return randomValue(2, n, k, type);
}
double valueC(unsigned i, unsigned j) { return static_cast<int>((i + j) %% 5) - 2; }

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
          sum += d[i * n + j] * (1 + (i * n + j) %% 7);
        }
      // Passes 1 and 2: exact (every integer sum, every .f32 one of
      // eighths). Pass 3: |d - ref| <= tol * (|c| + sum |a b|) per chained
      // instruction: 2^-20 for .f32 results, 2^-9 for .f16, 2^-7 with 8-bit
      // inputs (the H100 keeps fewer bits when it sums their products).
      const double steps = static_cast<double>(kt) / kBytes(f.at);
      const double tol = steps * (f.at[0] == 'e' ? std::ldexp(1.0, -7)
                                  : std::strcmp(f.dt, "f16") == 0 ? std::ldexp(1.0, -9)
                                                                  : std::ldexp(1.0, -20));
      const bool exact = pass == 0 || (pass == 1 && std::strcmp(f.dt, "f32") == 0);
      const bool ok = err == cudaSuccess && (exact       ? worst == 0
                                             : pass == 1 ? worst <= 0.5
                                                         : relative <= tol);
      failures += ok ? 0 : 1;
      std::printf("%%-28s pass %%d: %%s max|d-ref| %%.9g checksum %%.9g d[0] %%.9g d[%%u] %%.9g d[last] %%.9g\n",
                  f.name, pass + 1, ok ? "ok" : "WRONG", worst, sum, d[0], n + 1, d[n + 1],
                  d[m * n - 1]);
      if (pass == 2)
        std::printf("%%-28s pass 3: max |d-ref| / (|c| + sum |ab|) %%.9g (bound %%.9g)\n", f.name,
                    relative, tol);
    }
  std::printf("%%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
'''

def main():
    import sys
    shapes = len(sys.argv) > 1 and sys.argv[1] == "shapes"
    forms = SHAPES if shapes else FORMS
    out = [SHAPES_HEADER if shapes else HEADER, INCLUDES,
           "constexpr int PASSES = %d;" % (1 if shapes else 3)]
    metas = []
    for f in forms:
        code, meta = form_code(f)
        out.append(code)
        out.append("")
        metas.append(meta)
    cases = "\n".join("  case %d:\n    k_%s<<<1, 128>>>(a, b, c, d, scaleD);\n    break;" % (i, f[0])
                      for i, f in enumerate(forms))
    out.append(TRAILER % ("\n".join(metas), cases))
    sys.stdout.write("\n".join(out).lstrip())

main()
