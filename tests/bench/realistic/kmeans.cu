// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: Lloyd's k-means. n = 1M / scale points (argv[1] =
// scale, default 1) in 4 dimensions, 16 clusters, 5 iterations. Integer
// coordinates and centroids (sum / count, rounded down) keep it exact, so
// the device's result must equal the host's bit for bit. Each iteration is
// one launch: a block stages the centroids in shared memory, each thread
// assigns its point to the nearest centroid (ties: the lower index) and adds
// it to the block's shared per-cluster sums (shared atomics), which the
// block then adds to the global sums (one global atomic per cluster and
// coordinate). The host divides.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kDims = 4, kClusters = 16, kIterations = 5, kThreads = 256;

__global__ void assign(const int *points, const int *centroids, int n, int *label,
                       unsigned long long *sums, unsigned *counts) {
  __shared__ int c[kClusters * kDims];
  __shared__ unsigned long long s[kClusters * kDims];
  __shared__ unsigned cnt[kClusters];
  for (int t = threadIdx.x; t < kClusters * kDims; t += blockDim.x) {
    c[t] = centroids[t];
    s[t] = 0;
  }
  if (threadIdx.x < kClusters)
    cnt[threadIdx.x] = 0;
  __syncthreads();
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    int p[kDims];
    for (int d = 0; d < kDims; ++d)
      p[d] = points[size_t(i) * kDims + d];
    int best = 0, bestDist = 0x7fffffff;
    for (int k = 0; k < kClusters; ++k) {
      int dist = 0;
      for (int d = 0; d < kDims; ++d) {
        int diff = p[d] - c[k * kDims + d];
        dist += diff * diff;
      }
      if (dist < bestDist) {
        bestDist = dist;
        best = k;
      }
    }
    label[i] = best;
    for (int d = 0; d < kDims; ++d)
      atomicAdd(&s[best * kDims + d], (unsigned long long)p[d]);
    atomicAdd(&cnt[best], 1u);
  }
  __syncthreads();
  for (int t = threadIdx.x; t < kClusters * kDims; t += blockDim.x)
    if (s[t] != 0)
      atomicAdd(&sums[t], s[t]);
  if (threadIdx.x < kClusters && cnt[threadIdx.x] != 0)
    atomicAdd(&counts[threadIdx.x], cnt[threadIdx.x]);
}

static unsigned lcg(unsigned &s) { return s = s * 1664525u + 1013904223u; }

static void update(std::vector<int> &centroids, const std::vector<unsigned long long> &sums,
                   const std::vector<unsigned> &counts) {
  for (int k = 0; k < kClusters; ++k)
    if (counts[k] != 0)
      for (int d = 0; d < kDims; ++d)
        centroids[k * kDims + d] = int(sums[k * kDims + d] / counts[k]);
}

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || (1 << 20) / scale < kThreads) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = (1 << 20) / scale;
  // Points scattered around 16 random centres; the first 16 points seed the
  // centroids.
  unsigned seed = 2024;
  int centres[kClusters][kDims];
  for (auto &c : centres)
    for (int &x : c)
      x = 100 + int(lcg(seed) % 824);
  std::vector<int> points(size_t(n) * kDims);
  for (int i = 0; i < n; ++i) {
    int k = int(lcg(seed) >> 16) % kClusters;
    for (int d = 0; d < kDims; ++d)
      points[size_t(i) * kDims + d] = centres[k][d] + int(lcg(seed) >> 16) % 201 - 100;
  }
  std::vector<int> centroids(points.begin(), points.begin() + kClusters * kDims);
  std::vector<int> host_centroids = centroids;

  int *d_points, *d_centroids, *d_label;
  unsigned long long *d_sums;
  unsigned *d_counts;
  CUDA_CHECK(cudaMalloc(&d_points, sizeof(int) * points.size()));
  CUDA_CHECK(cudaMalloc(&d_centroids, sizeof(int) * kClusters * kDims));
  CUDA_CHECK(cudaMalloc(&d_label, sizeof(int) * n));
  CUDA_CHECK(cudaMalloc(&d_sums, sizeof(unsigned long long) * kClusters * kDims));
  CUDA_CHECK(cudaMalloc(&d_counts, sizeof(unsigned) * kClusters));
  CUDA_CHECK(cudaMemcpy(d_points, points.data(), sizeof(int) * points.size(),
                        cudaMemcpyHostToDevice));
  std::vector<unsigned long long> sums(kClusters * kDims);
  std::vector<unsigned> counts(kClusters);
  for (int it = 0; it < kIterations; ++it) {
    CUDA_CHECK(cudaMemcpy(d_centroids, centroids.data(), sizeof(int) * kClusters * kDims,
                          cudaMemcpyHostToDevice));
    CUDA_CHECK(cudaMemset(d_sums, 0, sizeof(unsigned long long) * kClusters * kDims));
    CUDA_CHECK(cudaMemset(d_counts, 0, sizeof(unsigned) * kClusters));
    assign<<<(n + kThreads - 1) / kThreads, kThreads>>>(d_points, d_centroids, n, d_label,
                                                         d_sums, d_counts);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(sums.data(), d_sums, sizeof(unsigned long long) * sums.size(),
                          cudaMemcpyDeviceToHost));
    CUDA_CHECK(cudaMemcpy(counts.data(), d_counts, sizeof(unsigned) * kClusters,
                          cudaMemcpyDeviceToHost));
    update(centroids, sums, counts);
  }
  std::vector<int> label(n);
  CUDA_CHECK(cudaMemcpy(label.data(), d_label, sizeof(int) * n, cudaMemcpyDeviceToHost));
  CUDA_CHECK(cudaFree(d_points));
  CUDA_CHECK(cudaFree(d_centroids));
  CUDA_CHECK(cudaFree(d_label));
  CUDA_CHECK(cudaFree(d_sums));
  CUDA_CHECK(cudaFree(d_counts));

  // Host reference: the same iterations.
  std::vector<int> host_label(n);
  for (int it = 0; it < kIterations; ++it) {
    std::vector<unsigned long long> hs(kClusters * kDims, 0);
    std::vector<unsigned> hc(kClusters, 0);
    for (int i = 0; i < n; ++i) {
      int best = 0, bestDist = 0x7fffffff;
      for (int k = 0; k < kClusters; ++k) {
        int dist = 0;
        for (int d = 0; d < kDims; ++d) {
          int diff = points[size_t(i) * kDims + d] - host_centroids[k * kDims + d];
          dist += diff * diff;
        }
        if (dist < bestDist) {
          bestDist = dist;
          best = k;
        }
      }
      host_label[i] = best;
      for (int d = 0; d < kDims; ++d)
        hs[best * kDims + d] += unsigned(points[size_t(i) * kDims + d]);
      ++hc[best];
    }
    update(host_centroids, hs, hc);
  }
  long bad = 0;
  for (int i = 0; i < n; ++i)
    bad += label[i] != host_label[i];
  for (int t = 0; t < kClusters * kDims; ++t)
    bad += centroids[t] != host_centroids[t];
  std::printf("kmeans: n=%d clusters=%d iterations=%d first_centroid=(%d %d %d %d)\n", n,
              kClusters, kIterations, centroids[0], centroids[1], centroids[2], centroids[3]);
  if (bad) {
    std::printf("FAIL: %ld labels or centroid coordinates differ from the host's\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
