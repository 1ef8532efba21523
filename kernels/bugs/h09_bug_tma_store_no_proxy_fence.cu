// BUG VARIANT of kernels/h09_tma_transpose.cu (the correct twin): the
// fence.proxy.async.shared::cta before the tensor store is missing. The
// threads write the transposed tile with ordinary stores (generic proxy);
// thread 0's cp.async.bulk.tensor store reads it through the async proxy,
// which the __syncthreads() does not order, so the store may carry stale
// bytes.
// EXPECT: async-proxy shared error at=@store at=@write
#include <cuda.h>
#include <cudaTypedefs.h>

#include <cstdint>

#include "../puzzle.h"

constexpr int ROWS = 72, COLS = 100; // in: ROWS x COLS, out: COLS x ROWS
constexpr int TILE = 32;
constexpr int THREADS = 256;
constexpr unsigned TILE_BYTES = TILE * TILE * sizeof(float);

__device__ unsigned smem_addr(const void *p) {
  return static_cast<unsigned>(__cvta_generic_to_shared(p));
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

// The box of `map` at (x, y) into `dst`, completing its bytes on `bar`.
__device__ void tma_load_2d(void *dst, const CUtensorMap *map, int x, int y, std::uint64_t *bar) {
  asm volatile("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes"
               " [%0], [%1, {%2, %3}], [%4];" ::"r"(smem_addr(dst)),
               "l"(map), "r"(x), "r"(y), "r"(smem_addr(bar))
               : "memory");
}

// `src` into the box of `map` at (x, y), in the thread's bulk group; then
// waits until the store has read `src`.
__device__ void tma_store_2d_and_wait(const CUtensorMap *map, int x, int y, const void *src) {
  asm volatile(
      "cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1, %2}], [%3];" ::"l"(map),
      "r"(x), "r"(y), "r"(smem_addr(src))
      : "memory");
  asm volatile("cp.async.bulk.commit_group;" ::: "memory");
  asm volatile("cp.async.bulk.wait_group.read 0;" ::: "memory");
}

// The float at row r, column c of a 32 x 32 tile written with the 128-byte
// swizzle (128-byte rows, the tile 1024-byte aligned).
__device__ float swizzled(const float *tile, int r, int c) {
  const int chunk = (c / 4) ^ (r % 8);
  return tile[r * TILE + chunk * 4 + c % 4];
}

__global__ void transpose(const __grid_constant__ CUtensorMap in,
                          const __grid_constant__ CUtensorMap out) {
  // The swizzle is anchored to shared addresses: the input tile starts on a
  // 1024-byte boundary.
  __shared__ alignas(1024) float tile[TILE * TILE];
  __shared__ alignas(128) float result[TILE * TILE];
  __shared__ std::uint64_t bar;
  const int x = blockIdx.x * TILE, y = blockIdx.y * TILE; // the tile's first column, row
  if (threadIdx.x == 0) {
    asm volatile("mbarrier.init.shared::cta.b64 [%0], 1;" ::"r"(smem_addr(&bar)));
    // The initialised mbarrier, for the async proxy that completes it.
    asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
    asm volatile("mbarrier.arrive.expect_tx.shared::cta.b64 _, [%0], %1;" ::"r"(smem_addr(&bar)),
                 "r"(TILE_BYTES)
                 : "memory");
    tma_load_2d(tile, &in, x, y, &bar);
  }
  __syncthreads(); // the mbarrier is initialised before anyone waits on it
  mbar_wait(&bar, 0);
  // result[j][i] = 3 tile[i][j] - 1: thread t reads column t % 32 of rows
  // t / 32, t / 32 + 8, ...
  for (int e = threadIdx.x; e < TILE * TILE; e += THREADS) {
    const int i = e % TILE, j = e / TILE;                      // tile row i, column j
    result[j * TILE + i] = 3.0f * swizzled(tile, i, j) - 1.0f; // @write
  }
  // BUG: no fence.proxy.async.shared::cta between the writes and the store.
  __syncthreads();
  if (threadIdx.x == 0)
    tma_store_2d_and_wait(&out, y, x, result); // @store
}

CUtensorMap make_map(PFN_cuTensorMapEncodeTiled_v12000 encode, float *base, int width, int height,
                     CUtensorMapSwizzle swizzle) {
  CUtensorMap map;
  const cuuint64_t dim[2] = {static_cast<cuuint64_t>(width), static_cast<cuuint64_t>(height)};
  const cuuint64_t strides[1] = {width * sizeof(float)};
  const cuuint32_t box[2] = {TILE, TILE}, element_strides[2] = {1, 1};
  const CUresult r = encode(&map, CU_TENSOR_MAP_DATA_TYPE_FLOAT32, 2, base, dim, strides, box,
                            element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
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
  static float h_in[ROWS * COLS], h_out[COLS * ROWS], expected[COLS * ROWS];
  for (int i = 0; i < ROWS; ++i)
    for (int j = 0; j < COLS; ++j) {
      h_in[i * COLS + j] = float((7 * i + j) % 61 - 30);
      expected[j * ROWS + i] = 3.0f * h_in[i * COLS + j] - 1.0f;
    }
  DeviceBuffer<float> d_in(h_in, ROWS * COLS);
  DeviceBuffer<float> d_out(COLS * ROWS);
  const CUtensorMap in = make_map(encode, d_in.data(), COLS, ROWS, CU_TENSOR_MAP_SWIZZLE_128B);
  const CUtensorMap out = make_map(encode, d_out.data(), ROWS, COLS, CU_TENSOR_MAP_SWIZZLE_NONE);
  const dim3 grid((COLS + TILE - 1) / TILE, (ROWS + TILE - 1) / TILE);
  transpose<<<grid, THREADS>>>(in, out);
  CUDA_CHECK_LAUNCH();
  d_out.download(h_out);
  print_array("out[0:8]", h_out, 8);
  print_array("expected[0:8]", expected, 8);
  puzzle_output("out", h_out, COLS * ROWS);
  return finish(check_equal(h_out, expected, COLS * ROWS));
}
