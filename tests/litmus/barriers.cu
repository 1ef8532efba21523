// Message passing through the synchronisation CUDA programs use, 32
// instances each, in the format of litmus.cu: under --memory-model ptx a
// barrier, a warp sync, a grid or cluster sync or the fence + atomic flag
// idiom orders the plain accesses around it, so the weak outcome (the data
// read as 0 after the flag or barrier) is forbidden; the twin without any
// of them shows it. litmus_test.sh runs it with litmus.cu.
#include <cooperative_groups.h>
#include <cstdio>
#include <map>
#include <string>

namespace cg = cooperative_groups;

constexpr int N = 32;

// Same CTA: writer in warp 0, reader in warp 1.
__global__ void mpNoBarrier(int *x, int *y, int *r) {
  int i = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    x[i] = 1;
    y[i] = 1;
  } else {
    r[2 * i] = y[i];
    r[2 * i + 1] = x[i];
  }
}
__global__ void mpSyncthreads(int *x, int *y, int *r) {
  int i = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    x[i] = 1;
    y[i] = 1;
  }
  __syncthreads();
  if (threadIdx.x >= 32) {
    r[2 * i] = y[i];
    r[2 * i + 1] = x[i];
  }
}
__global__ void mpSharedSyncthreads(int *, int *, int *r) {
  __shared__ int sx[N], sy[N];
  int i = threadIdx.x % 32;
  if (threadIdx.x < 32) {
    sx[i] = 0;
    sy[i] = 0;
  }
  __syncthreads();
  if (threadIdx.x < 32) {
    sx[i] = 1;
    sy[i] = 1;
  }
  __syncthreads();
  if (threadIdx.x >= 32) {
    r[2 * i] = sy[i];
    r[2 * i + 1] = sx[i];
  }
}
// One warp: lane i writes, lane i ^ 16 reads after __syncwarp().
__global__ void mpSyncwarp(int *x, int *y, int *r) {
  int lane = threadIdx.x;
  int i = lane % 16;
  if (lane < 16) {
    x[i] = 1;
    y[i] = 1;
  }
  __syncwarp();
  if (lane >= 16) {
    r[2 * i] = y[i];
    r[2 * i + 1] = x[i];
  }
}
// Different CTAs: the writer publishes with __threadfence() and an atomic
// flag; the reader spins on the flag, then fences.
__global__ void mpFlag(int *x, int *flag, int *r) {
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    __threadfence();
    atomicExch(&flag[i], 1);
  } else {
    while (atomicAdd(&flag[i], 0) == 0) {
    }
    __threadfence();
    r[2 * i] = 1;
    r[2 * i + 1] = x[i];
  }
}
// Different CTAs of a cooperative launch: grid.sync() between.
__global__ void mpGridSync(int *x, int *y, int *r) {
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    y[i] = 1;
  }
  cg::this_grid().sync();
  if (blockIdx.x == 1) {
    r[2 * i] = y[i];
    r[2 * i + 1] = x[i];
  }
}

// Two CTAs of one cluster: cluster.sync() between.
__global__ void __cluster_dims__(2, 1, 1) mpClusterSync(int *x, int *y, int *r) {
  int i = threadIdx.x;
  if (blockIdx.x == 0) {
    x[i] = 1;
    y[i] = 1;
  }
  cg::this_cluster().sync();
  if (blockIdx.x == 1) {
    r[2 * i] = y[i];
    r[2 * i + 1] = x[i];
  }
}

int main() {
  int *x, *y, *r;
  cudaMalloc(&x, N * sizeof(int));
  cudaMalloc(&y, N * sizeof(int));
  cudaMalloc(&r, 2 * N * sizeof(int));
  struct Test {
    const char *name, *placement, *verdict;
    int count; // instances
  };
  const Test tests[] = {{"MP-no-barrier", "same-CTA", "allowed", 32},
                        {"MP+__syncthreads", "same-CTA", "forbidden", 32},
                        {"MP-shared+__syncthreads", "same-CTA", "forbidden", 32},
                        {"MP+__syncwarp", "same-warp", "forbidden", 16},
                        {"MP+fence+flag", "different-CTA", "forbidden", 32},
                        {"MP+grid.sync", "different-CTA", "forbidden", 32},
                        {"MP+cluster.sync", "same-cluster", "forbidden", 32}};
  for (int k = 0; k < 7; ++k) {
    cudaMemset(x, 0, N * sizeof(int));
    cudaMemset(y, 0, N * sizeof(int));
    cudaMemset(r, 0, 2 * N * sizeof(int));
    switch (k) {
    case 0:
      mpNoBarrier<<<1, 64>>>(x, y, r);
      break;
    case 1:
      mpSyncthreads<<<1, 64>>>(x, y, r);
      break;
    case 2:
      mpSharedSyncthreads<<<1, 64>>>(x, y, r);
      break;
    case 3:
      mpSyncwarp<<<1, 32>>>(x, y, r);
      break;
    case 4:
      mpFlag<<<2, 32>>>(x, y, r);
      break;
    case 5: {
      void *args[] = {&x, &y, &r};
      cudaLaunchCooperativeKernel((void *)mpGridSync, dim3(2), dim3(32), args, 0, 0);
      break;
    }
    case 6:
      mpClusterSync<<<2, 32>>>(x, y, r);
      break;
    }
    if (cudaDeviceSynchronize() != cudaSuccess) {
      std::printf("%s: launch failed\n", tests[k].name);
      return 1;
    }
    int hr[2 * N];
    cudaMemcpy(hr, r, sizeof hr, cudaMemcpyDeviceToHost);
    std::map<std::string, int> counts;
    int weak = 0;
    for (int i = 0; i < tests[k].count; ++i) {
      ++counts[std::to_string(hr[2 * i]) + "," + std::to_string(hr[2 * i + 1])];
      weak += hr[2 * i] == 1 && hr[2 * i + 1] == 0;
    }
    std::printf("%-23s %-14s %-9s weak(r1=1,r2=0) %d/%d |", tests[k].name, tests[k].placement,
                tests[k].verdict, weak, tests[k].count);
    for (const auto &[key, c] : counts)
      std::printf(" %s:%d", key.c_str(), c);
    std::printf("\n");
  }
  return 0;
}
