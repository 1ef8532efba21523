// Tensor-map copies (cp.async.bulk.tensor, tile mode) end to end: the
// shared-memory layout each swizzle mode gives (printed, one line per
// 128-byte line of shared memory, each 16-byte chunk as row.chunk of the
// box it holds, so the H100's output can be compared line by line), the
// out-of-bounds fill of a load (zero, and the NaN of
// CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA; the complete_tx counts
// the whole box, so the wait on the box's bytes returns), a store whose box
// is partly outside the tensor (those elements are not written), 3-d and
// 5-d boxes with an element stride, and cuda::ptx::cp_async_bulk_tensor.
// The program checks every element against the layout written out on the
// host (docs/hopper.md, "Tensor-map copies") and prints PASS.
#include <cuda.h>
#include <cuda/ptx>
#include <cudaTypedefs.h>
#include <cuda_runtime.h>

#include <cstdint>
#include <cstdio>
#include <cstring>

constexpr unsigned kWords = 4096; // shared words a test may fill (16 KiB)

__device__ unsigned smem(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

// The 1024-byte aligned start of the dynamic shared buffer: the swizzle is
// anchored to shared addresses, so the tests place their boxes from there.
__device__ unsigned char *aligned(unsigned char *raw) {
  const unsigned a = smem(raw);
  return raw + ((1024 - a % 1024) % 1024);
}

__device__ void wait_parity0(std::uint64_t *bar) {
  asm volatile("{\n"
               " .reg .pred done;\n"
               "WAIT:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], 0;\n"
               " @!done bra WAIT;\n"
               "}" ::"r"(smem(bar))
               : "memory");
}

// Loads the 2-d box at (c0, c1) to `off` bytes past the aligned buffer
// (words first set to 0xdeadbeef) and copies kWords words from there out.
__global__ void load2d(const __grid_constant__ CUtensorMap map, int c0, int c1, unsigned off,
                       unsigned bytes, unsigned *out) {
  extern __shared__ unsigned char raw[];
  __shared__ std::uint64_t bar;
  unsigned *buf = reinterpret_cast<unsigned *>(aligned(raw));
  for (unsigned i = threadIdx.x; i < kWords; i += blockDim.x)
    buf[i] = 0xdeadbeef;
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem(&bar)));
    asm volatile("fence.mbarrier_init.release.cluster;" ::: "memory");
  }
  // The generic writes above, then the async proxy overwrites the box.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem(&bar)),
                 "r"(bytes)
                 : "memory");
    asm volatile(
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
        " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem(reinterpret_cast<unsigned char *>(buf) + off)),
        "l"(&map), "r"(c0), "r"(c1), "r"(smem(&bar))
        : "memory");
  }
  wait_parity0(&bar);
  for (unsigned i = threadIdx.x; i < kWords; i += blockDim.x)
    out[i] = buf[i];
}

// 3-d and 5-d loads through cuda::ptx, the box at `off` = 0.
template <int N>
__global__ void loadNd(const __grid_constant__ CUtensorMap map, int c0, unsigned bytes,
                       unsigned *out) {
  extern __shared__ unsigned char raw[];
  __shared__ std::uint64_t bar;
  unsigned *buf = reinterpret_cast<unsigned *>(aligned(raw));
  if (threadIdx.x == 0) {
    cuda::ptx::mbarrier_init(&bar, 1);
    cuda::ptx::fence_proxy_async(cuda::ptx::space_shared); // the init, for the async proxy
    std::int32_t c[N] = {};
    c[0] = c0;
    cuda::ptx::mbarrier_arrive_expect_tx(cuda::ptx::sem_release, cuda::ptx::scope_cta,
                                         cuda::ptx::space_shared, &bar, bytes);
    cuda::ptx::cp_async_bulk_tensor(cuda::ptx::space_shared, cuda::ptx::space_global, buf, &map, c,
                                    &bar);
  }
  __syncthreads();
  wait_parity0(&bar);
  for (unsigned i = threadIdx.x; i < bytes / 4; i += blockDim.x)
    out[i] = buf[i];
}

// Fills a 2-d box in shared memory with 1000000 + i, then stores it at
// (c0, c1) with a tensor store, and waits for it.
__global__ void store2d(const __grid_constant__ CUtensorMap map, int c0, int c1, unsigned words) {
  extern __shared__ unsigned char raw[];
  unsigned *buf = reinterpret_cast<unsigned *>(aligned(raw));
  for (unsigned i = threadIdx.x; i < words; i += blockDim.x)
    buf[i] = 1000000 + i;
  // The generic writes must be visible to the async proxy before the store.
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0) {
    asm volatile(
        "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(
            &map),
        "r"(c0), "r"(c1), "r"(smem(buf))
        : "memory");
    asm volatile("cp.async.bulk.commit_group;" ::: "memory");
    asm volatile("cp.async.bulk.wait_group 0;" ::: "memory");
  }
}

PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
unsigned *d_out = nullptr;
unsigned h_out[kWords];
int failures = 0;

CUtensorMap make(CUtensorMapDataType type, unsigned rank, void *base, const cuuint64_t *dim,
                 const cuuint64_t *strides, const cuuint32_t *box, const cuuint32_t *es,
                 CUtensorMapSwizzle sw, CUtensorMapFloatOOBfill fill) {
  CUtensorMap m;
  const CUresult r =
      encode(&m, type, rank, base, dim, strides, box, es, CU_TENSOR_MAP_INTERLEAVE_NONE, sw,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, fill);
  if (r != CUDA_SUCCESS) {
    std::printf("cuTensorMapEncodeTiled failed: %d\n", static_cast<int>(r));
    ++failures;
  }
  return m;
}

void expect(bool ok, const char *what, unsigned at, unsigned got, unsigned want) {
  if (!ok && failures++ < 10)
    std::printf("FAIL %s: word %u is 0x%08x, expected 0x%08x\n", what, at, got, want);
}

// The swizzle as the programming guide's tables draw it: in the 128-byte
// line L of a 1024-byte aligned buffer, 16-byte chunk k holds chunk
// k ^ (L mod (span / 16)) of the line.
unsigned physicalByte(unsigned logical, unsigned span) {
  if (span == 0)
    return logical;
  const unsigned line = logical / 128, chunk = (logical % 128) / 16;
  return line * 128 + ((chunk ^ (line % (span / 16))) * 16) + logical % 16;
}

// Tensor of 256 x 256 u32, element (r, c) = r << 8 | c.
void swizzleCase(unsigned *g, unsigned swizzleMode, unsigned bw, unsigned bh, unsigned off) {
  const unsigned span = swizzleMode == 0 ? 0 : 16u << swizzleMode;
  const cuuint64_t dim[2] = {256, 256}, strides[1] = {256 * 4};
  const cuuint32_t box[2] = {bw, bh}, es[2] = {1, 1};
  CUtensorMap m =
      make(CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, g, dim, strides, box, es,
           static_cast<CUtensorMapSwizzle>(swizzleMode), CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  load2d<<<1, 128, kWords * 4 + 1024>>>(m, 8, 3, off, bw * bh * 4, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  std::printf("swizzle %uB, box %u x %u u32 at (8, 3), %u bytes into a 1024-byte aligned buffer:\n",
              span, bw, bh, off);
  for (unsigned line = 0; line < 8; ++line) {
    std::printf("  ");
    for (unsigned k = 0; k < 8; ++k) {
      const unsigned v = h_out[(off + line * 128 + k * 16) / 4];
      if (v == 0xdeadbeef)
        std::printf(" --.-");
      else
        std::printf(" %2u.%u", (v >> 8) - 3, ((v & 255) - 8) / 4);
    }
    std::printf("\n");
  }
  // With a swizzle each row takes `span` bytes (a narrower row is padded).
  const unsigned pitch = span != 0 ? span : bw * 4;
  for (unsigned r = 0; r < bh; ++r)
    for (unsigned c = 0; c < bw; ++c) {
      const unsigned at = physicalByte(off + r * pitch + c * 4, span) / 4;
      const unsigned want = (3 + r) << 8 | (8 + c);
      expect(h_out[at] == want, "swizzle", at, h_out[at], want);
    }
}

// A 2-d tensor of `w` x 4 elements of `size` bytes, box 32 bytes x 8 rows at
// (-2, -1): elements left of column 0, right of column w - 1 and outside
// rows 0..3 are filled.
void oobCase(CUtensorMapDataType type, unsigned size, const char *name, bool nan,
             std::uint64_t fillBits, void *g, const void *host) {
  const unsigned w = 16 / size; // one 16-byte row
  const cuuint64_t dim[2] = {w, 4}, strides[1] = {16};
  const cuuint32_t box[2] = {32 / size, 8}, es[2] = {1, 1};
  CUtensorMap m = make(type, 2, g, dim, strides, box, es, CU_TENSOR_MAP_SWIZZLE_NONE,
                       nan ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                           : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  load2d<<<1, 128, kWords * 4 + 1024>>>(m, -2, -1, 0, 256, d_out);
  cudaMemcpy(h_out, d_out, sizeof h_out, cudaMemcpyDeviceToHost);
  std::printf("out of bounds, %s, %s fill: the box's 8 rows of 32 bytes\n", name,
              nan ? "NaN" : "zero");
  const auto *bytes = reinterpret_cast<const unsigned char *>(h_out);
  const auto *src = static_cast<const unsigned char *>(host); // g's bytes
  for (unsigned r = 0; r < 8; ++r) {
    std::printf("  ");
    for (unsigned word = 0; word < 8; ++word)
      std::printf(" %08x", h_out[r * 8 + word]);
    std::printf("\n");
    for (unsigned e = 0; e < 32 / size; ++e) {
      const int row = static_cast<int>(r) - 1, col = static_cast<int>(e) - 2;
      const bool in = row >= 0 && row < 4 && col >= 0 && col < static_cast<int>(w);
      std::uint64_t got = 0, want = fillBits;
      std::memcpy(&got, bytes + r * 32 + e * size, size);
      if (in) {
        want = 0;
        std::memcpy(&want, src + row * 16 + col * size, size);
      }
      expect(got == want, name, r * 8 + e * size / 4, static_cast<unsigned>(got),
             static_cast<unsigned>(want));
    }
  }
}

int main() {
  cudaDriverEntryPointQueryResult q;
  if (cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled", reinterpret_cast<void **>(&encode),
                                       12000, cudaEnableDefault, &q) != cudaSuccess ||
      q != cudaDriverEntryPointSuccess || encode == nullptr) {
    std::printf("no cuTensorMapEncodeTiled\n");
    return 1;
  }
  cudaFuncSetAttribute(load2d, cudaFuncAttributeMaxDynamicSharedMemorySize, kWords * 4 + 1024);
  unsigned *g = nullptr;
  cudaMalloc(&g, 256 * 256 * 4);
  cudaMalloc(&d_out, sizeof h_out);
  static unsigned host[256 * 256];
  for (unsigned i = 0; i < 256 * 256; ++i)
    host[i] = (i / 256) << 8 | (i % 256);
  cudaMemcpy(g, host, sizeof host, cudaMemcpyHostToDevice);

  // Swizzle modes: rows of exactly the span, rows narrower than the span,
  // and buffers 128 / 512 bytes past a 1024-byte boundary.
  swizzleCase(g, 0, 32, 8, 0);
  swizzleCase(g, 1, 8, 32, 0);
  swizzleCase(g, 2, 16, 16, 0);
  swizzleCase(g, 3, 32, 8, 0);
  swizzleCase(g, 3, 16, 16, 0);
  swizzleCase(g, 2, 8, 32, 0);
  swizzleCase(g, 3, 32, 8, 128);
  swizzleCase(g, 3, 32, 8, 512);

  // Out-of-bounds fills (the tensor's bytes are the u32 pattern above).
  oobCase(CU_TENSOR_MAP_DATA_TYPE_UINT32, 4, "u32", false, 0, g, host);
  oobCase(CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, "f32", false, 0, g, host);
  oobCase(CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 4, "f32", true, 0x7fffffff, g, host);
  oobCase(CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, "f16", true, 0x7fff, g, host);
  oobCase(CU_TENSOR_MAP_DATA_TYPE_BFLOAT16, 2, "bf16", true, 0x7fff, g, host);
  oobCase(CU_TENSOR_MAP_DATA_TYPE_FLOAT64, 8, "f64", true, 0x7fffffffffffffffull, g, host);

  // A 3-d box of 8 x 4 x 2 u32 with element stride 2 along dimension 1
  // (rows 0, 2, 4, 6 of each plane) and a 5-d box of 4 x 2 x 2 x 2 x 2.
  {
    const cuuint64_t dim[3] = {256, 16, 16}, strides[2] = {256 * 4, 256 * 16 * 4};
    const cuuint32_t box[3] = {8, 8, 2}, es[3] = {1, 2, 1};
    CUtensorMap m = make(CU_TENSOR_MAP_DATA_TYPE_UINT32, 3, g, dim, strides, box, es,
                         CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    loadNd<3><<<1, 64, 2048 + 1024>>>(m, 4, 8 * 4 * 2 * 4, d_out);
    cudaMemcpy(h_out, d_out, 8 * 4 * 2 * 4, cudaMemcpyDeviceToHost);
    std::printf("3-d box, element stride 2:");
    for (unsigned i = 0; i < 64; i += 8)
      std::printf(" %05x", h_out[i]);
    std::printf("\n");
    for (unsigned z = 0; z < 2; ++z)
      for (unsigned y = 0; y < 4; ++y)
        for (unsigned x = 0; x < 8; ++x) {
          const unsigned at = (z * 4 + y) * 8 + x;
          const unsigned i = (z * 16 + y * 2) * 256 + 4 + x;
          expect(h_out[at] == host[i], "3-d", at, h_out[at], host[i]);
        }
  }
  {
    const cuuint64_t dim[5] = {16, 2, 2, 2, 2}, strides[4] = {64, 128, 256, 512};
    const cuuint32_t box[5] = {4, 2, 2, 2, 2}, es[5] = {1, 1, 1, 1, 1};
    CUtensorMap m = make(CU_TENSOR_MAP_DATA_TYPE_UINT32, 5, g, dim, strides, box, es,
                         CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    loadNd<5><<<1, 64, 2048 + 1024>>>(m, 12, 4 * 16 * 4, d_out);
    cudaMemcpy(h_out, d_out, 4 * 16 * 4, cudaMemcpyDeviceToHost);
    std::printf("5-d box:");
    for (unsigned i = 0; i < 64; i += 4)
      std::printf(" %x", h_out[i]);
    std::printf("\n");
    for (unsigned i = 0; i < 64; ++i) {
      const unsigned want = host[(i / 4) * 16 + 12 + i % 4];
      expect(h_out[i] == want, "5-d", i, h_out[i], want);
    }
  }

  // A store of a 16 x 8 box at (56, 28) into a 64 x 32 tensor: the 8 x 4
  // elements inside are written, nothing else.
  {
    unsigned *t = nullptr;
    cudaMalloc(&t, 64 * 32 * 4);
    cudaMemset(t, 0xff, 64 * 32 * 4);
    const cuuint64_t dim[2] = {64, 32}, strides[1] = {64 * 4};
    const cuuint32_t box[2] = {16, 8}, es[2] = {1, 1};
    CUtensorMap m = make(CU_TENSOR_MAP_DATA_TYPE_UINT32, 2, t, dim, strides, box, es,
                         CU_TENSOR_MAP_SWIZZLE_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
    store2d<<<1, 128, 2048 + 1024>>>(m, 56, 28, 16 * 8);
    static unsigned back[64 * 32];
    cudaMemcpy(back, t, sizeof back, cudaMemcpyDeviceToHost);
    unsigned written = 0;
    for (unsigned r = 0; r < 32; ++r)
      for (unsigned c = 0; c < 64; ++c) {
        const bool in = r >= 28 && c >= 56;
        const unsigned want = in ? 1000000 + (r - 28) * 16 + (c - 56) : 0xffffffff;
        written += in ? 1 : 0;
        expect(back[r * 64 + c] == want, "store", r * 64 + c, back[r * 64 + c], want);
      }
    std::printf("store: %u elements written, row 28: %u .. %u\n", written, back[28 * 64 + 56],
                back[28 * 64 + 63]);
    cudaFree(t);
  }
  const cudaError_t e = cudaDeviceSynchronize();
  std::printf("%s (%s)\n", failures == 0 && e == cudaSuccess ? "PASS" : "FAIL",
              cudaGetErrorName(e));
  return failures == 0 && e == cudaSuccess ? 0 : 1;
}
