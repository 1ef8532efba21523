// Dynamic shared memory both ways HIP spells it (HIP_DYNAMIC_SHARED and
// extern __shared__), sized at the launch, and HIP's scoped atomics
// (__hip_atomic_fetch_add at workgroup scope on shared memory, at agent
// scope on global memory, __hip_atomic_load/store, compare-exchange).
// CUDA twin: cuda/dynamic_shared.cu (same output).
#include <hip/hip_runtime.h>

#include <cstdio>

// Reverses each block's slice through shared memory and counts, per block,
// the elements that are odd.
__global__ void reverse_blocks(const int *in, int *out, int *odd_total) {
  HIP_DYNAMIC_SHARED(int, tile)
  __shared__ int odd;
  if (threadIdx.x == 0)
    __hip_atomic_store(&odd, 0, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  const int base = blockIdx.x * blockDim.x;
  tile[threadIdx.x] = in[base + threadIdx.x];
  if (tile[threadIdx.x] & 1)
    __hip_atomic_fetch_add(&odd, 1, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP);
  __syncthreads();
  out[base + threadIdx.x] = tile[blockDim.x - 1 - threadIdx.x];
  if (threadIdx.x == 0)
    __hip_atomic_fetch_add(odd_total,
                           __hip_atomic_load(&odd, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_WORKGROUP),
                           __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
}

// A running maximum kept with a compare-exchange loop, in the second
// spelling of dynamic shared memory.
__global__ void block_max(const int *in, int *out) {
  extern __shared__ int vals[];
  vals[threadIdx.x] = in[blockIdx.x * blockDim.x + threadIdx.x];
  __syncthreads();
  if (threadIdx.x == 0) {
    int m = vals[0];
    for (unsigned t = 1; t < blockDim.x; ++t)
      m = vals[t] > m ? vals[t] : m;
    int seen = __hip_atomic_load(out, __ATOMIC_RELAXED, __HIP_MEMORY_SCOPE_AGENT);
    while (seen < m && !__hip_atomic_compare_exchange_strong(out, &seen, m, __ATOMIC_RELAXED,
                                                             __ATOMIC_RELAXED,
                                                             __HIP_MEMORY_SCOPE_AGENT)) {
    }
  }
}

int main() {
  const int blocks = 8, block = 128, n = blocks * block;
  int *in, *out, *odd, *mx;
  hipMallocManaged(&in, n * sizeof(int));
  hipMallocManaged(&out, n * sizeof(int));
  hipMallocManaged(&odd, sizeof(int));
  hipMallocManaged(&mx, sizeof(int));
  int odd_expect = 0, max_expect = 0;
  for (int i = 0; i < n; ++i) {
    in[i] = (i * 7919) % 1009;
    odd_expect += in[i] & 1;
    max_expect = in[i] > max_expect ? in[i] : max_expect;
  }
  *odd = 0;
  *mx = -1;
  hipLaunchKernelGGL(reverse_blocks, dim3(blocks), dim3(block), block * sizeof(int), 0, in, out,
                     odd);
  block_max<<<blocks, block, block * sizeof(int)>>>(in, mx);
  if (hipDeviceSynchronize() != hipSuccess)
    return 1;
  int reversed = 0;
  for (int b = 0; b < blocks; ++b)
    for (int t = 0; t < block; ++t)
      reversed += out[b * block + t] == in[b * block + block - 1 - t];
  std::printf("dynamic_shared: reversed=%d/%d odd=%d expected=%d max=%d expected=%d\n", reversed,
              n, *odd, odd_expect, *mx, max_expect);
  const bool ok = reversed == n && *odd == odd_expect && *mx == max_expect;
  hipFree(in);
  hipFree(out);
  hipFree(odd);
  hipFree(mx);
  return ok ? 0 : 1;
}
