// The largest cooperative grids an H100 accepts, and one block more. For each
// configuration (threads per block, dynamic shared memory) the occupancy
// calculator gives the blocks per SM; a grid of SMs x that many blocks must
// launch and run a grid-wide reduction correctly (every block's partial sum
// is read by another block after grid.sync(), the total by every block after
// a second one), and one block more must fail with
// cudaErrorCooperativeLaunchTooLarge. Configuration 3 launches through
// cudaLaunchKernelEx with cudaLaunchAttributeCooperative.
//
// Native, on a GPU (recorded in grid_sync_largest.h100.txt, all configurations):
//   nvcc -arch=sm_90 -std=c++17 -o gsl tests/runtime/grid_sync_largest.cu && ./gsl
// `./gsl N` runs configuration N alone (CTest runs each under warpsim).
// -DLAST_BLOCK_RACES plants a shared-memory race in the last block.
#include <cooperative_groups.h>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>
#include <vector>

namespace cg = cooperative_groups;

// At most 32 registers a thread (as warpsim assumes, docs/device-api.md), so
// that registers never limit these blocks on the GPU either.
__global__ void __launch_bounds__(1024, 2) reduce(const unsigned *in, unsigned n, unsigned long long *partial,
                       unsigned long long *total, unsigned long long *seen) {
  cg::grid_group grid = cg::this_grid();
  extern __shared__ unsigned char scratch[]; // only sizes the launch
  __shared__ unsigned long long warpSums[32];
  unsigned long long s = 0;
  for (unsigned long long i = grid.thread_rank(); i < n; i += grid.size())
    s += in[i];
  for (int d = 16; d > 0; d /= 2)
    s += __shfl_down_sync(0xffffffffu, s, d);
  const unsigned warp = threadIdx.x / 32, lane = threadIdx.x % 32;
  if (lane == 0)
    warpSums[warp] = s;
  __syncthreads();
  if (threadIdx.x == 0) {
    unsigned long long b = 0;
    for (unsigned w = 0; w < (blockDim.x + 31) / 32; ++w)
      b += warpSums[w];
    partial[blockIdx.x] = b;
  }
#ifdef LAST_BLOCK_RACES // a bug in the last block only (resident slot 659 of configuration 3)
  if (blockIdx.x == gridDim.x - 1 && threadIdx.x == 32)
    warpSums[0] = 0; // BUG: thread 0 may still be reading it
#endif
  grid.sync();
  // Another block's partial, and block 0 adds them all up.
  const unsigned blocks = gridDim.x;
  if (threadIdx.x == 0)
    seen[blockIdx.x] = partial[(blockIdx.x + blocks / 2) % blocks];
  if (blockIdx.x == 0 && threadIdx.x == 0) {
    unsigned long long t = 0;
    for (unsigned b = 0; b < blocks; ++b)
      t += partial[b];
    *total = t;
  }
  grid.sync();
  if (threadIdx.x == 0 && seen[blockIdx.x] == partial[(blockIdx.x + blocks / 2) % blocks])
    seen[blockIdx.x] = *total; // what every block reads after the second barrier
}

struct Config {
  int threads;
  int dynamicSmem;
  bool launchEx;
};
const Config kConfigs[] = {
    {1024, 0, false},         // 2 blocks per SM: threads limit
    {32, 0, false},           // 32 blocks per SM: blocks limit
    {128, 100 * 1024, false}, // 2 blocks per SM: shared memory (opt-in)
    {96, 40 * 1024, true},    // 5 blocks per SM: shared memory; cudaLaunchKernelEx
};

cudaError_t launch(const Config &c, int blocks, const unsigned *in, unsigned n,
                   unsigned long long *partial, unsigned long long *total,
                   unsigned long long *seen) {
  if (c.launchEx) {
    cudaLaunchAttribute attr[1];
    attr[0].id = cudaLaunchAttributeCooperative;
    attr[0].val.cooperative = 1;
    cudaLaunchConfig_t cfg = {};
    cfg.gridDim = dim3(blocks);
    cfg.blockDim = dim3(c.threads);
    cfg.dynamicSmemBytes = c.dynamicSmem;
    cfg.attrs = attr;
    cfg.numAttrs = 1;
    return cudaLaunchKernelEx(&cfg, reduce, in, n, partial, total, seen);
  }
  void *args[] = {&in, &n, &partial, &total, &seen};
  return cudaLaunchCooperativeKernel((void *)reduce, dim3(blocks), dim3(c.threads), args,
                                     c.dynamicSmem, 0);
}

bool run(int index) {
  const Config &c = kConfigs[index];
  int sms = 0, perSm = 0;
  cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, 0);
  if (c.dynamicSmem > 48 * 1024)
    cudaFuncSetAttribute(reduce, cudaFuncAttributeMaxDynamicSharedMemorySize, c.dynamicSmem);
  cudaError_t e = cudaOccupancyMaxActiveBlocksPerMultiprocessor(&perSm, reduce, c.threads,
                                                                c.dynamicSmem);
  const int blocks = sms * perSm;
  cudaFuncAttributes fa;
  cudaFuncGetAttributes(&fa, reduce);
  fprintf(stderr, "registers per thread: %d\n", fa.numRegs); // not compared
  printf("config %d: %d threads, %d bytes dynamic shared: %d blocks per SM (%s), %d SMs\n", index,
         c.threads, c.dynamicSmem, perSm, cudaGetErrorName(e), sms);
  const unsigned n = 2u * blocks * c.threads - 3; // every thread adds two but the last few
  std::vector<unsigned> h(n);
  unsigned long long want = 0;
  for (unsigned i = 0; i < n; ++i)
    want += h[i] = (i * 2654435761u) >> 20;
  unsigned *in;
  unsigned long long *partial, *total, *seen;
  cudaMalloc(&in, n * sizeof(unsigned));
  cudaMalloc(&partial, (blocks + 1) * sizeof(unsigned long long));
  cudaMalloc(&total, sizeof(unsigned long long));
  cudaMalloc(&seen, (blocks + 1) * sizeof(unsigned long long));
  cudaMemcpy(in, h.data(), n * sizeof(unsigned), cudaMemcpyHostToDevice);
  cudaMemset(seen, 0, (blocks + 1) * sizeof(unsigned long long));
  e = launch(c, blocks, in, n, partial, total, seen);
  const cudaError_t s = cudaDeviceSynchronize();
  std::vector<unsigned long long> got(blocks);
  cudaMemcpy(got.data(), seen, blocks * sizeof(unsigned long long), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int b = 0; b < blocks; ++b)
    wrong += got[b] != want;
  printf("config %d: %d blocks: %s, then %s; %d of %d blocks saw a wrong total\n", index, blocks,
         cudaGetErrorName(e), cudaGetErrorName(s), wrong, blocks);
  e = launch(c, blocks + 1, in, n, partial, total, seen);
  printf("config %d: %d blocks: %s, then %s\n", index, blocks + 1, cudaGetErrorName(e),
         cudaGetErrorName(cudaDeviceSynchronize()));
  cudaFree(in);
  cudaFree(partial);
  cudaFree(total);
  cudaFree(seen);
  return wrong == 0 && s == cudaSuccess && e == cudaErrorCooperativeLaunchTooLarge;
}

int main(int argc, char **argv) {
  const int count = static_cast<int>(sizeof kConfigs / sizeof kConfigs[0]);
  bool ok = true;
  if (argc > 1) {
    const int i = std::atoi(argv[1]);
    if (i < 0 || i >= count) {
      fprintf(stderr, "configuration %d does not exist (0..%d)\n", i, count - 1);
      return 2;
    }
    ok = run(i);
  } else {
    for (int i = 0; i < count; ++i)
      ok = run(i) && ok;
  }
  printf("%s\n", ok ? "PASS" : "FAIL");
  return ok ? 0 : 1;
}
