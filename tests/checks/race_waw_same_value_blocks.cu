// Two blocks of two warps copy A into the first n elements of a __shared__
// B, then of a global G: threads of different warps (and, for G, of
// different blocks) write the same element without a barrier or fence
// between, and every write stores the value already there (A's). A
// same-value WAW is a warning whatever n, the schedule and --jobs (issue 27
// item 1). Two ways the earlier write's value was lost: under lockstep the
// round's phase ended between a warp's store being issued and the lane
// making it (its next turn), and the pair was settled against memory before
// the store (n >= 8: an error for B); under random, a write of one block
// raced with another block's write not yet made (an error for G). The
// schedule.severity.blocks_* CTests run it for n = 1, 8, 33 under
// lockstep, fast, random and --jobs 1/4. Buggy twin:
// race_waw_different_value_blocks.cu.
// EXPECT: race shared warning hazard=WAW at=@shared
// EXPECT: race global warning hazard=WAW at=@global
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

__global__ void copy_rows(const float *A, float *G, int n) {
  __shared__ float B[256];
  for (int i = 0; i < n; i++)
    B[i] = A[i]; // @shared
  for (int i = 0; i < n; i++)
    G[i] = A[i]; // @global
}

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : 8;
  float h[256], *a, *g;
  for (float &v : h)
    v = 2.5f;
  cudaMalloc(&a, sizeof h);
  cudaMalloc(&g, sizeof h);
  cudaMemcpy(a, h, sizeof h, cudaMemcpyHostToDevice);
  copy_rows<<<2, 64>>>(a, g, n);
  cudaMemcpy(h, g, sizeof h, cudaMemcpyDeviceToHost);
  bool ok = true;
  for (int i = 0; i < n && i < 256; ++i)
    ok = ok && h[i] == 2.5f;
  std::printf("n = %d: %s\n", n, ok ? "PASS" : "FAIL");
  cudaFree(a);
  cudaFree(g);
  return ok ? 0 : 1;
}
