// Thread 0 stores 16, 8, 2 and (unaligned, across two granules) 4 bytes into
// a shared tile, then overwrites one byte of each; thread 32, in another
// warp and with no __syncthreads() between, reads a byte of each store that
// thread 0 did not overwrite. Every read races with the store that wrote its
// byte, whatever the access sizes (detector-precision issue, item 1): a
// shadow with one write per 4-byte granule forgets the wide store when its
// own thread overwrites a single byte, and finds none of the four.
// EXPECT: race shared error at=@v16 at=@read16
// EXPECT: race shared error at=@v8 at=@read8
// EXPECT: race shared error at=@v2 at=@read2
// EXPECT: race shared error at=@v4 at=@read4
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

__global__ void sizes(int *out) {
  __shared__ __align__(16) unsigned char tile[32];
  const unsigned t = threadIdx.x;
  if (t < 32)
    tile[t] = 0;
  __syncthreads();
  if (t == 0) {
    *reinterpret_cast<float4 *>(tile) = make_float4(1, 2, 3, 4); // @v16
    *reinterpret_cast<double *>(tile + 16) = 5.0;                 // @v8
    *reinterpret_cast<short *>(tile + 24) = 6;                    // @v2
    const int v = 0x01020304;
    std::memcpy(tile + 27, &v, sizeof v); // @v4
    tile[12] = 0;
    tile[20] = 0;
    tile[27] = 0;
    tile[28] = 0;
  }
  if (t == 32) {
    int sum = tile[13]; // @read16
    sum += tile[21];    // @read8
    sum += tile[25];    // @read2
    sum += tile[29];    // @read4
    out[0] = sum;
  }
}

int main() {
  int *out, host = 0;
  cudaMalloc(&out, sizeof(int));
  sizes<<<1, 64>>>(out);
  cudaMemcpy(&host, out, sizeof host, cudaMemcpyDeviceToHost);
  std::printf("sum %d\n", host);
  return 0;
}
