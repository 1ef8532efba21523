// Blocks of a direct launch on several host threads (--jobs 3,
// docs/architecture.md "Blocks of a direct launch on several host
// threads"): kernels that stay on the direct path, and the ways a launch
// whose blocks run at once goes back to fibers. Each prints what it computed:
// under fibers and under auto (any --jobs) the output must be the same.
// ENGINE-EXPECT: own: compiled, direct
// ENGINE-EXPECT: staged: compiled, direct
// ENGINE-EXPECT: count: compiled, direct
// ENGINE-EXPECT: cross: fibers: two threads met on a word
// ENGINE-EXPECT: peek: fibers: two threads met on a word
// ENGINE-EXPECT: touched: fibers: two threads met on a word
// ENGINE-EXPECT: late: fibers: a __shared__ variable the launch's first block did not use
// ENGINE-EXPECT: smooth: compiled, direct
// ENGINE-NOT: smooth: fibers
#include <cstdio>

constexpr int kBlocks = 8, kThreads = 64, kN = kBlocks * kThreads;

__global__ void own(int *out) { // each thread its own word
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = 3 * i + 1;
}

// A block's global scratch across a barrier: its threads read what others
// of the block wrote before it (ordered), while other blocks run at once.
__global__ void staged(int *buf, int *out) {
  const int base = blockIdx.x * blockDim.x;
  buf[base + threadIdx.x] = threadIdx.x * 7 + blockIdx.x;
  __syncthreads();
  out[base + threadIdx.x] = buf[base + (threadIdx.x + 1) % blockDim.x];
}

// Atomics of one class whose results nobody reads, from every block.
__global__ void count(unsigned *hist, const int *in) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  atomicAdd(&hist[in[i] & 7], 1u);
}

// Block b's first thread reads the word block b-1's last thread writes.
__global__ void cross(int *data) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  data[i] += 1;
  if (threadIdx.x == 0 && blockIdx.x > 0)
    data[i] += data[i - 1];
}

// One thread reads a counter every thread adds to: what it sees depends on
// the order.
__global__ void peek(unsigned *counter, unsigned *seen) {
  if (blockIdx.x == 1 && threadIdx.x == 0)
    seen[0] = *counter;
  atomicAdd(counter, 1u);
}

// Every block reads the counter, then (after its barrier) adds to it.
__global__ void touched(unsigned *counter, unsigned *seen) {
  if (threadIdx.x == 0)
    seen[blockIdx.x] = *counter;
  __syncthreads();
  atomicAdd(counter, 1u);
}

// The first block never calls the function with the tile: on several host
// threads the launch's shared layout would change while blocks run.
__device__ __noinline__ int stash(int v) {
  __shared__ int tile[kThreads];
  tile[threadIdx.x] = v;
  return tile[threadIdx.x] * 2;
}

__global__ void late(int *out) {
  if (blockIdx.x == 0) {
    out[threadIdx.x] = -1;
    return;
  }
  out[blockIdx.x * blockDim.x + threadIdx.x] = stash(blockIdx.x + threadIdx.x);
}

// A stencil's ping-pong: each launch reads what every block's neighbours
// read (readers of several blocks), and the next launch writes it.
__global__ void smooth(const int *in, int *out) {
  const int i = blockIdx.x * blockDim.x + threadIdx.x;
  const int l = i > 0 ? in[i - 1] : 0, r = i + 1 < kN ? in[i + 1] : 0;
  out[i] = (l + 2 * in[i] + r) / 4;
}

static long long sum(const int *d, int n) {
  static int h[kN];
  cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost);
  long long s = 0;
  for (int i = 0; i < n; ++i)
    s += static_cast<long long>(h[i]) * (i % 13 + 1);
  return s;
}

int main() {
  int *a, *b, *c;
  unsigned *u, *seen;
  cudaMalloc(&a, kN * sizeof(int));
  cudaMalloc(&b, kN * sizeof(int));
  cudaMalloc(&c, kN * sizeof(int));
  cudaMalloc(&u, 8 * sizeof(unsigned));
  cudaMalloc(&seen, kBlocks * sizeof(unsigned));

  own<<<kBlocks, kThreads>>>(a);
  std::printf("own: %lld\n", sum(a, kN));
  staged<<<kBlocks, kThreads>>>(b, c);
  std::printf("staged: %lld\n", sum(c, kN));
  cudaMemset(u, 0, 8 * sizeof(unsigned));
  count<<<kBlocks, kThreads>>>(u, a);
  unsigned hist[8];
  cudaMemcpy(hist, u, sizeof hist, cudaMemcpyDeviceToHost);
  std::printf("count:");
  for (unsigned h : hist)
    std::printf(" %u", h);
  std::printf("\n");
  cudaMemset(b, 0, kN * sizeof(int));
  cross<<<kBlocks, kThreads>>>(b);
  std::printf("cross: %lld\n", sum(b, kN));
  cudaMemset(u, 0, sizeof(unsigned));
  cudaMemset(seen, 0, kBlocks * sizeof(unsigned));
  peek<<<kBlocks, kThreads>>>(u, seen);
  unsigned total = 0, first = 0;
  cudaMemcpy(&total, u, sizeof total, cudaMemcpyDeviceToHost);
  cudaMemcpy(&first, seen, sizeof first, cudaMemcpyDeviceToHost);
  std::printf("peek: total %u, block 1 saw %s\n", total, first < total ? "less" : "all");
  cudaMemset(u, 0, sizeof(unsigned));
  touched<<<kBlocks, kThreads>>>(u, seen);
  cudaMemcpy(&total, u, sizeof total, cudaMemcpyDeviceToHost);
  std::printf("touched: total %u\n", total);
  late<<<kBlocks, kThreads>>>(c);
  std::printf("late: %lld\n", sum(c, kN));
  for (int step = 0; step < 4; ++step) {
    smooth<<<kBlocks, kThreads>>>(a, c);
    smooth<<<kBlocks, kThreads>>>(c, a);
  }
  std::printf("smooth: %lld\n", sum(a, kN));
  cudaFree(a);
  cudaFree(b);
  cudaFree(c);
  cudaFree(u);
  cudaFree(seen);
  return 0;
}
