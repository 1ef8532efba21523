// warpsim-golden: skip (full size by default; the bench_small tests run it small)
// Realistic-size suite: all-pairs gravitational n-body (GPU Gems 3, ch. 31).
// n = 32768 / scale bodies (argv[1] = scale, default 1), 256-thread blocks;
// each block walks the bodies in tiles of 256 staged in shared memory. Two
// leapfrog steps. After each step the host recomputes the accelerations of
// 256 sampled bodies in double precision from the positions the device
// started the step with, and compares (relative tolerance 1e-3).
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "../cuda_check.h"

constexpr int kTile = 256;
constexpr float kSoft2 = 0.01f, kDt = 0.001f;

__global__ void forces(const float4 *pos, float4 *vel, float4 *acc, int n) {
  __shared__ float4 tile[kTile];
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  float4 p = i < n ? pos[i] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
  float ax = 0.0f, ay = 0.0f, az = 0.0f;
  for (int base = 0; base < n; base += kTile) {
    int j = base + threadIdx.x;
    tile[threadIdx.x] = j < n ? pos[j] : make_float4(0.0f, 0.0f, 0.0f, 0.0f);
    __syncthreads();
    for (int k = 0; k < kTile; ++k) {
      float4 q = tile[k];
      float dx = q.x - p.x, dy = q.y - p.y, dz = q.z - p.z;
      float r2 = dx * dx + dy * dy + dz * dz + kSoft2;
      float inv = rsqrtf(r2);
      float s = q.w * inv * inv * inv;
      ax += dx * s;
      ay += dy * s;
      az += dz * s;
    }
    __syncthreads();
  }
  if (i < n) {
    acc[i] = make_float4(ax, ay, az, 0.0f);
    float4 v = vel[i];
    vel[i] = make_float4(v.x + ax * kDt, v.y + ay * kDt, v.z + az * kDt, 0.0f);
  }
}

__global__ void drift(float4 *pos, const float4 *vel, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    float4 p = pos[i], v = vel[i];
    pos[i] = make_float4(p.x + v.x * kDt, p.y + v.y * kDt, p.z + v.z * kDt, p.w);
  }
}

static unsigned lcg(unsigned &s) { return s = s * 1664525u + 1013904223u; }
static float unit(unsigned &s) { return float(lcg(s) >> 8) / 16777216.0f; }

int main(int argc, char **argv) {
  const int scale = argc > 1 ? std::atoi(argv[1]) : 1;
  if (scale < 1 || 32768 / scale < kTile) {
    std::printf("FAIL: bad scale\n");
    return 1;
  }
  const int n = 32768 / scale, steps = 2, samples = 256;
  std::vector<float4> pos(n), vel(n, make_float4(0.0f, 0.0f, 0.0f, 0.0f)), acc(n);
  unsigned seed = 12345;
  for (int i = 0; i < n; ++i)
    pos[i] = make_float4(unit(seed) * 2 - 1, unit(seed) * 2 - 1, unit(seed) * 2 - 1,
                         0.5f + unit(seed) / n);
  float4 *d_pos, *d_vel, *d_acc;
  const size_t bytes = sizeof(float4) * n;
  CUDA_CHECK(cudaMalloc(&d_pos, bytes));
  CUDA_CHECK(cudaMalloc(&d_vel, bytes));
  CUDA_CHECK(cudaMalloc(&d_acc, bytes));
  CUDA_CHECK(cudaMemcpy(d_pos, pos.data(), bytes, cudaMemcpyHostToDevice));
  CUDA_CHECK(cudaMemcpy(d_vel, vel.data(), bytes, cudaMemcpyHostToDevice));
  long bad = 0;
  double worst = 0;
  for (int s = 0; s < steps; ++s) {
    forces<<<(n + kTile - 1) / kTile, kTile>>>(d_pos, d_vel, d_acc, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(acc.data(), d_acc, bytes, cudaMemcpyDeviceToHost));
    for (int t = 0; t < samples; ++t) {
      int i = int((long(t) * n) / samples);
      double ax = 0, ay = 0, az = 0;
      for (int j = 0; j < n; ++j) {
        double dx = double(pos[j].x) - pos[i].x, dy = double(pos[j].y) - pos[i].y,
               dz = double(pos[j].z) - pos[i].z;
        double r2 = dx * dx + dy * dy + dz * dz + kSoft2;
        double inv = 1.0 / std::sqrt(r2);
        double f = pos[j].w * inv * inv * inv;
        ax += dx * f;
        ay += dy * f;
        az += dz * f;
      }
      double mag = std::sqrt(ax * ax + ay * ay + az * az);
      double err = std::sqrt((acc[i].x - ax) * (acc[i].x - ax) + (acc[i].y - ay) * (acc[i].y - ay) +
                             (acc[i].z - az) * (acc[i].z - az)) /
                   (mag + 1e-6);
      if (err > worst)
        worst = err;
      if (err > 1e-3) {
        if (bad < 5)
          std::printf("step %d body %d: got (%g %g %g), expected (%g %g %g)\n", s, i, acc[i].x,
                      acc[i].y, acc[i].z, ax, ay, az);
        ++bad;
      }
    }
    drift<<<(n + 255) / 256, 256>>>(d_pos, d_vel, n);
    CUDA_CHECK(cudaGetLastError());
    CUDA_CHECK(cudaMemcpy(pos.data(), d_pos, bytes, cudaMemcpyDeviceToHost));
  }
  CUDA_CHECK(cudaFree(d_pos));
  CUDA_CHECK(cudaFree(d_vel));
  CUDA_CHECK(cudaFree(d_acc));
  std::printf("nbody: n=%d steps=%d sampled=%d worst_relative_error=%s\n", n, steps, samples,
              worst < 1e-5 ? "<1e-5" : ">=1e-5");
  if (bad) {
    std::printf("FAIL: %ld sampled accelerations wrong\n", bad);
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}
