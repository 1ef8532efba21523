// Native baseline for the warpsim benchmark: plain C++ (no CUDA, no fibers).
// Runs the same kernel bodies as the .cu programs in tests/bench/ as ordinary
// loops over every block and thread, times each with std::chrono (best of 5)
// and prints <kernel>_native_ms=<ms>.
// A __syncthreads() is emulated by running each phase between barriers for all
// threads of the block before the next (the COX / Polygeist transformation).
// Results are checked the same way as the .cu programs; times are never
// asserted. Optional argv[1] overrides the element count (default 1<<20; the
// side of the matrix for transpose and matmul, default 1024 and 256), and
// argv[2] names the one kernel to run (default: vector_add and block_reduce).
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
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

// ---- transpose: tiled.cu's body, 16x16 tiles, split at its barrier.
constexpr int TILE = 16;
void transpose_launch(int side, float *out, const float *in) {
  float tile[TILE][TILE + 1];
  for (int by = 0; by < side / TILE; ++by)
    for (int bx = 0; bx < side / TILE; ++bx) {
      for (int ty = 0; ty < TILE; ++ty)
        for (int tx = 0; tx < TILE; ++tx)
          tile[ty][tx] = in[(by * TILE + ty) * side + bx * TILE + tx];
      // __syncthreads()
      for (int ty = 0; ty < TILE; ++ty)
        for (int tx = 0; tx < TILE; ++tx)
          out[(bx * TILE + ty) * side + by * TILE + tx] = tile[tx][ty];
    }
}

// ---- scan: Hillis-Steele per 256-thread block, as scan.cu (read phase,
// barrier, add phase, barrier).
void scan_launch(int blocks, float *out, const float *in, int n) {
  float s[THREADS_PER_BLOCK], add[THREADS_PER_BLOCK];
  for (int bx = 0; bx < blocks; ++bx) {
    for (int t = 0; t < THREADS_PER_BLOCK; ++t) {
      int i = bx * THREADS_PER_BLOCK + t;
      s[t] = i < n ? in[i] : 0.0f;
    }
    for (int offset = 1; offset < THREADS_PER_BLOCK; offset *= 2) {
      for (int t = 0; t < THREADS_PER_BLOCK; ++t)
        add[t] = t >= offset ? s[t - offset] : 0.0f;
      for (int t = 0; t < THREADS_PER_BLOCK; ++t)
        s[t] += add[t];
    }
    for (int t = 0; t < THREADS_PER_BLOCK; ++t) {
      int i = bx * THREADS_PER_BLOCK + t;
      if (i < n)
        out[i] = s[t];
    }
  }
}

// ---- histogram: shared bins per block, then one add per bin, as histogram.cu.
void histogram_launch(int blocks, unsigned *bins, const unsigned char *in, int n) {
  unsigned local[THREADS_PER_BLOCK];
  for (int bx = 0; bx < blocks; ++bx) {
    for (int t = 0; t < THREADS_PER_BLOCK; ++t)
      local[t] = 0;
    for (int t = 0; t < THREADS_PER_BLOCK; ++t) {
      int i = bx * THREADS_PER_BLOCK + t;
      if (i < n)
        ++local[in[i]];
    }
    for (int t = 0; t < THREADS_PER_BLOCK; ++t)
      if (local[t] != 0)
        bins[t] += local[t];
  }
}

// ---- matmul: 16x16 tiles, as matmul.cu (load phase, barrier, multiply phase,
// barrier); acc is each thread's register.
void matmul_launch(int side, float *c, const float *a, const float *b) {
  float ta[TILE][TILE], tb[TILE][TILE], acc[TILE][TILE];
  for (int by = 0; by < side / TILE; ++by)
    for (int bx = 0; bx < side / TILE; ++bx) {
      for (int ty = 0; ty < TILE; ++ty)
        for (int tx = 0; tx < TILE; ++tx)
          acc[ty][tx] = 0.0f;
      for (int t = 0; t < side; t += TILE) {
        for (int ty = 0; ty < TILE; ++ty)
          for (int tx = 0; tx < TILE; ++tx) {
            ta[ty][tx] = a[(by * TILE + ty) * side + t + tx];
            tb[ty][tx] = b[(t + ty) * side + bx * TILE + tx];
          }
        for (int ty = 0; ty < TILE; ++ty)
          for (int tx = 0; tx < TILE; ++tx)
            for (int k = 0; k < TILE; ++k)
              acc[ty][tx] += ta[ty][k] * tb[k][tx];
      }
      for (int ty = 0; ty < TILE; ++ty)
        for (int tx = 0; tx < TILE; ++tx)
          c[(by * TILE + ty) * side + bx * TILE + tx] = acc[ty][tx];
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

// The four kernels added for the suite; each returns the number of wrong values.
int runExtra(const std::string &k, int size) {
  const bool square = k == "transpose" || k == "matmul";
  const int side = size, n = size;
  if (square && side % TILE) {
    std::printf("FAIL: side must be a multiple of %d\n", TILE);
    return 1;
  }
  const int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  long bad = 0;
  double ms = 0;
  if (k == "transpose") {
    const size_t cells = size_t(side) * side;
    std::vector<float> in(cells), out(cells, 0.0f);
    for (size_t i = 0; i < cells; ++i)
      in[i] = float(i % 4093);
    ms = best_ms([&] { transpose_launch(side, out.data(), in.data()); });
    for (int r = 0; r < side; ++r)
      for (int c = 0; c < side; ++c)
        bad += out[size_t(c) * side + r] != in[size_t(r) * side + c];
  } else if (k == "scan") {
    std::vector<float> in(n), out(n, 0.0f);
    for (int i = 0; i < n; ++i)
      in[i] = float(i % 5);
    ms = best_ms([&] { scan_launch(blocks, out.data(), in.data(), n); });
    float run = 0.0f;
    for (int i = 0; i < n; ++i) {
      if (i % THREADS_PER_BLOCK == 0)
        run = 0.0f;
      run += in[i];
      bad += out[i] != run;
    }
  } else if (k == "histogram") {
    std::vector<unsigned char> in(n);
    std::vector<unsigned> bins(THREADS_PER_BLOCK), want(THREADS_PER_BLOCK, 0);
    for (int i = 0; i < n; ++i)
      in[i] = (unsigned char)(i % 4 == 0 ? 7 : (i * 37u) % 251u);
    for (int i = 0; i < n; ++i)
      ++want[in[i]];
    ms = best_ms([&] {
      std::fill(bins.begin(), bins.end(), 0u);
      histogram_launch(blocks, bins.data(), in.data(), n);
    });
    for (int b = 0; b < THREADS_PER_BLOCK; ++b)
      bad += bins[b] != want[b];
  } else if (k == "matmul") {
    const size_t cells = size_t(side) * side;
    std::vector<float> a(cells), b(cells), c(cells, 0.0f);
    for (size_t i = 0; i < cells; ++i) {
      a[i] = float(i % 7) - 3.0f;
      b[i] = float(i % 5) - 2.0f;
    }
    ms = best_ms([&] { matmul_launch(side, c.data(), a.data(), b.data()); });
    for (int r = 0; r < side; ++r)
      for (int col = 0; col < side; ++col) {
        float want = 0.0f;
        for (int kk = 0; kk < side; ++kk)
          want += a[size_t(r) * side + kk] * b[size_t(kk) * side + col];
        bad += c[size_t(r) * side + col] != want;
      }
  } else {
    std::printf("FAIL: unknown kernel '%s'\n", k.c_str());
    return 1;
  }
  std::printf("%s: size=%d repeats=%d\n", k.c_str(), size, REPEATS);
  std::printf("%s_native_ms=%.4f\n", k.c_str(), ms);
  std::printf("native_check=%s\n", bad ? "FAIL" : "PASS");
  return bad ? 1 : 0;
}

int main(int argc, char **argv) {
  const std::string only = argc > 2 ? argv[2] : "";
  const bool square = only == "transpose" || only == "matmul";
  const int n = argc > 1 ? std::atoi(argv[1])
                : square ? (only == "matmul" ? 256 : 1024)
                         : (1 << 20);
  if (n <= 0) {
    std::printf("FAIL: bad element count\n");
    return 1;
  }
  if (!only.empty() && only != "vector_add" && only != "block_reduce")
    return runExtra(only, n);
  const int blocks = (n + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  int failures = 0;

  // vector_add: same inputs as vector_add.cu.
  double va_ms = -1, br_ms = -1;
  if (only != "block_reduce") {
    std::vector<float> a(n), b(n), out(n, 0.0f);
    for (int i = 0; i < n; ++i) {
      a[i] = float(i % 1024);
      b[i] = float(2 * (i % 517));
    }
    va_ms = best_ms([&] { vector_add_launch(blocks, out.data(), a.data(), b.data(), n); });
    for (int i = 0; i < n; ++i)
      if (out[i] != a[i] + b[i]) {
        std::printf("vector_add mismatch at %d\n", i);
        ++failures;
        break;
      }
  }

  // block_reduce: same inputs as block_reduce.cu.
  if (only != "vector_add") {
    std::vector<float> in(n), partials(blocks, 0.0f);
    for (int i = 0; i < n; ++i)
      in[i] = float(i % 7);
    br_ms = best_ms([&] { block_reduce_launch(blocks, partials.data(), in.data(), n); });
    long long total = 0, want = 0;
    for (int bx = 0; bx < blocks; ++bx)
      total += (long long)partials[bx];
    for (int i = 0; i < n; ++i)
      want += i % 7;
    if (total != want) {
      std::printf("block_reduce sum %lld, expected %lld\n", total, want);
      ++failures;
    }
  }

  std::printf("n=%d blocks=%d threads_per_block=%d repeats=%d\n", n, blocks, THREADS_PER_BLOCK,
              REPEATS);
  if (va_ms >= 0)
    std::printf("vector_add_native_ms=%.4f\n", va_ms);
  if (br_ms >= 0)
    std::printf("block_reduce_native_ms=%.4f\n", br_ms);
  std::printf("native_check=%s\n", failures ? "FAIL" : "PASS");
  return failures ? 1 : 0;
}
