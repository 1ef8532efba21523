// CUB's device-wide algorithms (libcub-dev): DeviceReduce, DeviceScan,
// DeviceRadixSort, DeviceSelect and DeviceHistogram, with the two-call
// temporary-storage protocol, each checked against a host computation.
// Builds with nvcc as well.
#include <cub/device/device_histogram.cuh>
#include <cub/device/device_radix_sort.cuh>
#include <cub/device/device_reduce.cuh>
#include <cub/device/device_scan.cuh>
#include <cub/device/device_select.cuh>

#include <algorithm>
#include <cstdio>
#include <vector>

#define CHECK(call)                                                                                \
  do {                                                                                             \
    cudaError_t e = (call);                                                                        \
    if (e != cudaSuccess) {                                                                        \
      printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e));                            \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

struct IsEven {
  __host__ __device__ bool operator()(int x) const { return x % 2 == 0; }
};

int main() {
  const int n = 1000;
  std::vector<int> h(n);
  for (int i = 0; i < n; ++i)
    h[i] = (i * 7919) % 1009 - 500;
  int *d_in, *d_out, *d_num;
  CHECK(cudaMalloc(&d_in, n * sizeof(int)));
  CHECK(cudaMalloc(&d_out, n * sizeof(int)));
  CHECK(cudaMalloc(&d_num, sizeof(int)));
  CHECK(cudaMemcpy(d_in, h.data(), n * sizeof(int), cudaMemcpyHostToDevice));
  void *temp = nullptr;
  size_t bytes = 0;
  int bad = 0;

  // DeviceReduce::Sum
  CHECK(cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceReduce::Sum(temp, bytes, d_in, d_out, n));
  int sum = 0, want = 0;
  CHECK(cudaMemcpy(&sum, d_out, sizeof(int), cudaMemcpyDeviceToHost));
  for (int v : h)
    want += v;
  if (sum != want) {
    printf("DeviceReduce::Sum %d, expected %d\n", sum, want);
    ++bad;
  }
  CHECK(cudaFree(temp));

  // DeviceScan::InclusiveSum
  temp = nullptr;
  CHECK(cub::DeviceScan::InclusiveSum(temp, bytes, d_in, d_out, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceScan::InclusiveSum(temp, bytes, d_in, d_out, n));
  std::vector<int> out(n);
  CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  for (int i = 0, s = 0; i < n; ++i) {
    s += h[i];
    if (out[i] != s) {
      printf("DeviceScan::InclusiveSum[%d] %d, expected %d\n", i, out[i], s);
      ++bad;
      break;
    }
  }
  CHECK(cudaFree(temp));

  // DeviceRadixSort::SortKeys
  temp = nullptr;
  CHECK(cub::DeviceRadixSort::SortKeys(temp, bytes, d_in, d_out, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceRadixSort::SortKeys(temp, bytes, d_in, d_out, n));
  CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> sorted = h;
  std::sort(sorted.begin(), sorted.end());
  if (out != sorted) {
    printf("DeviceRadixSort::SortKeys: not sorted\n");
    ++bad;
  }
  CHECK(cudaFree(temp));

  // DeviceSelect::If
  temp = nullptr;
  CHECK(cub::DeviceSelect::If(temp, bytes, d_in, d_out, d_num, n, IsEven()));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceSelect::If(temp, bytes, d_in, d_out, d_num, n, IsEven()));
  int num = 0;
  CHECK(cudaMemcpy(&num, d_num, sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(cudaMemcpy(out.data(), d_out, n * sizeof(int), cudaMemcpyDeviceToHost));
  std::vector<int> evens;
  for (int v : h)
    if (v % 2 == 0)
      evens.push_back(v);
  if (num != (int)evens.size() || !std::equal(evens.begin(), evens.end(), out.begin())) {
    printf("DeviceSelect::If: %d selected, expected %zu\n", num, evens.size());
    ++bad;
  }
  CHECK(cudaFree(temp));

  // DeviceHistogram::HistogramEven: 10 bins over [-500, 500)
  int *d_hist;
  CHECK(cudaMalloc(&d_hist, 10 * sizeof(int)));
  temp = nullptr;
  CHECK(cub::DeviceHistogram::HistogramEven(temp, bytes, d_in, d_hist, 11, -500, 500, n));
  CHECK(cudaMalloc(&temp, bytes));
  CHECK(cub::DeviceHistogram::HistogramEven(temp, bytes, d_in, d_hist, 11, -500, 500, n));
  int hist[10];
  CHECK(cudaMemcpy(hist, d_hist, sizeof(hist), cudaMemcpyDeviceToHost));
  int whist[10] = {};
  for (int v : h)
    if (v >= -500 && v < 500)
      ++whist[(v + 500) / 100];
  for (int b = 0; b < 10; ++b)
    if (hist[b] != whist[b]) {
      printf("DeviceHistogram bin %d: %d, expected %d\n", b, hist[b], whist[b]);
      ++bad;
    }
  CHECK(cudaFree(temp));

  printf("sum %d, %d evens, first sorted %d\n", sum, num, sorted[0]);
  printf(bad ? "FAIL\n" : "PASS\n");
  return bad ? 1 : 0;
}
