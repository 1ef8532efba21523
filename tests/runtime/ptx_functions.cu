// <cuda/ptx> as Hopper code uses it, self-checked:
//  1. TMA without a tensor map: one elected thread arms an mbarrier with
//     mbarrier_arrive_expect_tx and issues cp_async_bulk global -> shared;
//     every thread arrives and waits with mbarrier_try_wait; the results go
//     back with cp_async_bulk shared -> global after fence_proxy_async,
//     cp_async_bulk_commit_group and cp_async_bulk_wait_group_read. Two
//     tiles reuse the mbarrier (the second waits by parity);
//  2. mbarrier_init / mbarrier_arrive (plain, with a count, .release.cta)
//     / mbarrier_test_wait(_parity) / mbarrier_expect_tx, and
//     cp_async_mbarrier_arrive completing a phase once cp.async copies land;
//  3. fence(sem_sc / sem_acq_rel, scope_*).
#include <cstdint>
#include <cstdio>
#include <cuda/ptx>
#include <cuda_pipeline.h>
#include <cuda_runtime.h>

namespace ptx = cuda::ptx;

#define checkCudaErrors(call)                                                                      \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__);            \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

constexpr int kN = 256;

// 1. out = 3 * reverse(in), tile by tile.
__global__ void bulkTiles(const float *in, float *out, int ntiles) {
  __shared__ __align__(16) float tile[kN];
  __shared__ __align__(16) float result[kN];
  __shared__ std::uint64_t bar;
  const unsigned t = threadIdx.x;
  if (t == 0)
    ptx::mbarrier_init(&bar, blockDim.x);
  __syncthreads();
  for (int i = 0; i < ntiles; ++i) {
    const float *src = in + (blockIdx.x * ntiles + i) * kN;
    std::uint64_t state;
    if (t == 0) {
      state = ptx::mbarrier_arrive_expect_tx(ptx::sem_release, ptx::scope_cta, ptx::space_shared,
                                             &bar, kN * sizeof(float));
      ptx::cp_async_bulk(ptx::space_cluster, ptx::space_global, tile, src, kN * sizeof(float),
                         &bar);
    } else {
      state = ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar);
    }
    if (i % 2 == 0) {
      while (!ptx::mbarrier_try_wait(ptx::sem_acquire, ptx::scope_cta, &bar, state)) {
      }
    } else {
      while (!ptx::mbarrier_try_wait_parity(&bar, i % 2)) {
      }
    }
    result[t] = 3.0f * tile[kN - 1 - t];
    ptx::fence_proxy_async(ptx::space_shared); // the generic writes, for the bulk store
    __syncthreads();
    if (t == 0) {
      ptx::cp_async_bulk(ptx::space_global, ptx::space_shared, out + (blockIdx.x * ntiles + i) * kN,
                         result, kN * sizeof(float));
      ptx::cp_async_bulk_commit_group();
      ptx::cp_async_bulk_wait_group_read(ptx::n32_t<0>()); // result may be rewritten after
    }
    __syncthreads();
  }
  if (t == 0)
    ptx::cp_async_bulk_wait_group(ptx::n32_t<0>());
}

// 2. flags[t] records what the waits saw.
__global__ void mbarrierOps(const int *in, int *out, int *flags) {
  __shared__ std::uint64_t bar[3];
  __shared__ int staged[64];
  const unsigned t = threadIdx.x;
  if (t == 0) {
    ptx::mbarrier_init(&bar[0], 64);
    ptx::mbarrier_init(&bar[1], 2);
    ptx::mbarrier_init(&bar[2], 64);
  }
  __syncthreads();
  int seen = 0;
  // bar[0]: 32 arrivals of one and one of 32: the phase completes with the
  // last of them; before the arrival test_wait on phase 0 is false.
  if (t == 0)
    seen |= ptx::mbarrier_test_wait_parity(&bar[0], 0) ? 1 : 0;
  __syncthreads();
  std::uint64_t s0 = 0;
  if (t < 32)
    s0 = ptx::mbarrier_arrive(&bar[0]);
  else if (t == 32)
    s0 = ptx::mbarrier_arrive(&bar[0], 32);
  if (t <= 32)
    while (!ptx::mbarrier_test_wait(&bar[0], s0)) {
    }
  __syncthreads();
  if (t == 0)
    seen |= ptx::mbarrier_test_wait_parity(&bar[0], 0) ? 2 : 0;
  // bar[1]: two arrivals and 16 bytes announced with expect_tx, which a
  // bulk copy completes.
  __shared__ int4 bulk; // 16-byte aligned, as cp.async.bulk needs
  if (t == 0) {
    ptx::mbarrier_expect_tx(ptx::sem_relaxed, ptx::scope_cta, ptx::space_shared, &bar[1],
                            sizeof bulk);
    ptx::cp_async_bulk(ptx::space_shared, ptx::space_global, &bulk, in + 64, sizeof bulk, &bar[1]);
  }
  if (t < 2) {
    const std::uint64_t s1 =
        ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar[1], 1);
    while (!ptx::mbarrier_try_wait(&bar[1], s1, 1000)) {
    }
    seen |= (t == 0 ? bulk.x : bulk.y) == in[64 + t] ? 4 : 0;
  }
  // bar[2]: every thread's cp.async lands before the phase completes.
  __pipeline_memcpy_async(&staged[t], &in[t], sizeof(int));
  ptx::cp_async_mbarrier_arrive(&bar[2]);
  ptx::mbarrier_arrive(ptx::sem_release, ptx::scope_cta, ptx::space_shared, &bar[2]);
  while (!ptx::mbarrier_try_wait_parity(ptx::sem_acquire, ptx::scope_cta, &bar[2], 0, 1000)) {
  }
  out[t] = staged[63 - t];
  if (t < 2)
    flags[t] = seen;
}

// 3. A message passed through global memory with fences.
__global__ void fences(int *data, int *flag, int *seen) {
  if (threadIdx.x == 0) {
    data[0] = 42;
    ptx::fence(ptx::sem_sc, ptx::scope_gpu);
    atomicExch(flag, 1);
  } else if (threadIdx.x == 32) {
    while (atomicAdd(flag, 0) == 0) {
    }
    ptx::fence(ptx::sem_acq_rel, ptx::scope_gpu);
    seen[0] = data[0];
    ptx::fence(ptx::sem_acq_rel, ptx::scope_cta);
    ptx::fence(ptx::sem_sc, ptx::scope_sys);
  }
}

int main() {
  int bad = 0;
  { // 1
    const int blocks = 2, ntiles = 3, n = blocks * ntiles * kN;
    float *h = new float[n], *res = new float[n], *in, *out;
    for (int i = 0; i < n; ++i)
      h[i] = static_cast<float>(i % 41);
    checkCudaErrors(cudaMalloc(&in, n * sizeof(float)));
    checkCudaErrors(cudaMalloc(&out, n * sizeof(float)));
    checkCudaErrors(cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice));
    bulkTiles<<<blocks, kN>>>(in, out, ntiles);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, n * sizeof(float), cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int tile = 0; tile < blocks * ntiles; ++tile)
      for (int t = 0; t < kN; ++t)
        wrong += res[tile * kN + t] != 3.0f * h[tile * kN + kN - 1 - t];
    printf("bulk tiles: %d wrong\n", wrong);
    bad += wrong;
    delete[] h;
    delete[] res;
    cudaFree(in);
    cudaFree(out);
  }
  { // 2
    int h[68], res[64], flags[2], *in, *out, *dflags;
    for (int i = 0; i < 68; ++i)
      h[i] = i * 3 + 1;
    checkCudaErrors(cudaMalloc(&in, sizeof h));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMalloc(&dflags, sizeof flags));
    checkCudaErrors(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
    mbarrierOps<<<1, 64>>>(in, out, dflags);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
    checkCudaErrors(cudaMemcpy(flags, dflags, sizeof flags, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int t = 0; t < 64; ++t)
      wrong += res[t] != h[63 - t];
    printf("mbarrier ops: %d wrong, flags %d %d\n", wrong, flags[0], flags[1]);
    bad += wrong + (flags[0] != 6) + (flags[1] != 4);
    cudaFree(in);
    cudaFree(out);
    cudaFree(dflags);
  }
  { // 3
    int *data, *flag, *seen, h = 0;
    checkCudaErrors(cudaMalloc(&data, sizeof(int)));
    checkCudaErrors(cudaMalloc(&flag, sizeof(int)));
    checkCudaErrors(cudaMalloc(&seen, sizeof(int)));
    checkCudaErrors(cudaMemset(flag, 0, sizeof(int)));
    fences<<<1, 64>>>(data, flag, seen);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(&h, seen, sizeof(int), cudaMemcpyDeviceToHost));
    printf("fences: seen %d\n", h);
    bad += h != 42;
    cudaFree(data);
    cudaFree(flag);
    cudaFree(seen);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
