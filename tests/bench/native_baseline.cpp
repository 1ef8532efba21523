// Native baseline for the warpsim benchmark: plain C++ (no CUDA, no fibers).
// Runs the same kernel bodies as tests/bench/vector_add.cu and
// tests/bench/block_reduce.cu as ordinary loops over every block and thread,
// times each with std::chrono (best of 5) and prints
//   vector_add_native_ms=<ms>
//   block_reduce_native_ms=<ms>
// The reduction's __syncthreads() is emulated by running each phase (the
// load, then every tree step) for all threads of the block before the next.
// Results are checked the same way as the .cu programs; times are never
// asserted. Optional argv[1] overrides the element count (default 1<<20).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <vector>

namespace {

constexpr int THREADS_PER_BLOCK = 256;
constexpr int REPEATS = 5;

struct Dim3 {
  int x = 0, y = 0, z = 0;
};

// What a CUDA thread sees: its indices and the block shape.
struct ThreadCtx {
  Dim3 threadIdx, blockIdx, blockDim;
};

// ---- vector_add: body identical to the kernel in vector_add.cu.
inline void vector_add_body(const ThreadCtx &c, float *out, const float *a, const float *b, int n) {
  int i = c.blockIdx.x * c.blockDim.x + c.threadIdx.x;
  if (i < n)
    out[i] = a[i] + b[i];
}

void vector_add_launch(int blocks, float *out, const float *a, const float *b, int n) {
  ThreadCtx c;
  c.blockDim.x = THREADS_PER_BLOCK;
  for (int bx = 0; bx < blocks; ++bx) {
    c.blockIdx.x = bx;
    for (int tx = 0; tx < THREADS_PER_BLOCK; ++tx) {
      c.threadIdx.x = tx;
      vector_add_body(c, out, a, b, n);
    }
  }
}

// ---- block_reduce: the kernel in block_reduce.cu, split at its barriers.
inline void reduce_load(const ThreadCtx &c, float *sdata, const float *in, int n) {
  int tid = c.threadIdx.x;
  int i = c.blockIdx.x * c.blockDim.x + c.threadIdx.x;
  sdata[tid] = i < n ? in[i] : 0.0f;
}
inline void reduce_step(const ThreadCtx &c, float *sdata, int stride) {
  int tid = c.threadIdx.x;
  if (tid < stride)
    sdata[tid] += sdata[tid + stride];
}
inline void reduce_write(const ThreadCtx &c, float *partials, const float *sdata) {
  if (c.threadIdx.x == 0)
    partials[c.blockIdx.x] = sdata[0];
}

void block_reduce_launch(int blocks, float *partials, const float *in, int n) {
  float sdata[THREADS_PER_BLOCK]; // the block's shared memory
  ThreadCtx c;
  c.blockDim.x = THREADS_PER_BLOCK;
  for (int bx = 0; bx < blocks; ++bx) {
    c.blockIdx.x = bx;
    for (int tx = 0; tx < THREADS_PER_BLOCK; ++tx) {
      c.threadIdx.x = tx;
      reduce_load(c, sdata, in, n);
    }
    // __syncthreads()
    for (int stride = THREADS_PER_BLOCK / 2; stride > 0; stride /= 2) {
      for (int tx = 0; tx < THREADS_PER_BLOCK; ++tx) {
        c.threadIdx.x = tx;
        reduce_step(c, sdata, stride);
      }
      // __syncthreads()
    }
    for (int tx = 0; tx < THREADS_PER_BLOCK; ++tx) {
      c.threadIdx.x = tx;
      reduce_write(c, partials, sdata);
    }
  }
}

template <class F> double best_ms(F &&run) {
  double best = 1e300;
  for (int r = 0; r < REPEATS; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    run();
    auto t1 = std::chrono::steady_clock::now();
    best = std::min(best, std::chrono::duration<double, std::milli>(t1 - t0).count());
  }
  return best;
}

} // namespace

int main(int argc, char **argv) {
  const int n = argc > 1 ? std::atoi(argv[1]) : (1 << 20);
  if (n <= 0) {
    std::printf("FAIL: bad element count\n");
    return 1;
  }
  const int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  int failures = 0;

  // vector_add: same inputs as vector_add.cu.
  std::vector<float> a(n), b(n), out(n, 0.0f);
  for (int i = 0; i < n; ++i) {
    a[i] = float(i % 1024);
    b[i] = float(2 * (i % 517));
  }
  double va_ms = best_ms([&] { vector_add_launch(blocks, out.data(), a.data(), b.data(), n); });
  for (int i = 0; i < n; ++i)
    if (out[i] != a[i] + b[i]) {
      std::printf("vector_add mismatch at %d\n", i);
      ++failures;
      break;
    }

  // block_reduce: same inputs as block_reduce.cu.
  std::vector<float> in(n), partials(blocks, 0.0f);
  for (int i = 0; i < n; ++i)
    in[i] = float(i % 7);
  double br_ms = best_ms([&] { block_reduce_launch(blocks, partials.data(), in.data(), n); });
  long long total = 0, want = 0;
  for (int bx = 0; bx < blocks; ++bx)
    total += (long long)partials[bx];
  for (int i = 0; i < n; ++i)
    want += i % 7;
  if (total != want) {
    std::printf("block_reduce sum %lld, expected %lld\n", total, want);
    ++failures;
  }

  std::printf("n=%d blocks=%d threads_per_block=%d repeats=%d\n", n, blocks, THREADS_PER_BLOCK,
              REPEATS);
  std::printf("vector_add_native_ms=%.4f\n", va_ms);
  std::printf("block_reduce_native_ms=%.4f\n", br_ms);
  std::printf("native_check=%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
