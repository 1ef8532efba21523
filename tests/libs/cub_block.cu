// CUB's block and warp primitives (libcub-dev): WarpReduce, BlockReduce,
// BlockScan, BlockLoad/BlockStore and BlockRadixSort, each checked against a
// host computation. Builds with nvcc as well.
// The primitives' own headers (<cub/cub.cuh> is tests/libs/cub_tex_iterator.cu).
#include <cub/block/block_load.cuh>
#include <cub/block/block_radix_sort.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/block/block_store.cuh>
#include <cub/warp/warp_reduce.cuh>

#include <algorithm>
#include <cstdio>
#include <vector>

constexpr int kThreads = 64;
constexpr int kItems = 4;
constexpr int kTile = kThreads * kItems;

__global__ void warp_sums(const int *in, int *out) {
  using WarpReduce = cub::WarpReduce<int>;
  __shared__ typename WarpReduce::TempStorage temp[kThreads / 32];
  int warp = threadIdx.x / 32;
  int sum = WarpReduce(temp[warp]).Sum(in[threadIdx.x]);
  if (threadIdx.x % 32 == 0)
    out[warp] = sum;
}

__global__ void block_reduce_scan(const int *in, int *sum, int *max, int *scan) {
  using BlockReduce = cub::BlockReduce<int, kThreads>;
  using BlockScan = cub::BlockScan<int, kThreads>;
  __shared__ union {
    typename BlockReduce::TempStorage reduce;
    typename BlockScan::TempStorage scan;
  } temp;
  int v = in[threadIdx.x];
  int s = BlockReduce(temp.reduce).Sum(v);
  __syncthreads();
  int m = BlockReduce(temp.reduce).Reduce(v, cub::Max());
  __syncthreads();
  int prefix;
  BlockScan(temp.scan).ExclusiveSum(v, prefix);
  scan[threadIdx.x] = prefix;
  if (threadIdx.x == 0) {
    *sum = s;
    *max = m;
  }
}

__global__ void load_sort_store(const unsigned *in, unsigned *out) {
  using Load = cub::BlockLoad<unsigned, kThreads, kItems, cub::BLOCK_LOAD_TRANSPOSE>;
  using Store = cub::BlockStore<unsigned, kThreads, kItems, cub::BLOCK_STORE_TRANSPOSE>;
  using Sort = cub::BlockRadixSort<unsigned, kThreads, kItems>;
  __shared__ union {
    typename Load::TempStorage load;
    typename Store::TempStorage store;
    typename Sort::TempStorage sort;
  } temp;
  unsigned items[kItems];
  Load(temp.load).Load(in, items);
  __syncthreads();
  Sort(temp.sort).Sort(items);
  __syncthreads();
  Store(temp.store).Store(out, items);
}

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e = (call);                                                                        \
    if (e != cudaSuccess) {                                                                        \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));                            \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

int main() {
  std::vector<int> h(kThreads);
  for (int i = 0; i < kThreads; ++i)
    h[i] = (i * 37 + 11) % 101 - 50;
  std::vector<unsigned> keys(kTile);
  for (int i = 0; i < kTile; ++i)
    keys[i] = (unsigned)(i * 2654435761u) >> 7;

  int *d_in, *d_out, *d_sum, *d_max, *d_scan;
  unsigned *d_keys, *d_sorted;
  CHECK(cudaMalloc(&d_in, kThreads * sizeof(int)));
  CHECK(cudaMalloc(&d_out, 2 * sizeof(int)));
  CHECK(cudaMalloc(&d_sum, sizeof(int)));
  CHECK(cudaMalloc(&d_max, sizeof(int)));
  CHECK(cudaMalloc(&d_scan, kThreads * sizeof(int)));
  CHECK(cudaMalloc(&d_keys, kTile * sizeof(unsigned)));
  CHECK(cudaMalloc(&d_sorted, kTile * sizeof(unsigned)));
  CHECK(cudaMemcpy(d_in, h.data(), kThreads * sizeof(int), cudaMemcpyHostToDevice));
  CHECK(cudaMemcpy(d_keys, keys.data(), kTile * sizeof(unsigned), cudaMemcpyHostToDevice));

  warp_sums<<<1, kThreads>>>(d_in, d_out);
  block_reduce_scan<<<1, kThreads>>>(d_in, d_sum, d_max, d_scan);
  load_sort_store<<<1, kThreads>>>(d_keys, d_sorted);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());

  int warps[2], sum, max;
  std::vector<int> scan(kThreads);
  std::vector<unsigned> sorted(kTile);
  CHECK(cudaMemcpy(warps, d_out, sizeof(warps), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&sum, d_sum, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(&max, d_max, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(scan.data(), d_scan, kThreads * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(sorted.data(), d_sorted, kTile * sizeof(unsigned), cudaMemcpyDeviceToHost));

  int bad = 0;
  int w0 = 0, w1 = 0, total = 0, hmax = h[0];
  for (int i = 0; i < kThreads; ++i) {
    (i < 32 ? w0 : w1) += h[i];
    if (scan[i] != total) {
      printf("scan[%d] = %d, expected %d\n", i, scan[i], total);
      ++bad;
    }
    total += h[i];
    hmax = std::max(hmax, h[i]);
  }
  if (warps[0] != w0 || warps[1] != w1) {
    printf("warp sums %d %d, expected %d %d\n", warps[0], warps[1], w0, w1);
    ++bad;
  }
  if (sum != total || max != hmax) {
    printf("block sum %d max %d, expected %d %d\n", sum, max, total, hmax);
    ++bad;
  }
  std::sort(keys.begin(), keys.end());
  for (int i = 0; i < kTile; ++i)
    if (sorted[i] != keys[i]) {
      printf("sorted[%d] = %u, expected %u\n", i, sorted[i], keys[i]);
      ++bad;
      break;
    }
  printf("warp sums %d %d, block sum %d, max %d, sorted %u..%u\n", w0, w1, sum, max, sorted[0],
         sorted[kTile - 1]);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
