// <cuda/pipeline> as CUDA programs use it, self-checked:
//  1. a per-thread pipeline (make_pipeline()) double-buffering its own
//     elements with cuda::memcpy_async(dst, src, size, pipe), consumer_wait
//     and pipeline_consumer_wait_prior;
//  2. a block pipeline with roles: warp 0 produces tiles with
//     cuda::memcpy_async(tile, ...), the other warps consume them; quit()
//     is true for exactly one thread per block;
//  3. a block pipeline made with a producer count, copying through void
//     pointers with a plain byte size (libcu++ copies those synchronously);
//  4. a two-stage block pipeline whose tiles hold a struct, copied with
//     cuda::memcpy_async(block, T*, const T*, size, pipe).
#include <cooperative_groups.h>
#include <cstdio>
#include <cuda/pipeline>
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
constexpr int kTile = 256;

// 1. Each thread streams its elements i, i + stride, ... through two
// private shared slots.
__global__ void threadPipeline(const int *in, int *out, int perThread) {
  __shared__ int slot[2][kThreads];
  cuda::pipeline<cuda::thread_scope_thread> pipe = cuda::make_pipeline();
  const int t = threadIdx.x;
  const int *src = in + blockIdx.x * kThreads * perThread;
  int acc = 0;
  pipe.producer_acquire();
  cuda::memcpy_async(&slot[0][t], &src[t], sizeof(int), pipe);
  pipe.producer_commit();
  for (int i = 0; i < perThread; ++i) {
    if (i + 1 < perThread) {
      pipe.producer_acquire();
      cuda::memcpy_async(&slot[(i + 1) % 2][t], &src[(i + 1) * kThreads + t], sizeof(int), pipe);
      pipe.producer_commit();
      cuda::pipeline_consumer_wait_prior<1>(pipe); // all but the newest stage
    } else {
      pipe.consumer_wait();
    }
    acc = acc * 3 + slot[i % 2][t];
    pipe.consumer_release();
  }
  out[blockIdx.x * kThreads + t] = acc;
}

// 2. Warp 0 produces, warps 1.. consume: tile i goes to consumer thread
// (i % consumers) ... every consumer sums its column over all tiles.
__global__ void rolePipeline(const float *in, float *out, int ntiles, int *lastQuits) {
  constexpr int kStages = 2;
  __shared__ __align__(16) float tile[kStages][kTile];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  const bool producer = threadIdx.x < 32;
  auto pipe = cuda::make_pipeline(
      block, &state, producer ? cuda::pipeline_role::producer : cuda::pipeline_role::consumer);
  const float *src = in + blockIdx.x * ntiles * kTile;
  float sum = 0.0f;
  for (int i = 0; i < ntiles; ++i) {
    if (producer) {
      auto warp = cg::tiled_partition<32>(block);
      pipe.producer_acquire();
      cuda::memcpy_async(warp, tile[i % kStages], src + i * kTile,
                         cuda::aligned_size_t<16>(kTile * sizeof(float)), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      const int c = threadIdx.x - 32;
      for (int k = c; k < kTile; k += kThreads - 32)
        sum += tile[i % kStages][k];
      pipe.consumer_release();
    }
  }
  if (!producer)
    out[blockIdx.x * kThreads + threadIdx.x] = sum;
  if (pipe.quit())
    atomicAdd(lastQuits, 1);
}

// 3. Threads 0..63 produce (count given), all copy bytes through void*.
__global__ void countPipeline(const unsigned char *in, unsigned char *out, int ntiles) {
  constexpr int kStages = 3;
  constexpr int kBytes = 200; // not a multiple of 4: a synchronous copy in libcu++
  __shared__ unsigned char tile[kStages][kBytes];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  const int producers = 64;
  auto pipe = cuda::make_pipeline(block, &state, producers);
  const bool producer = threadIdx.x < producers;
  auto group = cg::tiled_partition<32>(block);
  unsigned sum = 0;
  for (int i = 0; i < ntiles; ++i) {
    if (producer) {
      pipe.producer_acquire();
      // Each producer warp copies one half of the tile.
      const int half = threadIdx.x / 32;
      cuda::memcpy_async(group, static_cast<void *>(&tile[i % kStages][half * kBytes / 2]),
                         static_cast<const void *>(in + i * kBytes + half * kBytes / 2),
                         static_cast<size_t>(kBytes / 2), pipe);
      pipe.producer_commit();
    } else {
      pipe.consumer_wait();
      for (int k = 0; k < kBytes; ++k)
        sum += tile[i % kStages][k] * (k + 1u);
      pipe.consumer_release();
    }
  }
  if (!producer)
    out[threadIdx.x - producers] = static_cast<unsigned char>(sum % 251);
}

// 4. Whole-block pipeline of structs.
struct Particle {
  float x, y, z, w;
};
__global__ void structPipeline(const Particle *in, float *out, int ntiles) {
  constexpr int kStages = 2;
  __shared__ Particle tile[kStages][kThreads];
  __shared__ cuda::pipeline_shared_state<cuda::thread_scope_block, kStages> state;
  auto block = cg::this_thread_block();
  auto pipe = cuda::make_pipeline(block, &state);
  float acc = 0.0f;
  for (int i = 0; i < kStages && i < ntiles; ++i) {
    pipe.producer_acquire();
    cuda::memcpy_async(block, tile[i], in + i * kThreads, sizeof(Particle) * kThreads, pipe);
    pipe.producer_commit();
  }
  for (int i = 0; i < ntiles; ++i) {
    pipe.consumer_wait();
    const Particle p = tile[i % kStages][kThreads - 1 - threadIdx.x];
    acc += p.x + 2.0f * p.y + 3.0f * p.z + 4.0f * p.w;
    pipe.consumer_release();
    if (i + kStages < ntiles) {
      pipe.producer_acquire();
      cuda::memcpy_async(block, tile[i % kStages], in + (i + kStages) * kThreads,
                         sizeof(Particle) * kThreads, pipe);
      pipe.producer_commit();
    }
  }
  out[threadIdx.x] = acc;
}

int main() {
  int bad = 0;
  { // 1
    const int blocks = 2, perThread = 5, n = blocks * kThreads * perThread;
    int h[n], res[blocks * kThreads], *in, *out;
    for (int i = 0; i < n; ++i)
      h[i] = (i * 7) % 31;
    checkCudaErrors(cudaMalloc(&in, sizeof h));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
    threadPipeline<<<blocks, kThreads>>>(in, out, perThread);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int b = 0; b < blocks; ++b)
      for (int t = 0; t < kThreads; ++t) {
        int acc = 0;
        for (int i = 0; i < perThread; ++i)
          acc = acc * 3 + h[b * kThreads * perThread + i * kThreads + t];
        wrong += res[b * kThreads + t] != acc;
      }
    printf("thread pipeline: %d wrong\n", wrong);
    bad += wrong;
    cudaFree(in);
    cudaFree(out);
  }
  { // 2
    const int blocks = 2, ntiles = 6, n = blocks * ntiles * kTile;
    float *h = new float[n], res[blocks * kThreads], *in, *out;
    int *quits, nquits = 0;
    for (int i = 0; i < n; ++i)
      h[i] = static_cast<float>(i % 13);
    checkCudaErrors(cudaMalloc(&in, n * sizeof(float)));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMalloc(&quits, sizeof(int)));
    checkCudaErrors(cudaMemset(quits, 0, sizeof(int)));
    checkCudaErrors(cudaMemcpy(in, h, n * sizeof(float), cudaMemcpyHostToDevice));
    rolePipeline<<<blocks, kThreads>>>(in, out, ntiles, quits);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
    checkCudaErrors(cudaMemcpy(&nquits, quits, sizeof(int), cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int b = 0; b < blocks; ++b)
      for (int t = 32; t < kThreads; ++t) {
        float want = 0.0f;
        for (int i = 0; i < ntiles; ++i)
          for (int k = t - 32; k < kTile; k += kThreads - 32)
            want += h[(b * ntiles + i) * kTile + k];
        wrong += res[b * kThreads + t] != want;
      }
    printf("role pipeline: %d wrong, %d last quits\n", wrong, nquits);
    bad += wrong + (nquits != blocks);
    delete[] h;
    cudaFree(in);
    cudaFree(out);
    cudaFree(quits);
  }
  { // 3
    const int ntiles = 5, bytes = 200, consumers = kThreads - 64;
    unsigned char h[ntiles * bytes], res[consumers], *in, *out;
    for (int i = 0; i < ntiles * bytes; ++i)
      h[i] = static_cast<unsigned char>((i * 37) % 256);
    checkCudaErrors(cudaMalloc(&in, sizeof h));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
    countPipeline<<<1, kThreads>>>(in, out, ntiles);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
    unsigned sum = 0;
    for (int i = 0; i < ntiles; ++i)
      for (int k = 0; k < bytes; ++k)
        sum += h[i * bytes + k] * (k + 1u);
    int wrong = 0;
    for (int c = 0; c < consumers; ++c)
      wrong += res[c] != sum % 251;
    printf("producer-count pipeline: %d wrong\n", wrong);
    bad += wrong;
    cudaFree(in);
    cudaFree(out);
  }
  { // 4
    const int ntiles = 5;
    Particle h[ntiles * kThreads], *in;
    float res[kThreads], *out;
    for (int i = 0; i < ntiles * kThreads; ++i)
      h[i] = Particle{static_cast<float>(i % 5), static_cast<float>(i % 7),
                      static_cast<float>(i % 11), 1.0f};
    checkCudaErrors(cudaMalloc(&in, sizeof h));
    checkCudaErrors(cudaMalloc(&out, sizeof res));
    checkCudaErrors(cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice));
    structPipeline<<<1, kThreads>>>(in, out, ntiles);
    checkCudaErrors(cudaGetLastError());
    checkCudaErrors(cudaMemcpy(res, out, sizeof res, cudaMemcpyDeviceToHost));
    int wrong = 0;
    for (int t = 0; t < kThreads; ++t) {
      float want = 0.0f;
      for (int i = 0; i < ntiles; ++i) {
        const Particle &p = h[i * kThreads + kThreads - 1 - t];
        want += p.x + 2.0f * p.y + 3.0f * p.z + 4.0f * p.w;
      }
      wrong += res[t] != want;
    }
    printf("struct pipeline: %d wrong\n", wrong);
    bad += wrong;
    cudaFree(in);
    cudaFree(out);
  }
  printf("%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}
