// Finite loops that change no byte of memory for a long time (issue 27 item
// 6): each would finish on a GPU, so warpsim must not end them as a livelock.
//  * same_store: every pass stores the value already there (a counter moves
//    in a register);
//  * walk: only loads, of a new address each pass, summed in registers (two
//    blocks: parallel rounds under --jobs, tests/jobs);
//  * vote: only warp votes on register values, no memory access at all.
// Arguments: the passes (default 6000: more warp instructions than the
// --spin-limit its CTests give, which the old rule, "no byte changed",
// ended as a livelock), then optionally one kernel's name to run only it.
// JOBS-EXPECT: 6000 passes: PASS
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__global__ void same_store(const int *in, int *out, int repeat) {
  const int tx = threadIdx.x;
  for (int i = 0; i < repeat; i++)
    out[tx] = in[tx] * 2;
}

__global__ void walk(const int *in, int *out, int repeat) {
  int acc = 0;
  for (int i = 0; i < repeat; i++)
    acc += in[i];
  out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}

__global__ void vote(int *out, int repeat) {
  const int v = threadIdx.x % 32 == 5;
  int any = 0, all = 1;
  for (int i = 0; i < repeat; i++) {
    any |= __any_sync(0xffffffff, v);
    all &= __all_sync(0xffffffff, v);
  }
  out[threadIdx.x] = any * 2 + all;
}

int main(int argc, char **argv) {
  const int repeat = argc > 1 ? std::atoi(argv[1]) : 6000;
  const char *only = argc > 2 ? argv[2] : nullptr;
  auto runs = [only](const char *name) { return only == nullptr || std::strcmp(only, name) == 0; };
  const int threads = 128;
  int *in, *out;
  cudaMalloc(&in, repeat * sizeof(int));
  cudaMalloc(&out, threads * sizeof(int));
  int *h = static_cast<int *>(std::malloc(repeat * sizeof(int)));
  long long expect = 0;
  for (int i = 0; i < repeat; i++) {
    h[i] = i % 7 - 3;
    expect += h[i];
  }
  cudaMemcpy(in, h, repeat * sizeof(int), cudaMemcpyHostToDevice);
  int r[threads];
  bool ok = true;

  if (runs("same_store")) {
    same_store<<<1, threads>>>(in, out, repeat);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    bool stored = true;
    for (int t = 0; t < threads; t++)
      stored &= r[t] == h[t % repeat] * 2;
    std::printf("same_store: %s\n", stored ? "ok" : "wrong");
    ok &= stored;
  }
  if (runs("walk")) {
    walk<<<2, threads / 2>>>(in, out, repeat); // two blocks: --jobs runs them side by side
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    bool walked = true;
    for (int t = 0; t < threads; t++)
      walked &= r[t] == static_cast<int>(expect);
    std::printf("walk: sum %d, %s\n", r[0], walked ? "ok" : "wrong");
    ok &= walked;
  }
  if (runs("vote")) {
    vote<<<1, threads>>>(out, repeat);
    cudaMemcpy(r, out, sizeof r, cudaMemcpyDeviceToHost);
    bool voted = true;
    for (int t = 0; t < threads; t++)
      voted &= r[t] == 2; // any: lane 5 of each warp; all: never
    std::printf("vote: %s\n", voted ? "ok" : "wrong");
    ok &= voted;
  }

  std::printf("%d passes: %s\n", repeat, ok ? "PASS" : "FAIL");
  std::free(h);
  cudaFree(in);
  cudaFree(out);
  return ok ? 0 : 1;
}
