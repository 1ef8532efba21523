// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: sparse matrix-vector product y = A x in CSR form,
// the "vector" kernel of Bell & Garland (one warp per row, lanes stride
// over the row's nonzeros, a shuffle reduction). rows = 1M / scale (argv[1]
// = scale, default 1), 16 nonzeros per row at random columns of a square
// matrix, repeated 5 times as a solver's inner loop would. Small integer
// values keep every sum exact, so y must equal the host's product exactly.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kPerRow = 16, kRepeats = 5, kThreads = 256;

__global__ void spmv_vector(const int *row, const int *col, const float *val, const float *x,
                            float *y, int rows) {
  int warp = (blockIdx.x * blockDim.x + threadIdx.x) / 32;
  int lane = threadIdx.x % 32;
  if (warp >= rows)
    return;
  float sum = 0.0f;
  for (int e = row[warp] + lane; e < row[warp + 1]; e += 32)
    sum += val[e] * x[col[e]];
  for (int off = 16; off > 0; off /= 2)
    sum += __shfl_down_sync(0xffffffffu, sum, off);
  if (lane == 0)
    y[warp] = sum;
}

static unsigned lcg(unsigned &s) { return s = s * 1664525u + 1013904223u; }

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || (1 << 20) / scale < 64) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int rows = (1 << 20) / scale;
  const long nnz = long(rows) * kPerRow;
  std::vector<int> row(rows + 1), col(nnz);
  std::vector<float> val(nnz), x(rows);
  unsigned seed = 99;
  for (int r = 0; r <= rows; ++r)
    row[r] = int(long(r) * kPerRow);
  for (long e = 0; e < nnz; ++e) {
    col[e] = int((unsigned long long)lcg(seed) * rows >> 32);
    val[e] = float(int(lcg(seed) >> 29) - 4); // -4 .. 3
  }
  for (int i = 0; i < rows; ++i)
    x[i] = float(int(lcg(seed) >> 28) - 8); // -8 .. 7

  int *d_row, *d_col;
  float *d_val, *d_x, *d_y;
  CUDA_CHECK(cudaMalloc(&d_row, sizeof(int) * (rows + 1)));
  CUDA_CHECK(cudaMalloc(&d_col, sizeof(int) * nnz));
  CUDA_CHECK(cudaMalloc(&d_val, sizeof(float) * nnz));
  CUDA_CHECK(cudaMalloc(&d_x, sizeof(float) * rows));
  CUDA_CHECK(cudaMalloc(&d_y, sizeof(float) * rows));
  CUDA_CHECK(cudaMemcpy(d_row, row.data(), sizeof(int) * (rows + 1), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_col, col.data(), sizeof(int) * nnz, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_val, val.data(), sizeof(float) * nnz, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_x, x.data(), sizeof(float) * rows, cudaMemcpyHostToDevice));
  const long threads = long(rows) * 32;
  for (int r = 0; r < kRepeats; ++r) {
    spmv_vector<<<int((threads + kThreads - 1) / kThreads), kThreads>>>(d_row, d_col, d_val, d_x,
                                                                        d_y, rows);
    CUDA_CHECK(cudaGetLastError());
  }
  std::vector<float> y(rows);
  CUDA_CHECK(cudaMemcpy(y.data(), d_y, sizeof(float) * rows, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_row));
  CUDA_CHECK(cudaFree(d_col));
  CUDA_CHECK(cudaFree(d_val));
  CUDA_CHECK(cudaFree(d_x));
  CUDA_CHECK(cudaFree(d_y));

  long bad = 0;
  double total = 0;
  for (int r = 0; r < rows; ++r) {
    float want = 0.0f;
    for (int e = row[r]; e < row[r + 1]; ++e)
      want += val[e] * x[col[e]];
    total += y[r];
    if (y[r] != want) {
      if (bad < 5)
        std::printf("row %d: got %g, expected %g\n", r, y[r], want);
      ++bad;
    }
  }
  std::printf("spmv: rows=%d nnz=%ld repeats=%d sum=%.0f\n", rows, nnz, kRepeats, total);
  if (bad) {
    std::printf("FAIL: %ld of %d rows wrong\n", bad, rows);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
