// Checked direct launches skip the screens for a shared-memory load within
// one 4-byte word an aligned 4-byte load of the same block passed
// (BlockExecutor::screenedLoad): what the memory and initialisation
// checkers would report about such loads must still be reported (on fibers,
// after the launch goes back), and the clean kernel must stay direct.
// ENGINE-EXPECT: words: compiled, direct, checked
// ENGINE-EXPECT: partial: fibers: a checker would judge an access
// ENGINE-EXPECT: misaligned: fibers: the memory checker rejected an access
#include <cstdio>

constexpr int kThreads = 64;

// Every thread reads the whole tile: the same words again and again.
__global__ void words(const int *in, int *out) {
  __shared__ int tile[kThreads];
  tile[threadIdx.x] = in[blockIdx.x * kThreads + threadIdx.x];
  __syncthreads();
  int s = 0;
  for (int k = 0; k < kThreads; ++k)
    s += tile[(threadIdx.x + k) % kThreads] * (k + 1);
  out[blockIdx.x * kThreads + threadIdx.x] = s;
}

// One byte of each word written, then the byte (fine) and the word (three
// bytes no one wrote).
__global__ void partial(int *out) {
  __shared__ int w[kThreads];
  reinterpret_cast<char *>(&w[threadIdx.x])[0] = 1;
  __syncthreads();
  const char c = reinterpret_cast<volatile char *>(&w[threadIdx.x])[0];
  out[threadIdx.x] = c + w[threadIdx.x];
}

// An aligned load of a word, then a misaligned 2-byte load inside it.
__global__ void misaligned(int *out) {
  __shared__ int tile[kThreads];
  tile[threadIdx.x] = threadIdx.x;
  __syncthreads();
  const int v = tile[threadIdx.x];
  short h = 0;
  if (threadIdx.x == 5)
    h = *reinterpret_cast<volatile short *>(reinterpret_cast<char *>(&tile[threadIdx.x]) + 1);
  out[threadIdx.x] = v + h;
}

int main() {
  constexpr int kBlocks = 4, kN = kBlocks * kThreads;
  int h[kN];
  for (int i = 0; i < kN; ++i)
    h[i] = i % 7 - 3;
  int *in, *out;
  cudaMalloc(&in, kN * sizeof(int));
  cudaMalloc(&out, kN * sizeof(int));
  cudaMemcpy(in, h, sizeof h, cudaMemcpyHostToDevice);
  words<<<kBlocks, kThreads>>>(in, out);
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  long long s = 0;
  for (int i = 0; i < kN; ++i)
    s += h[i];
  std::printf("words: %lld\n", s);
  partial<<<1, kThreads>>>(out);
  cudaDeviceSynchronize();
  misaligned<<<1, kThreads>>>(out);
  std::printf("misaligned: %s\n", cudaGetErrorString(cudaDeviceSynchronize()));
  cudaFree(in);
  cudaFree(out);
  return 0;
}
