// Under `check`, --engine auto runs a kernel on the direct path, checked
// (docs/architecture.md, "Two engines"): the checkers hear nothing of the
// launch; what any of them could report sends it back to fibers, which
// report it. engine.sh compares the output and report with fibers' byte for
// byte and --timing with these lines.
// ENGINE-EXPECT: tree: compiled, direct, checked, from barrier to barrier
// ENGINE-EXPECT: own_writes: compiled, direct, checked
// ENGINE-EXPECT: read_back: compiled, direct, checked
// ENGINE-EXPECT: uninit_shared: fibers: a checker would judge an access
// ENGINE-EXPECT: uninit_global: fibers: a checker would judge an access
// ENGINE-EXPECT: past_end: fibers: the memory checker rejected an access
// ENGINE-EXPECT: early_exit: fibers: threads of a block exited while others waited at a barrier
// ENGINE-EXPECT: block_atomics: fibers: two threads met on a word
// ENGINE-EXPECT: device_atomics: compiled, direct, checked
// ENGINE-NOT: tree: fibers
// ENGINE-NOT: own_writes: fibers
// ENGINE-NOT: read_back: fibers
// ENGINE-NOT: device_atomics: fibers
#include <cstdio>
#include <cuda_runtime.h>

// Clean: a shared-memory tree reduction, every word written before it is read.
__global__ void tree(const int *in, int *out) {
  __shared__ int s[128];
  const unsigned t = threadIdx.x;
  s[t] = in[blockIdx.x * blockDim.x + t];
  __syncthreads();
  for (unsigned stride = blockDim.x / 2; stride > 0; stride /= 2) {
    if (t < stride)
      s[t] += s[t + stride];
    __syncthreads();
  }
  if (t == 0)
    out[blockIdx.x] = s[0];
}

// Clean: each thread reads back what it wrote, in a buffer no one wrote
// before the launch.
__global__ void own_writes(int *buf) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  buf[i] = static_cast<int>(i);
  buf[i] += 1;
}

// Clean: what the last launch wrote is initialised now.
__global__ void read_back(const int *buf, int *out) {
  const unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
  out[i] = buf[i] * 2;
}

// Bug: reads a shared word no thread wrote.
__global__ void uninit_shared(int *out) {
  __shared__ int s[64];
  if (threadIdx.x < 32)
    s[threadIdx.x] = 1;
  __syncthreads();
  out[threadIdx.x] = s[threadIdx.x]; // threads 32..63: never written
}

// Bug: reads device memory nothing wrote.
__global__ void uninit_global(const int *fresh, int *out) {
  out[threadIdx.x] = fresh[threadIdx.x] + 1;
}

// Bug: the last thread reads one element past the allocation.
__global__ void past_end(const int *in, int *out, int n) {
  const int i = static_cast<int>(threadIdx.x);
  out[i] = in[i + 1 == n ? n : i];
}

// Bug: a whole warp leaves before the barrier the others wait at.
__global__ void early_exit(int *out, int n) {
  __shared__ int s[64];
  const int t = static_cast<int>(threadIdx.x);
  if (t >= n)
    return;
  s[t] = t;
  __syncthreads();
  out[t] = s[(t + 1) % n];
}

// Bug: block-scope atomics of different blocks on one global word race.
__global__ void block_atomics(int *counter) { atomicAdd_block(counter, 1); }

// Clean: device-scope atomics whose results nobody reads commute.
__global__ void device_atomics(int *counter) { atomicAdd(counter, 1); }

int main() {
  const int blocks = 4, threads = 128, n = blocks * threads;
  int *in, *out, *buf, *fresh, *counter, *small;
  cudaMalloc(&in, n * sizeof(int));
  cudaMalloc(&out, n * sizeof(int));
  cudaMalloc(&buf, n * sizeof(int));
  cudaMalloc(&fresh, 64 * sizeof(int));
  cudaMalloc(&counter, 2 * sizeof(int));
  cudaMalloc(&small, 64 * sizeof(int));
  cudaMemset(small, 0, 64 * sizeof(int));
  int host[n];
  for (int i = 0; i < n; ++i)
    host[i] = i % 7;
  cudaMemcpy(in, host, sizeof host, cudaMemcpyHostToDevice);
  cudaMemset(counter, 0, 2 * sizeof(int));

  tree<<<blocks, threads>>>(in, out);
  cudaMemcpy(host, out, blocks * sizeof(int), cudaMemcpyDeviceToHost);
  std::printf("tree: %d %d %d %d\n", host[0], host[1], host[2], host[3]);

  own_writes<<<blocks, threads>>>(buf);
  read_back<<<blocks, threads>>>(buf, out);
  cudaMemcpy(host, out, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("read_back: %d %d\n", host[0], host[n - 1]);

  uninit_shared<<<1, 64>>>(out);
  uninit_global<<<1, 64>>>(fresh, out);
  past_end<<<1, 64>>>(small, out, 64);
  std::printf("past_end: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  early_exit<<<1, 64>>>(out, 32);
  block_atomics<<<blocks, 32>>>(counter);
  device_atomics<<<blocks, 32>>>(counter + 1);
  int c[2];
  cudaMemcpy(c, counter, sizeof c, cudaMemcpyDeviceToHost);
  std::printf("atomics: %d %d\n", c[0], c[1]);
  return 0;
}
