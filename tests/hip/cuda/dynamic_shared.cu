// CUDA twin of tests/hip/dynamic_shared.hip: extern __shared__ for both
// kernels and cuda::atomic_ref's scoped atomics where HIP has
// __hip_atomic_*.
#include <cuda_runtime.h>

#include <cstdio>
#include <cuda/atomic>

__global__ void reverse_blocks(const int *in, int *out, int *odd_total) {
  extern __shared__ int tile[];
  __shared__ int odd;
  cuda::atomic_ref<int, cuda::thread_scope_block> odd_ref(odd);
  if (threadIdx.x == 0)
    odd_ref.store(0, cuda::memory_order_relaxed);
  __syncthreads();
  const int base = blockIdx.x * blockDim.x;
  tile[threadIdx.x] = in[base + threadIdx.x];
  if (tile[threadIdx.x] & 1)
    odd_ref.fetch_add(1, cuda::memory_order_relaxed);
  __syncthreads();
  out[base + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
  if (threadIdx.x == 0)
    cuda::atomic_ref<int, cuda::thread_scope_device>(*odd_total)
        .fetch_add(odd_ref.load(cuda::memory_order_relaxed), cuda::memory_order_relaxed);
}

__global__ void block_max(const int *in, int *out) {
  extern __shared__ int vals[];
  vals[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int m = vals[0];
    for (unsigned t = 1; t < blockDim.x; ++t)
      m = vals[t] > m ? vals[t] : m;
    cuda::atomic_ref<int, cuda::thread_scope_device> ref(*out);
    int seen = ref.load(cuda::memory_order_relaxed);
    while (seen < m && !ref.compare_exchange_strong(seen, m, cuda::memory_order_relaxed)) {
    }
  }
}

int main() {
  const int blocks = 8, block = 128, n = blocks * block;
  int *in, *out, *odd, *mx;
  cudaMallocManaged(&in, n * sizeof(int));
  cudaMallocManaged(&out, n * sizeof(int));
  cudaMallocManaged(&odd, sizeof(int));
  cudaMallocManaged(&mx, sizeof(int));
  int odd_expect = 0, max_expect = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 7919) % 1009;
    odd_expect += in[i] & 1;
    max_expect = in[i] > max_expect ? in[i] : max_expect;
  }
  *odd = 0;
  *mx = -1;
  reverse_blocks<<<dim3(blocks), dim3(block), block * sizeof(int), 0>>>(in, out, odd);
  block_max<<<blocks, block, block * sizeof(int)>>>(in, mx);
  if (cudaDeviceSynchronize() != cudaSuccess)
    return 1;
  int reversed = 0;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < block; ++t)
      reversed += out[b * block + t] == in[b * block + block - 1 - t];
  std::printf("dynamic_shared: reversed=%d/%d odd=%d expected=%d max=%d expected=%d\n", reversed, n,
              *odd, odd_expect, *mx, max_expect);
  const bool ok = reversed == n && *odd == odd_expect && *mx == max_expect;
  cudaFree(in);
  cudaFree(out);
  cudaFree(odd);
  cudaFree(mx);
  return ok ? 0 : 1;
}
