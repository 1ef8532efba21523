// Lane 1 writes byte 5 of a char buffer; lane 0 then writes byte 4 and byte
// 5, with no __syncwarp() between: the two byte-5 writes race (WAW). A
// shadow that keeps one last write per 4-byte granule forgets lane 1's write
// when lane 0 writes byte 4 (detector-precision issue, item 1).
// EXPECT: race global error hazard=WAW at=@lane0 at=@lane1
#include <cstdio>
#include <cuda_runtime.h>

__global__ void bytes(char *buf) {
  if (threadIdx.x == 1)
    buf[5] = 1; // @lane1
  if (threadIdx.x == 0) {
    buf[4] = 2;
    buf[5] = 3; // @lane0
  }
}

int main() {
  char *buf, host[8];
  cudaMalloc(&buf, sizeof host);
  cudaMemset(buf, 0, sizeof host);
  bytes<<<1, 32>>>(buf);
  cudaMemcpy(host, buf, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("byte 4 = %d, byte 5 = %d\n", host[4], host[5]);
  return 0;
}
