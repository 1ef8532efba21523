// Clean twin of race_subgranule_byte.cu and race_subgranule_sizes.cu: threads
// of different warps write different bytes of one 4-byte granule (no race:
// races are per byte), a __syncwarp() orders the two byte-5 writes, and a
// __syncthreads() orders the mixed-size stores before the reads.
// EXPECT-CLEAN
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void bytes(char *buf, int *out) {
  __shared__ __align__(16) unsigned char tile[32];
  __shared__ char interleaved[64];
  const unsigned t = threadIdx.x;
  // Thread t and thread t + 32 (another warp) share a granule.
  interleaved[(t % 32) * 2 + t / 32] = static_cast<char>(t);
  if (t == 1)
    buf[5] = 1;
  __syncwarp();
  if (t == 0) {
    buf[4] = 2;
    buf[5] = 3;
    *reinterpret_cast<float4 *>(tile) = make_float4(1, 2, 3, 4);
    *reinterpret_cast<double *>(tile + 16) = 5.0;
    *reinterpret_cast<short *>(tile + 24) = 6;
    const int v = 0x01020304;
    std::memcpy(tile + 27, &v, sizeof v);
    tile[12] = 0;
  }
  __syncthreads();
  if (t == 32)
    out[0] = tile[13] + tile[21] + tile[25] + tile[29] + interleaved[1] + interleaved[62];
}

int main() {
  char *buf, host[8];
  int *out, sum = 0;
  cudaMalloc(&buf, sizeof host);
  cudaMalloc(&out, sizeof(int));
  cudaMemset(buf, 0, sizeof host);
  bytes<<<1, 64>>>(buf, out);
  cudaMemcpy(host, buf, sizeof host, cudaMemcpyDeviceToHost);
  cudaMemcpy(&sum, out, sizeof sum, cudaMemcpyDeviceToHost);
  std::printf("byte 4 = %d, byte 5 = %d, sum %d\n", host[4], host[5], sum);
  return 0;
}
