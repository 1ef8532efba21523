// BUG VARIANT of kernels/h10_tma_wgmma_gemm.cu (the correct twin): the
// fence.proxy.async after the relu prologue is missing. The consumers
// rewrite the A tile with ordinary stores (generic proxy); wgmma.mma_async
// reads it through the async proxy, which neither the named barrier nor
// wgmma.fence (it orders registers, not shared memory) orders after those
// stores, so the wgmma may multiply the bytes from before the relu.
// EXPECT: async-proxy shared error at=@mma at=@relu
// (and the next round's tensor-map copy into the tile overwrites those
// unfenced stores: the same rule, the other direction)
// EXPECT: async-proxy shared error at=@tma at=@relu
// h10 - GEMM with the tensor memory accelerator and warpgroup MMA (Hopper
// sm_90a: cp.async.bulk.tensor, mbarriers, wgmma.mma_async with shared-memory
// matrix descriptors, written as inline PTX the way CUTLASS's sm90
// warp-specialised kernels are): C = relu(A) * B^T with A (M x K) and B
// (N x K) in half, both K-major (K contiguous), C (M x N) in float;
// M = N = 128, K = 256.
// Block = 2 warpgroups (256 threads), one 64 x 32 tile of C:
//   producer (warpgroup 0; setmaxnreg.dec gives its registers back): one
//     thread runs the ring of STAGES = 3 stages, each an A tile (64 x 64
//     halves) and a B tile (32 x 64) loaded by two tensor-map copies
//     (cp.async.bulk.tensor.2d, 128-byte swizzle) completing on full[s]
//     (mbarrier.arrive.expect_tx of the stage's bytes); before refilling
//     stage s it waits on empty[s];
//   consumer (warpgroup 1): per k-tile kt (stage kt % STAGES, parity
//     (kt / STAGES) & 1) it waits on full[s], applies relu to the A tile in
//     place with ordinary stores (an elementwise prologue, the same whatever
//     the swizzle), makes them visible to the async proxy
//     (fence.proxy.async.shared::cta) and meets at named barrier 1 (the
//     consumer warpgroup only), then wgmma.fence and four
//     wgmma.mma_async.m64n32k16.f32.f16.f16 along the tile's 64 k (the
//     descriptors' start address advancing 32 bytes inside the 128-byte
//     swizzled rows; LBO unused, SBO 1024 bytes between 8-row groups),
//     wgmma.commit_group, and wgmma.wait_group 1: the previous k-tile's
//     group is complete, so lane 0 of each consumer warp releases that
//     stage (mbarrier.arrive on empty[(kt-1) % STAGES], count 4). After the
//     loop wgmma.wait_group 0, and each thread stores its 16 accumulators
//     (row 16w + lane/4 (+8), column 8i + 2(lane%4) (+1)) to C.
// Grid (N/32, M/64) = (4, 2) x 256; A[i][k] = (3i + 5k) mod 9 - 4, B[j][k] =
// (7j + k) mod 5 - 2: every product and partial sum is an integer below
// 2^24, so the result is exact in any order of additions (the H100's output
// is expected bit-identical). Exact host reference.
// nvcc-arch: sm_90a
#include <cuda.h>
#include <cudaTypedefs.h>
#include <cuda_fp16.h>

#include <cstdint>

#include "../puzzle.h"

constexpr int M = 128, N = 128, K = 256;
constexpr int BM = 64, BN = 32, BK = 64, STAGES = 3;
constexpr int KTILES = K / BK;
constexpr unsigned A_BYTES = BM * BK * 2, B_BYTES = BN * BK * 2;

__device__ unsigned smem_addr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
}

__device__ void mbar_init(std::uint64_t *bar, unsigned count) {
  asm volatile("mbarrier.init.shared::cta.b64 [%0], %1;" ::"r"(smem_addr(bar)), "r"(count));
}

__device__ void mbar_wait(std::uint64_t *bar, unsigned parity) {
  asm volatile("{\n"
               " .reg .pred done;\n"
               "WAIT:\n"
               " mbarrier.try_wait.parity.shared::cta.b64 done, [%0], %1;\n"
               " @!done bra WAIT;\n"
               "}" ::"r"(smem_addr(bar)),
               "r"(parity)
               : "memory");
}

__device__ void mbar_arrive(std::uint64_t *bar) {
  asm volatile("mbarrier.arrive.shared::cta.b64 _, [%0];" ::"r"(smem_addr(bar)) : "memory");
}

// The box of `map` at (x, y) into `dst`, completing its bytes on `bar`.
__device__ void tma_load_2d(void *dst, const CUtensorMap *map, int x, int y, std::uint64_t *bar) {
  // clang-format off
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], [%1, {%2, %3}], [%4];" // @tma
               :: "r"(smem_addr(dst)), "l"(map), "r"(x), "r"(y), "r"(smem_addr(bar)) : "memory");
  // clang-format on
}

// A K-major tile with the 128-byte swizzle: rows of 128 bytes, 8-row groups
// 1024 bytes apart (SBO), LBO unused (1), swizzle mode 1 (bits 62-63).
__device__ std::uint64_t desc_sw128(const void *tile, unsigned byte_offset) {
  const unsigned addr = smem_addr(tile) + byte_offset;
  return ((addr & 0x3ffffu) >> 4) | (std::uint64_t{1} << 16) | (std::uint64_t{1024 >> 4} << 32) |
         (std::uint64_t{1} << 62);
}

// acc += A(64 x 16) * B(32 x 16)^T, A and B at their descriptors.
__device__ void wgmma_m64n32k16(float (&d)[16], std::uint64_t a, std::uint64_t b) {
  asm volatile("wgmma.mma_async.sync.aligned.m64n32k16.f32.f16.f16 " // @mma
               "{%0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10, %11, %12, %13, %14, %15}, "
               "%16, %17, 1, 1, 1, 0, 0;"
               : "+f"(d[0]), "+f"(d[1]), "+f"(d[2]), "+f"(d[3]), "+f"(d[4]), "+f"(d[5]), "+f"(d[6]),
                 "+f"(d[7]), "+f"(d[8]), "+f"(d[9]), "+f"(d[10]), "+f"(d[11]), "+f"(d[12]),
                 "+f"(d[13]), "+f"(d[14]), "+f"(d[15])
               : "l"(a), "l"(b)
               : "memory");
}

__global__ void __launch_bounds__(256, 1) gemm(float *c, const __grid_constant__ CUtensorMap map_a,
                                               const __grid_constant__ CUtensorMap map_b) {
  // The swizzle is anchored to shared addresses: 1024-byte aligned tiles.
  __shared__ alignas(1024) __half a_tiles[STAGES][BM * BK];
  __shared__ alignas(1024) __half b_tiles[STAGES][BN * BK];
  __shared__ std::uint64_t full[STAGES], empty[STAGES];
  const unsigned warpgroup = threadIdx.x / 128, t = threadIdx.x % 128;
  const int row0 = blockIdx.y * BM, col0 = blockIdx.x * BN;
  if (threadIdx.x == 0) {
    for (int s = 0; s < STAGES; ++s) {
      mbar_init(&full[s], 1);
      mbar_init(&empty[s], 4); // lane 0 of each consumer warp
    }
    // The initialised mbarriers, for the async proxy that completes them.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  }
  __syncthreads();

  if (warpgroup == 0) {
    asm volatile("setmaxnreg.dec.sync.aligned.u32 40;" ::: "memory");
    if (t == 0)
      for (int kt = 0; kt < KTILES; ++kt) {
        const int s = kt % STAGES, round = kt / STAGES;
        mbar_wait(&empty[s], (round & 1) ^ 1); // round 0: passes at once
        asm volatile(
            "mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(&full[s])),
            "r"(A_BYTES + B_BYTES)
            : "memory");
        tma_load_2d(a_tiles[s], &map_a, kt * BK, row0, &full[s]);
        tma_load_2d(b_tiles[s], &map_b, kt * BK, col0, &full[s]);
      }
    return;
  }

  float acc[16];
  for (float &x : acc)
    x = 0.0f;
  for (int kt = 0; kt < KTILES; ++kt) {
    const int s = kt % STAGES;
    mbar_wait(&full[s], (kt / STAGES) & 1);
    // relu(A) in place: the consumers' ordinary stores (generic proxy) ...
    for (int i = t; i < BM * BK; i += 128)
      if (__half2float(a_tiles[s][i]) < 0.0f)
        a_tiles[s][i] = __float2half(0.0f); // @relu
    // BUG: no fence.proxy.async before the wgmma's async-proxy reads.
    asm volatile("bar.sync 1, 128;" ::: "memory");
    asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
    for (int kk = 0; kk < BK / 16; ++kk)
      wgmma_m64n32k16(acc, desc_sw128(a_tiles[s], 32 * kk), desc_sw128(b_tiles[s], 32 * kk));
    asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
    // The previous k-tile's wgmmas are complete: release its stage.
    asm volatile("wgmma.wait_group.sync.aligned 1;" ::: "memory");
    if (kt > 0 && t % 32 == 0)
      mbar_arrive(&empty[(kt - 1) % STAGES]);
  }
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  const unsigned w = t / 32, lane = t % 32;
  for (int i = 0; i < 16; ++i) {
    const int r = row0 + 16 * w + lane / 4 + 8 * ((i >> 1) & 1);
    const int col = col0 + 8 * (i >> 2) + 2 * (lane % 4) + (i & 1);
    c[r * N + col] = acc[i];
  }
}

CUtensorMap make_map(PFN_cuTensorMapEncodeTiled_v12000 encode, __half *base, int rows,
                     int box_rows) {
  CUtensorMap map;
  const cuuint64_t dim[2] = {K, static_cast<cuuint64_t>(rows)};
  const cuuint64_t strides[1] = {K * sizeof(__half)};
  const cuuint32_t box[2] = {BK, static_cast<cuuint32_t>(box_rows)}, element_strides[2] = {1, 1};
  const CUresult r =
      encode(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT16, 2, base, dim, strides, box, element_strides,
             CU_TENSOR_MAP_INTERLEAVE_NONE, CU_TENSOR_MAP_SWIZZLE_128B,
             CU_TENSOR_MAP_L2_PROMOTION_NONE, CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (r != CUDA_SUCCESS) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled failed: %d\n", static_cast<int>(r));
    std::exit(1);
  }
  return map;
}

int main() {
  PFN_cuTensorMapEncodeTiled_v12000 encode = nullptr;
  cudaDriverEntryPointQueryResult found;
  CUDA_CHECK(cudaGetDriverEntryPointByVersion("cuTensorMapEncodeTiled",
                                              reinterpret_cast<void **>(&encode), 12000,
                                              cudaEnableDefault, &found));
  if (found != cudaDriverEntryPointSuccess || encode == nullptr) {
    std::fprintf(stderr, "cuTensorMapEncodeTiled not found\n");
    return 1;
  }
  static __half h_a[M * K], h_b[N * K];
  static float h_c[M * N], expected[M * N];
  static int ia[M * K], ib[N * K];
  for (int i = 0; i < M; ++i)
    for (int k = 0; k < K; ++k) {
      ia[i * K + k] = (3 * i + 5 * k) % 9 - 4;
      h_a[i * K + k] = __float2half(static_cast<float>(ia[i * K + k]));
    }
  for (int j = 0; j < N; ++j)
    for (int k = 0; k < K; ++k) {
      ib[j * K + k] = (7 * j + k) % 5 - 2;
      h_b[j * K + k] = __float2half(static_cast<float>(ib[j * K + k]));
    }
  for (int i = 0; i < M; ++i)
    for (int j = 0; j < N; ++j) {
      int sum = 0;
      for (int k = 0; k < K; ++k)
        sum += (ia[i * K + k] > 0 ? ia[i * K + k] : 0) * ib[j * K + k];
      expected[i * N + j] = static_cast<float>(sum);
    }
  DeviceBuffer<__half> d_a(h_a, M * K);
  DeviceBuffer<__half> d_b(h_b, N * K);
  DeviceBuffer<float> d_c(M * N);
  const CUtensorMap map_a = make_map(encode, d_a.data(), M, BM);
  const CUtensorMap map_b = make_map(encode, d_b.data(), N, BN);
  gemm<<<dim3(N / BN, M / BM), 256>>>(d_c.data(), map_a, map_b);
  CUDA_CHECK_LAUNCH();
  d_c.download(h_c);
  print_array("c[0:8]", h_c, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("c", h_c, M * N);
  return finish(check_equal(h_c, expected, M * N));
}
