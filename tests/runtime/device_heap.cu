// The device heap: per-thread scratch lists built with malloc in one kernel
// and consumed (and freed) in the next, new/delete of an object with a
// constructor and new[]/delete[] of objects with a destructor, heap
// exhaustion handled (malloc returns NULL), and what the runtime API says
// about heap pointers and the heap limit. Prints PASS when every result is
// right; valid for nvcc on an H100.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define checkCudaErrors(call)                                                                      \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      std::printf("CUDA error %s at %s:%d\n", cudaGetErrorName(err_), __FILE__, __LINE__);        \
      std::exit(1);                                                                                \
    }                                                                                              \
  } while (0)

static int failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAILED: %s (line %d)\n", #cond, __LINE__);                                      \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)

struct Item {
  int value;
  Item *next;
};

struct Tally {
  int owner;
  long long total;
  __device__ explicit Tally(int o) : owner(o), total(0) {}
};

struct Counted {
  int *deaths;
  int tag;
  __device__ Counted() : deaths(nullptr), tag(7) {}
  __device__ ~Counted() {
    if (deaths != nullptr)
      atomicAdd(deaths, tag);
  }
};

// Each thread builds a list of (i % 5) + 1 items holding i * 10 + k.
__global__ void buildLists(Item **heads, Tally **tallies, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i >= n)
    return;
  Item *head = nullptr;
  for (int k = (i % 5); k >= 0; --k) {
    Item *it = static_cast<Item *>(malloc(sizeof(Item)));
    if (it == nullptr)
      break;
    it->value = i * 10 + k;
    it->next = head;
    head = it;
  }
  heads[i] = head;
  if (threadIdx.x == 0)
    tallies[blockIdx.x] = new Tally(blockIdx.x);
}

// Sums each list into its block's tally, frees the items, then the tallies.
__global__ void consumeLists(Item **heads, Tally **tallies, long long *sums, int *counts, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    long long s = 0;
    int c = 0;
    for (Item *it = heads[i]; it != nullptr;) {
      Item *next = it->next;
      s += it->value;
      ++c;
      free(it);
      it = next;
    }
    sums[i] = s;
    counts[i] = c;
    atomicAdd(reinterpret_cast<unsigned long long *>(&tallies[blockIdx.x]->total),
              static_cast<unsigned long long>(s));
  }
  __syncthreads();
  if (threadIdx.x == 0) {
    sums[n + blockIdx.x] = tallies[blockIdx.x]->total * 1000 + tallies[blockIdx.x]->owner;
    delete tallies[blockIdx.x];
  }
}

// new[]/delete[] of objects with a destructor; an oversized malloc fails.
__global__ void arraysAndExhaustion(int *deaths, int *flags, size_t tooBig) {
  Counted *arr = new Counted[3];
  if (arr == nullptr) {
    flags[0] = -1;
    return;
  }
  flags[1] = arr[0].tag + arr[1].tag + arr[2].tag;
  for (int k = 0; k < 3; ++k) {
    arr[k].deaths = deaths;
    arr[k].tag = k + 1;
  }
  delete[] arr;
  void *huge = malloc(tooBig);
  flags[0] = huge == nullptr ? 1 : 2;
  free(huge); // free(NULL) does nothing
  int *small = static_cast<int *>(malloc(4 * sizeof(int)));
  flags[2] = small != nullptr;
  free(small);
}

int main() {
  const size_t heapBytes = size_t{4} << 20;
  checkCudaErrors(cudaDeviceSetLimit(cudaLimitMallocHeapSize, heapBytes));
  size_t limit = 0;
  checkCudaErrors(cudaDeviceGetLimit(&limit, cudaLimitMallocHeapSize));
  CHECK(limit >= heapBytes);

  const int blocks = 3, threads = 64, n = blocks * threads - 10;
  Item **heads;
  Tally **tallies;
  long long *sums;
  int *counts;
  checkCudaErrors(cudaMalloc(&heads, n * sizeof(Item *)));
  checkCudaErrors(cudaMalloc(&tallies, blocks * sizeof(Tally *)));
  checkCudaErrors(cudaMalloc(&sums, (n + blocks) * sizeof(long long)));
  checkCudaErrors(cudaMalloc(&counts, n * sizeof(int)));
  buildLists<<<blocks, threads>>>(heads, tallies, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());

  // A heap block is device memory the runtime API does not know.
  Item *first = nullptr;
  checkCudaErrors(cudaMemcpy(&first, heads, sizeof first, cudaMemcpyDeviceToHost));
  CHECK(first != nullptr);
  Item copy;
  CHECK(cudaMemcpy(&copy, first, sizeof copy, cudaMemcpyDeviceToHost) == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);
  // The heap size is fixed once a kernel has used malloc.
  CHECK(cudaDeviceSetLimit(cudaLimitMallocHeapSize, heapBytes * 2) == cudaErrorInvalidValue);
  CHECK(cudaGetLastError() == cudaErrorInvalidValue);

  consumeLists<<<blocks, threads>>>(heads, tallies, sums, counts, n);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());

  long long hs[blocks * threads + blocks];
  int hc[blocks * threads];
  checkCudaErrors(cudaMemcpy(hs, sums, (n + blocks) * sizeof(long long), cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(hc, counts, n * sizeof(int), cudaMemcpyDeviceToHost));
  long long blockTotal[blocks] = {0, 0, 0};
  for (int i = 0; i < n; ++i) {
    const int len = i % 5 + 1;
    long long want = 0;
    for (int k = 0; k < len; ++k)
      want += i * 10 + k;
    CHECK(hc[i] == len);
    CHECK(hs[i] == want);
    blockTotal[i / threads] += want;
  }
  for (int b = 0; b < blocks; ++b)
    CHECK(hs[n + b] == blockTotal[b] * 1000 + b);

  int *deaths, *flags;
  checkCudaErrors(cudaMalloc(&deaths, sizeof(int)));
  checkCudaErrors(cudaMalloc(&flags, 3 * sizeof(int)));
  checkCudaErrors(cudaMemset(deaths, 0, sizeof(int)));
  checkCudaErrors(cudaMemset(flags, 0, 3 * sizeof(int)));
  arraysAndExhaustion<<<1, 1>>>(deaths, flags, heapBytes * 2);
  checkCudaErrors(cudaGetLastError());
  checkCudaErrors(cudaDeviceSynchronize());
  int hd = 0, hf[3];
  checkCudaErrors(cudaMemcpy(&hd, deaths, sizeof hd, cudaMemcpyDeviceToHost));
  checkCudaErrors(cudaMemcpy(hf, flags, sizeof hf, cudaMemcpyDeviceToHost));
  CHECK(hf[1] == 21); // three constructors ran
  CHECK(hd == 6);     // three destructors ran: 1 + 2 + 3
  CHECK(hf[0] == 1);  // the oversized malloc returned NULL
  CHECK(hf[2] == 1);  // and the heap still serves small requests

  checkCudaErrors(cudaFree(heads));
  checkCudaErrors(cudaFree(tallies));
  checkCudaErrors(cudaFree(sums));
  checkCudaErrors(cudaFree(counts));
  checkCudaErrors(cudaFree(deaths));
  checkCudaErrors(cudaFree(flags));
  if (failures == 0)
    std::printf("PASS\n");
  return failures == 0 ? 0 : 1;
}
