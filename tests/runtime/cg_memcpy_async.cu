// <cooperative_groups/memcpy_async.h> as CUDA programs use it, self-checked:
//  1. the block double-buffers tiles: cg::memcpy_async of the next tile,
//     cg::wait_prior<1> for the current one;
//  2. each warp copies its own slice with cuda::aligned_size_t<16>, then
//     cg::wait(warp);
//  3. byte copies at odd offsets (unaligned head and tail around an aligned
//     body, and pointers that agree only modulo 4) and the span form
//     memcpy_async(group, dst, dst_count, src, src_count).
#include <cooperative_groups.h>
#include <cooperative_groups/memcpy_async.h>
#include <cstdio>
#include <cuda/barrier>
#include <cuda_runtime.h>

namespace cg = cooperative_groups;

#define checkCudaErrors(call)                                                                      \
  do {                                                                                             \
    cudaError_t err_ = (call);                                                                     \
    if (err_ != cudaSuccess) {                                                                     \
      printf("CUDA error %s at %s:%d\n", cudaGetErrorString(err_), __FILE__, __LINE__);            \
      return 1;                                                                                    \
    }                                                                                              \
  } while (0)

constexpr int kThreads = 128;
constexpr int kTile = 512;

// 1. out[t] = sum over tiles of tile[(t * 5) % kTile].
__global__ void doubleBuffer(const int *in, int *out, int ntiles) {
  __shared__ int buf[2][kTile];
  auto block = cg::this_thread_block();
  cg::memcpy_async(block, buf[0], in, sizeof(int) * kTile);
  int sum = 0;
  for (int i = 0; i < ntiles; ++i) {
    if (i + 1 < ntiles) {
      cg::memcpy_async(block, buf[(i + 1) % 2], in + (i + 1) * kTile, sizeof(int) * kTile);
      cg::wait_prior<1>(block);
    } else {
      cg::wait(block);
    }
    for (int k = threadIdx.x; k < kTile; k += kThreads)
      sum += buf[i % 2][(k * 5) % kTile];
    block.sync(); // everyone has read buf[i % 2] before it is refilled
  }
  out[blockIdx.x * kThreads + threadIdx.x] = sum;
}

// 2. Each warp copies and reverses its own 64-float slice.
__global__ void warpSlices(const float *in, float *out) {
  __shared__ __align__(16) float slice[kThreads / 32][64];
  auto block = cg::this_thread_block();
  auto warp = cg::tiled_partition<32>(block);
  const int w = threadIdx.x / 32;
  cg::memcpy_async(warp, slice[w], in + w * 64, cuda::aligned_size_t<16>(64 * sizeof(float)));
  cg::wait(warp);
  const int l = warp.thread_rank();
  out[w * 64 + l] = slice[w][63 - l];
  out[w * 64 + 32 + l] = slice[w][31 - l];
}

// 3. Byte copies: [dstOff, dstOff + n) of buf from [srcOff, srcOff + n) of
// in, then the span form for `count` ints; out gets the whole buffer.
__global__ void byteCopies(const unsigned char *in, unsigned char *out, int dstOff, int srcOff,
                           int n, const int *ints, int *intsOut, int dstCount, int srcCount) {
  __shared__ __align__(16) unsigned char buf[1024];
  __shared__ int words[256];
  auto block = cg::this_thread_block();
  for (int k = threadIdx.x; k < 1024; k += kThreads)
    buf[k] = 0xee;
  for (int k = threadIdx.x; k < 256; k += kThreads)
    words[k] = -1;
  block.sync();
  cg::memcpy_async(block, static_cast<void *>(buf + dstOff), static_cast<const void *>(in + srcOff),
                   static_cast<size_t>(n));
  cg::memcpy_async(block, words, static_cast<size_t>(dstCount), ints,
                   static_cast<size_t>(srcCount));
  cg::wait(block);
  for (int k = threadIdx.x; k < 1024; k += kThreads)
    out[k] = buf[k];
  for (int k = threadIdx.x; k < 256; k += kThreads)
    intsOut[k] = words[k];
}

int main() {
  int bad = 0;
  { // 1
    const int ntiles = 6, n = ntiles * kTile;
    int *h = new int[n], res[2 * kThreads], *in, *out;
    for (int i = 0; i < n; ++i)
      h[i] = (i * 13) % 101;
    checkCudaErrors(cudaMalloc(&in, n * sizeof(int)));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMemcpy(in, h, n * sizeof(int), cudaMemcpyHostToDevice));
    doubleBuffer<<<2, kThreads>>>(in, out, ntiles);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int b = 0; b < 2; ++b)
      for (int t = 0; t < kThreads; ++t) {
        int want = 0;
        for (int i = 0; i < ntiles; ++i)
          for (int k = t; k < kTile; k += kThreads)
            want += h[i * kTile + (k * 5) % kTile];
        wrong += res[b * kThreads + t] != want;
      }
    printf("double buffer: %d wrong\n", wrong);
    bad += wrong;
    delete[] h;
    cudaFree(in);
    cudaFree(out);
  }
  { // 2
    const int n = kThreads / 32 * 64;
    float h[n], res[n], *in, *out;
    for (int i = 0; i < n; ++i)
      h[i] = static_cast<float>(i);
    checkCudaErrors(cudaMalloc(&in, sizeof h));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
    warpSlices<<<1, kThreads>>>(in, out);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int w = 0; w < kThreads / 32; ++w)
      for (int l = 0; l < 64; ++l)
        wrong += res[w * 64 + l] != h[w * 64 + 63 - l];
    printf("warp slices: %d wrong\n", wrong);
    bad += wrong;
    cudaFree(in);
    cudaFree(out);
  }
  { // 3
    unsigned char h[1024], res[1024], *in, *out;
    int hi[256], ri[256], *ints, *intsOut;
    for (int i = 0; i < 1024; ++i)
      h[i] = static_cast<unsigned char>(i * 7 + 1);
    for (int i = 0; i < 256; ++i)
      hi[i] = i * i;
    checkCudaErrors(cudaMalloc(&in, sizeof h));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMalloc(&ints, sizeof hi));
    checkCudaErrors(cudaMalloc(&intsOut, sizeof ri));
    checkCudaErrors(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
    checkCudaErrors(cudaMemcpy(ints, hi, sizeof hi, cudaMemcpyHostToDevice));
    // (dst offset, src offset, bytes): both 3 past 16; agreeing modulo 4
    // only; not even modulo 2; shorter than one chunk.
    const int cases[][3] = {{3, 3, 1000}, {5, 1, 700}, {2, 7, 333}, {16, 32, 9}};
    int wrong = 0;
    for (const auto &c : cases) {
      const int dstCount = 200, srcCount = 150 + c[2] % 7;
      byteCopies<<<1, kThreads>>>(in, out, c[0], c[1], c[2], ints, intsOut, dstCount, srcCount);
      checkCudaErrors(cudaGetLastError());
      checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
      checkCudaErrors(cudaMemcpy(ri, intsOut, sizeof ri, cudaMemcpyDeviceToHost));
      for (int k = 0; k < 1024; ++k) {
        const bool copied = k >= c[0] && k < c[0] + c[2];
        wrong += res[k] != (copied ? h[k - c[0] + c[1]] : 0xee);
      }
      for (int k = 0; k < 256; ++k)
        wrong += ri[k] != (k < srcCount ? hi[k] : -1);
    }
    printf("byte copies: %d wrong\n", wrong);
    bad += wrong;
    cudaFree(in);
    cudaFree(out);
    cudaFree(ints);
    cudaFree(intsOut);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
