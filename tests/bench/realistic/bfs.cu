// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: breadth-first search, level-synchronous with a
// frontier queue (Harish & Narayanan; Merrill et al. without the load
// balancing). A random graph of n = 1M / scale vertices (argv[1] = scale,
// default 1), 8 out-edges each to uniformly chosen vertices, in CSR form.
// One launch per level: each thread takes a frontier vertex and claims its
// unvisited neighbours with atomicCAS on their level, appending each claimed
// vertex to the next frontier (atomicAdd on its length). The frontier's
// order depends on the schedule, the levels do not: the host's BFS must give
// the same level for every vertex.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kDegree = 8, kThreads = 256;

__global__ void expand(const int *row, const int *col, int *level, const int *frontier,
                       int frontier_size, int *next, int *next_size, int depth) {
  int t = blockIdx.x * blockDim.x + threadIdx.x;
  if (t >= frontier_size)
    return;
  int u = frontier[t];
  for (int e = row[u]; e < row[u + 1]; ++e) {
    int v = col[e];
    if (atomicCAS(&level[v], -1, depth + 1) == -1)
      next[atomicAdd(next_size, 1)] = v;
  }
}

static unsigned lcg(unsigned &s) { return s = s * 1664525u + 1013904223u; }

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || (1 << 20) / scale < 64) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = (1 << 20) / scale;
  const long edges = long(n) * kDegree;
  std::vector<int> row(n + 1), col(edges);
  unsigned seed = 7;
  for (int u = 0; u < n; ++u) {
    row[u] = int(long(u) * kDegree);
    for (int k = 0; k < kDegree; ++k)
      col[long(u) * kDegree + k] = int((unsigned long long)lcg(seed) * n >> 32);
  }
  row[n] = int(edges);

  int *d_row, *d_col, *d_level, *d_a, *d_b, *d_size;
  CUDA_CHECK(cudaMalloc(&d_row, sizeof(int) * (n + 1)));
  CUDA_CHECK(cudaMalloc(&d_col, sizeof(int) * edges));
  CUDA_CHECK(cudaMalloc(&d_level, sizeof(int) * n));
  CUDA_CHECK(cudaMalloc(&d_a, sizeof(int) * n));
  CUDA_CHECK(cudaMalloc(&d_b, sizeof(int) * n));
  CUDA_CHECK(cudaMalloc(&d_size, sizeof(int)));
  CUDA_CHECK(cudaMemcpy(d_row, row.data(), sizeof(int) * (n + 1), cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_col, col.data(), sizeof(int) * edges, cudaMemcpyHostToDevice));
  std::vector<int> level(n, -1);
  level[0] = 0;
  CUDA_CHECK(cudaMemcpy(d_level, level.data(), sizeof(int) * n, cudaMemcpyHostToDevice));
  const int source = 0;
  CUDA_CHECK(cudaMemcpy(d_a, &source, sizeof(int), cudaMemcpyHostToDevice));
  int frontier = 1, depth = 0;
  while (frontier > 0) {
    CUDA_CHECK(cudaMemset(d_size, 0, sizeof(int)));
    expand<<<(frontier + kThreads - 1) / kThreads, kThreads>>>(d_row, d_col, d_level, d_a,
                                                               frontier, d_b, d_size, depth);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(&frontier, d_size, sizeof(int), cudaMemcpyDeviceToHost));
    int *t = d_a;
    d_a = d_b;
    d_b = t;
    ++depth;
  }
  CUDA_CHECK(cudaMemcpy(level.data(), d_level, sizeof(int) * n, cudaMemcpyDeviceToHost));
  for (int *p : {d_row, d_col, d_level, d_a, d_b, d_size})
    CUDA_CHECK(cudaFree(p));

  // Host BFS.
  std::vector<int> want(n, -1), queue;
  queue.reserve(n);
  want[0] = 0;
  queue.push_back(0);
  for (size_t h = 0; h < queue.size(); ++h) {
    int u = queue[h];
    for (int e = row[u]; e < row[u + 1]; ++e)
      if (want[col[e]] < 0) {
        want[col[e]] = want[u] + 1;
        queue.push_back(col[e]);
      }
  }
  long bad = 0, reached = 0;
  for (int v = 0; v < n; ++v) {
    reached += level[v] >= 0;
    if (level[v] != want[v]) {
      if (bad < 5)
        std::printf("vertex %d: level %d, expected %d\n", v, level[v], want[v]);
      ++bad;
    }
  }
  std::printf("bfs: n=%d edges=%ld levels=%d reached=%ld\n", n, edges, depth - 1, reached);
  if (bad) {
    std::printf("FAIL: %ld vertices at the wrong level\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
