// Independent thread scheduling: lanes 0..15 of a warp wait for lane 16 of
// the same warp to set a flag, counting their passes and passing a
// __syncwarp of their half each pass; on Volta and later the diverged half
// gets its turn and the program ends. The spin's state moves (its counter)
// and its warp operation is evidence that it is no livelock (issue 27 item
// 6), but it must not keep the starvation rule from giving lanes 16..31
// their turn: that rule counts warp instructions since memory last changed,
// which evidence does not reset (GridRunner::notSpinning). With it reset,
// this program ran for ever.
#include <cstdio>
#include <cuda_runtime.h>

__global__ void wait_for_other_half(int *flag, int *out) {
  const int lane = threadIdx.x;
  if (lane < 16) {
    int tries = 0;
    while (atomicAdd(flag, 0) == 0) {
      ++tries;
      __syncwarp(0x0000ffff);
    }
    out[lane] = tries > 0 ? 1 : 2;
  } else {
    if (lane == 16)
      atomicExch(flag, 1);
    out[lane] = 1;
  }
}

int main() {
  int *flag, *out;
  cudaMalloc(&flag, sizeof(int));
  cudaMalloc(&out, 32 * sizeof(int));
  cudaMemset(flag, 0, sizeof(int));
  wait_for_other_half<<<1, 32>>>(flag, out);
  int h[32];
  cudaMemcpy(h, out, sizeof h, cudaMemcpyDeviceToHost);
  int ones = 0, twos = 0;
  for (int v : h) {
    ones += v == 1;
    twos += v == 2;
  }
  // A GPU may run either half first: lanes that never waited store 2.
  const bool ok = ones + twos == 32;
  std::printf("%d lanes waited, %d found the flag set: %s\n", ones - 16, twos,
              ok ? "PASS" : "FAIL");
  cudaFree(flag);
  cudaFree(out);
  return ok ? 0 : 1;
}
