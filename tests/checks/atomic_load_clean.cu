// Atomic loads are reads: an atomic load (cuda::atomic_ref, std::atomic's
// load through the TSan ABI, PTX ld.relaxed.gpu) and a plain read of the same
// word in another warp do not race, and an atomic load in one block and an
// atomic store in another at device scope are morally strong: no race
// either. Buggy twin: race_atomic_load_plain_write.cu.
// EXPECT-CLEAN
#include <cstdio>
#include <cuda/atomic>

__global__ void readers(int *x, int *flag, int *out) {
  if (blockIdx.x == 0) {
    if (threadIdx.x == 0) {
      cuda::atomic_ref<int, cuda::thread_scope_device> a(*x);
      out[0] = a.load(cuda::memory_order_relaxed);
      int v;
      asm volatile("ld.relaxed.gpu.global.u32 %0, [%1];" : "=r"(v) : "l"(x));
      out[1] = v;
    }
    if (threadIdx.x == 32)
      out[2] = *x; // a plain read beside the atomic loads
  } else if (threadIdx.x == 0) {
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    f.store(1, cuda::memory_order_relaxed);
  } else if (threadIdx.x == 32) {
    cuda::atomic_ref<int, cuda::thread_scope_device> f(*flag);
    out[3] = f.load(cuda::memory_order_relaxed);
  }
}

int main() {
  int *x, *flag, *out;
  cudaMallocManaged(&x, sizeof(int));
  cudaMallocManaged(&flag, sizeof(int));
  cudaMallocManaged(&out, 4 * sizeof(int));
  *x = 5;
  *flag = 0;
  readers<<<2, 64>>>(x, flag, out);
  cudaDeviceSynchronize();
  std::printf("%d %d %d\n", out[0], out[1], out[2]);
  return out[0] == 5 && out[1] == 5 && out[2] == 5 ? 0 : 1;
}
