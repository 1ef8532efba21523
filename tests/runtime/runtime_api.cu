// Exercises the CUDA runtime API and the device built-ins warpsim provides,
// checking every result. Prints PASS or the failed checks.
#include <cmath>
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int failures = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("FAILED: %s (line %d)\n", #cond, __LINE__);                                      \
      ++failures;                                                                                  \
    }                                                                                              \
  } while (0)
#define CUDA_OK(call) CHECK((call) == cudaSuccess)

__device__ int d_counter;
__device__ float d_table[4];
__constant__ float c_scale[2];

// 3-D grid and block: every thread writes its own linear id.
__global__ void coords(int *out) {
  int bx = blockIdx.x + gridDim.x * (blockIdx.y + gridDim.y * blockIdx.z);
  int tx = threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
  int nthreads = blockDim.x * blockDim.y * blockDim.z;
  out[bx * nthreads + tx] = bx * 1000 + tx;
}

__device__ float tile_sum(const float *in) {
  __shared__ float tile[4][8];
  tile[threadIdx.x / 8][threadIdx.x % 8] = in[threadIdx.x];
  __syncthreads();
  float s = 0;
  for (int r = 0; r < 4; ++r)
    s += tile[r][threadIdx.x % 8];
  return s;
}

__global__ void shared_in_device_fn(const float *in, float *out) { out[threadIdx.x] = tile_sum(in); }

template <typename T, int N> __global__ void reverse(T *data) {
  __shared__ T buf[N];
  buf[threadIdx.x] = data[threadIdx.x];
  __syncthreads();
  data[threadIdx.x] = buf[N - 1 - threadIdx.x];
}

__global__ void dynamic_shared(int *out, int n) {
  extern __shared__ int dyn[];
  dyn[threadIdx.x] = threadIdx.x * 2;
  __syncthreads();
  out[threadIdx.x] = dyn[n - 1 - threadIdx.x];
}

__global__ void barriers(int *out) {
  int t = threadIdx.x;
  out[0] = __syncthreads_count(t % 3 == 0);
  out[1] = __syncthreads_and(t < 1000);
  out[2] = __syncthreads_and(t != 5);
  out[3] = __syncthreads_or(t == 17);
  out[4] = __syncthreads_or(t > 1000);
}

__global__ void atomics(int *i, unsigned *u, unsigned long long *ull, float *f, double *d) {
  atomicAdd(&i[0], 2);
  atomicSub(&i[1], 1);
  atomicMax(&i[2], (int)threadIdx.x);
  atomicMin(&i[3], -(int)threadIdx.x);
  atomicOr(&i[4], 1 << (threadIdx.x % 31));
  atomicXor(&i[5], 1);
  atomicAnd(&i[6], ~(1 << (threadIdx.x % 8)));
  atomicExch(&i[7], 42);
  atomicCAS(&i[8], 0, (int)threadIdx.x + 1); // only the first succeeds
  atomicInc(&u[0], 9);                        // wraps to 0 after 9
  atomicDec(&u[1], 100);
  atomicAdd(&ull[0], 1ull << 33);
  atomicMax(&ull[1], 7ull);
  atomicAdd(f, 0.5f);
  atomicAdd(d, 0.25);
  atomicAdd(&d_counter, 1);
}

__global__ void math(float *out) {
  out[0] = expf(1.0f);
  out[1] = sqrtf(16.0f);
  out[2] = rsqrtf(4.0f);
  out[3] = fmaxf(2.0f, 3.0f) + fminf(-1.0f, 1.0f);
  out[4] = __fdividef(1.0f, 4.0f);
  out[5] = fmaf(2.0f, 3.0f, 1.0f);
  out[6] = (float)(__popc(0xF0F0u) + __clz(1) + __ffs(8));
  out[7] = (float)(min(3, 5) + max(3, 5));
  out[8] = __expf(0.0f);
  out[9] = c_scale[0] * c_scale[1] + d_table[3];
  out[10] = (float)warpSize;
}

__global__ void say_hello() {
  if (threadIdx.x == 2)
    printf("hello from block %d thread %d\n", blockIdx.x, threadIdx.x);
}

int main() {
  // Device properties follow the architecture data.
  int count = 0;
  CUDA_OK(cudaGetDeviceCount(&count));
  CHECK(count == 1);
  CUDA_OK(cudaSetDevice(0));
  cudaDeviceProp prop;
  CUDA_OK(cudaGetDeviceProperties(&prop, 0));
  CHECK(prop.maxThreadsPerBlock == 1024);
  CHECK(prop.warpSize == 32 || prop.warpSize == 64);
  std::printf("device %s, warpSize %d, sm_%d%d\n", prop.name, prop.warpSize, prop.major, prop.minor);
  CHECK(cudaSetDevice(3) == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaErrorInvalidDevice);
  CHECK(cudaGetLastError() == cudaSuccess);
  CHECK(std::strcmp(cudaGetErrorString(cudaErrorInvalidValue), "invalid argument") == 0);
  CHECK(std::strcmp(cudaGetErrorName(cudaErrorInvalidConfiguration), "cudaErrorInvalidConfiguration") == 0);

  // 3-D launch.
  int *dcoords;
  const int nb = 2 * 3 * 2, nt = 4 * 2 * 2;
  CUDA_OK(cudaMalloc(&dcoords, nb * nt * sizeof(int)));
  CUDA_OK(cudaMemset(dcoords, 0xff, nb * nt * sizeof(int)));
  coords<<<dim3(2, 3, 2), dim3(4, 2, 2)>>>(dcoords);
  CUDA_OK(cudaGetLastError());
  int hcoords[nb * nt];
  CUDA_OK(cudaMemcpy(hcoords, dcoords, sizeof hcoords, cudaMemcpyDeviceToHost));
  for (int b = 0; b < nb; ++b)
    for (int t = 0; t < nt; ++t)
      CHECK(hcoords[b * nt + t] == b * 1000 + t);

  // Static shared memory in a __device__ function and in a template kernel.
  float hin[32], hout[32];
  for (int i = 0; i < 32; ++i)
    hin[i] = (float)i;
  float *din, *dout;
  CUDA_OK(cudaMalloc(&din, sizeof hin));
  CUDA_OK(cudaMalloc(&dout, sizeof hout));
  CUDA_OK(cudaMemcpy(din, hin, sizeof hin, cudaMemcpyHostToDevice));
  shared_in_device_fn<<<1, 32>>>(din, dout);
  CUDA_OK(cudaMemcpy(hout, dout, sizeof hout, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 32; ++i)
    CHECK(hout[i] == (float)(4 * (i % 8) + 8 + 16 + 24));
  reverse<float, 32><<<1, 32>>>(din);
  CUDA_OK(cudaMemcpy(hout, din, sizeof hout, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 32; ++i)
    CHECK(hout[i] == (float)(31 - i));

  // Dynamic shared memory.
  int *dint, hint[64];
  CUDA_OK(cudaMalloc(&dint, 64 * sizeof(int)));
  dynamic_shared<<<1, 64, 64 * sizeof(int)>>>(dint, 64);
  CUDA_OK(cudaMemcpy(hint, dint, sizeof hint, cudaMemcpyDeviceToHost));
  for (int i = 0; i < 64; ++i)
    CHECK(hint[i] == (63 - i) * 2);

  // __syncthreads_count / _and / _or.
  barriers<<<1, 96>>>(dint);
  CUDA_OK(cudaMemcpy(hint, dint, 5 * sizeof(int), cudaMemcpyDeviceToHost));
  CHECK(hint[0] == 32);
  CHECK(hint[1] == 1);
  CHECK(hint[2] == 0);
  CHECK(hint[3] == 1);
  CHECK(hint[4] == 0);

  // Atomics on every type CUDA defines them for.
  int hi[9] = {0, 0, -5, 5, 0, 0, -1, 0, 0};
  unsigned hu[2] = {0, 0};
  unsigned long long hull[2] = {0, 3};
  float hf = 0;
  double hd = 0;
  int *di;
  unsigned *du;
  unsigned long long *dull;
  float *df;
  double *dd;
  CUDA_OK(cudaMalloc(&di, sizeof hi));
  CUDA_OK(cudaMalloc(&du, sizeof hu));
  CUDA_OK(cudaMalloc(&dull, sizeof hull));
  CUDA_OK(cudaMalloc(&df, sizeof hf));
  CUDA_OK(cudaMalloc(&dd, sizeof hd));
  CUDA_OK(cudaMemcpy(di, hi, sizeof hi, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(du, hu, sizeof hu, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(dull, hull, sizeof hull, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(df, &hf, sizeof hf, cudaMemcpyHostToDevice));
  CUDA_OK(cudaMemcpy(dd, &hd, sizeof hd, cudaMemcpyHostToDevice));
  int zero = 0;
  CUDA_OK(cudaMemcpyToSymbol(d_counter, &zero, sizeof zero));
  atomics<<<2, 64>>>(di, du, dull, df, dd);
  CUDA_OK(cudaMemcpy(hi, di, sizeof hi, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(hu, du, sizeof hu, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(hull, dull, sizeof hull, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(&hf, df, sizeof hf, cudaMemcpyDeviceToHost));
  CUDA_OK(cudaMemcpy(&hd, dd, sizeof hd, cudaMemcpyDeviceToHost));
  int counter = 0;
  CUDA_OK(cudaMemcpyFromSymbol(&counter, d_counter, sizeof counter));
  CHECK(hi[0] == 256);
  CHECK(hi[1] == -128);
  CHECK(hi[2] == 63);
  CHECK(hi[3] == -63);
  CHECK(hi[4] == 0x7fffffff);
  CHECK(hi[5] == 0);
  CHECK(hi[6] == (int)0xffffff00);
  CHECK(hi[7] == 42);
  CHECK(hi[8] == 1);
  CHECK(hu[0] == 128 % 10);
  CHECK(hu[1] == 100 - (128 - 1) % 101);
  CHECK(hull[0] == 128ull << 33);
  CHECK(hull[1] == 7);
  CHECK(hf == 64.0f);
  CHECK(hd == 32.0);
  CHECK(counter == 128);

  // Math functions, __constant__ and __device__ arrays.
  float scale[2] = {2.0f, 3.0f};
  float table[4] = {0, 0, 0, 0.5f};
  CUDA_OK(cudaMemcpyToSymbol(c_scale, scale, sizeof scale));
  CUDA_OK(cudaMemcpyToSymbol(d_table, table, sizeof table));
  CHECK(cudaMemcpyToSymbol(d_table, table, sizeof table + 4) == cudaErrorInvalidValue);
  CUDA_OK(cudaGetLastError() == cudaErrorInvalidValue ? cudaSuccess : cudaErrorUnknown);
  // The symbol's device address reaches the same storage (on a GPU it is
  // not the host's &d_table, so compare contents, not pointers).
  void *symAddr = nullptr;
  CUDA_OK(cudaGetSymbolAddress(&symAddr, d_table));
  float back[4] = {0, 0, 0, 0};
  CUDA_OK(cudaMemcpy(back, symAddr, sizeof back, cudaMemcpyDeviceToHost));
  CHECK(back[3] == 0.5f);
  math<<<1, 1>>>(dout);
  float m[11];
  CUDA_OK(cudaMemcpy(m, dout, sizeof m, cudaMemcpyDeviceToHost));
  CHECK(std::fabs(m[0] - 2.7182817f) < 1e-6f);
  CHECK(m[1] == 4.0f);
  CHECK(m[2] == 0.5f);
  CHECK(m[3] == 2.0f);
  CHECK(m[4] == 0.25f);
  CHECK(m[5] == 7.0f);
  CHECK(m[6] == (float)(8 + 31 + 4));
  CHECK(m[7] == 8.0f);
  CHECK(m[8] == 1.0f);
  CHECK(m[9] == 6.5f);
  CHECK(m[10] == (float)prop.warpSize);

  // Streams, events, async copies, managed memory.
  cudaStream_t s;
  cudaEvent_t e0, e1;
  CUDA_OK(cudaStreamCreate(&s));
  CUDA_OK(cudaEventCreate(&e0));
  CUDA_OK(cudaEventCreate(&e1));
  int *managed;
  CUDA_OK(cudaMallocManaged(&managed, 64 * sizeof(int)));
  for (int i = 0; i < 64; ++i)
    managed[i] = -1;
  CUDA_OK(cudaEventRecord(e0, s));
  dynamic_shared<<<1, 64, 64 * sizeof(int), s>>>(managed, 64);
  CUDA_OK(cudaEventRecord(e1, s));
  CUDA_OK(cudaStreamSynchronize(s));
  float ms = -1;
  CUDA_OK(cudaEventElapsedTime(&ms, e0, e1));
  CHECK(ms >= 0.0f);
  for (int i = 0; i < 64; ++i)
    CHECK(managed[i] == (63 - i) * 2);
  CUDA_OK(cudaMemsetAsync(dint, 0, 64 * sizeof(int), s));
  CUDA_OK(cudaMemcpyAsync(hint, dint, 64 * sizeof(int), cudaMemcpyDeviceToHost, s));
  CHECK(hint[10] == 0);
  CUDA_OK(cudaEventDestroy(e0));
  CUDA_OK(cudaEventDestroy(e1));
  CUDA_OK(cudaStreamDestroy(s));

  // Copies that do not fit their allocation are rejected, as on a GPU.
  CHECK(cudaMemcpy(dint, hint, 65 * sizeof(int), cudaMemcpyHostToDevice) == cudaErrorInvalidValue);
  CHECK(cudaMemset(dint, 0, 65 * sizeof(int)) == cudaErrorInvalidValue);
  CHECK(cudaFree(hint) == cudaErrorInvalidValue);
  cudaGetLastError();

  say_hello<<<2, 4>>>();
  CUDA_OK(cudaDeviceSynchronize());

  CUDA_OK(cudaFree(managed));
  CUDA_OK(cudaFree(dcoords));
  CUDA_OK(cudaFree(din));
  CUDA_OK(cudaFree(dout));
  CUDA_OK(cudaFree(dint));
  CUDA_OK(cudaFree(nullptr));
  std::printf("%s\n", failures == 0 ? "PASS" : "FAIL");
  return failures == 0 ? 0 : 1;
}
