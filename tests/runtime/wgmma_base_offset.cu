// nvcc-arch: sm_90a
// A matrix descriptor with a nonzero base offset (bits 49-51: a swizzled
// tile that does not start at its pattern's alignment) is refused at the
// wgmma with one located error; the program sees the launch fail.
#include <cstdio>

__global__ void k(float *out) {
  __shared__ alignas(1024) unsigned char tile[2048];
  for (unsigned i = threadIdx.x; i < sizeof tile; i += blockDim.x)
    tile[i] = 0;
  asm volatile("fence.proxy.async.shared::cta;" ::: "memory");
  __syncthreads();
  const unsigned addr = static_cast<unsigned>(__cvta_generic_to_shared(tile));
  const unsigned long long desc =
      ((addr & 0x3ffffu) >> 4) | (1ull << 16) | (64ull << 32) | (3ull << 49) | (1ull << 62);
  float d0 = 0, d1 = 0, d2 = 0, d3 = 0;
  asm volatile("wgmma.fence.sync.aligned;" ::: "memory");
  asm volatile("wgmma.mma_async.sync.aligned.m64n8k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %4, 1, 1, "
               "1, 0, 0;"
               : "+f"(d0), "+f"(d1), "+f"(d2), "+f"(d3)
               : "l"(desc));
  asm volatile("wgmma.commit_group.sync.aligned;" ::: "memory");
  asm volatile("wgmma.wait_group.sync.aligned 0;" ::: "memory");
  out[threadIdx.x] = d0 + d1 + d2 + d3;
}

int main() {
  float *out;
  cudaMalloc(&out, 128 * sizeof(float));
  k<<<1, 128>>>(out);
  std::printf("%s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  cudaFree(out);
  return 0;
}
