// h09 - tiled transpose through the tensor memory accelerator (Hopper TMA
// with tensor maps, written as inline PTX the way CUTLASS's sm90 kernels
// are): out = 3 * transpose(in) - 1 for a 72 x 100 matrix of floats.
// The host encodes two tensor maps with cuTensorMapEncodeTiled (reached
// through cudaGetDriverEntryPointByVersion, as nvcc links no libcuda): `in`
// (100 columns x 72 rows, 32 x 32 boxes, 128-byte swizzle) and `out` (72
// columns x 100 rows, 32 x 32 boxes, no swizzle). Each block of 256 threads
// handles one 32 x 32 tile:
//   1. thread 0 initialises an mbarrier, announces the tile's 4096 bytes
//      (mbarrier.arrive.expect_tx) and issues cp.async.bulk.tensor.2d
//      global -> shared; every thread waits on the mbarrier's phase 0;
//   2. each thread reads 4 elements of the tile down its columns through the
//      128B swizzle (16-byte chunk k of row r is at chunk k ^ (r % 8), so a
//      warp reading one column hits 8 different bank groups, not one) and
//      writes 3x - 1 into the output tile with ordinary stores;
//   3. fence.proxy.async.shared::cta makes those stores visible to the async
//      proxy, __syncthreads(), and thread 0 stores the output tile with
//      cp.async.bulk.tensor.2d shared -> global at the transposed
//      coordinates, then cp.async.bulk.wait_group.read 0 before the block
//      ends (its shared memory must outlive the store's reads).
// The matrix is not a whole number of tiles: the last tiles' loads fill the
// elements past the edge with zeros and their stores write only the
// elements inside. Grid (4, 3) x 256; in[i][j] = (7i + j) mod 61 - 30, so
// the CPU reference is exact.
#include <cuda.h>
#include <cudaTypedefs.h>

#include <cstdint>

#include "puzzle.h"

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
    const int i = e % TILE, j = e / TILE; // tile row i, column j
    result[j * TILE + i] = 3.0f * swizzled(tile, i, j) - 1.0f;
  }
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  if (threadIdx.x == 0)
    tma_store_2d_and_wait(&out, y, x, result);
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
