// Even and odd lanes take different branches: every warp instruction in
// either branch runs with exactly half the lanes (SIMT efficiency 50%), and
// the lanes reconverge after the branch. Self-checked through __activemask.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void even_odd(unsigned long long *masks, float *out) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (threadIdx.x % 2 == 0) {
    masks[t] = __activemask();
    out[t] = t * 2.0f;
  } else {
    masks[t] = __activemask();
    out[t] = t * 3.0f;
  }
}

__global__ void reconverge(unsigned long long *masks) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  int lane = threadIdx.x % warpSize;
  int n = 0;
  for (int i = 0; i < lane % 4; ++i) // lane-dependent trip count
    n += i;
  if (lane < 8) {
    if (lane % 2 == 0)
      n += 100;
    else
      n += 200;
  }
  masks[t] = __activemask() + n * 0ull; // all lanes again after the loop and branches
}

int main() {
  const int nt = 256;
  cudaDeviceProp prop;
  cudaGetDeviceProperties(&prop, 0);
  const int ws = prop.warpSize;
  unsigned long long *m, h[nt];
  float *o;
  cudaMalloc(&m, sizeof h);
  cudaMalloc(&o, nt * sizeof(float));
  even_odd<<<2, 128>>>(m, o);
  cudaMemcpy(h, m, sizeof h, cudaMemcpyDeviceToHost);
  unsigned long long full = ws == 64 ? ~0ull : 0xffffffffull, even = 0x5555555555555555ull & full;
  bool ok = true;
  for (int t = 0; t < nt; ++t)
    ok = ok && h[t] == (t % 2 == 0 ? even : full & ~even);
  reconverge<<<2, 128>>>(m);
  cudaMemcpy(h, m, sizeof h, cudaMemcpyDeviceToHost);
  for (int t = 0; t < nt; ++t)
    ok = ok && h[t] == full;
  std::printf(ok ? "PASS\n" : "FAILED\n");
  return ok ? 0 : 1;
}
