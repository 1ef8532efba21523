// make_multi's main unit: launches kernels of the two other units, sets and
// reads their device symbols, and checks the results on the host.
#include <cmath>
#include <cstdio>
#include <cstring>

#include "../host/report.h"
#include "common.h"

// report.cpp has a static function of the same name.
static bool matches(float a, float b) { return std::fabs(a - b) <= 1e-6f; }

int main(int argc, char **argv) {
  const bool race = argc > 1 && std::strcmp(argv[1], "--race") == 0;
  float h[kN], want[kN];
  for (int i = 0; i < kN; ++i) {
    h[i] = (i % 5) * 0.125f;
    float v = 2.0f * h[i] * 1.5f + (i % 7) * 0.05f;
    want[i] = v < 0.0f ? 0.0f : (v > 1.0f ? 1.0f : v);
  }
  float *d = nullptr, *out = nullptr;
  cudaMalloc(&d, sizeof h);
  cudaMalloc(&out, sizeof(float));
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  scaleKernel<<<2, kN / 2>>>(d, kN, 1.5f);
  float scaled[kN];
  cudaMemcpy(scaled, d, sizeof scaled, cudaMemcpyDeviceToHost);
  int mismatches = 0;
  double sum = 0;
  for (int i = 0; i < kN; ++i) {
    mismatches += !matches(scaled[i], want[i]);
    sum += want[i];
  }
  std::printf("scale: %d of %d elements differ\n", mismatches, kN);

  const float weight = 0.5f;
  cudaMemcpyToSymbol(c_weight, &weight, sizeof weight);
  cudaMemset(out, 0, sizeof(float));
  if (race)
    racySumKernel<<<1, kN>>>(d, kN, out);
  else
    sumKernel<<<1, kN>>>(d, kN, out);
  float got = 0;
  cudaMemcpy(&got, out, sizeof got, cudaMemcpyDeviceToHost);
  int launches = 0;
  cudaMemcpyFromSymbol(&launches, g_launches, sizeof launches);
  std::printf("launches counted on the device: %d\n", launches);
  int failed = mismatches != 0;
  if (!race)
    failed |= report("weighted sum", got, (2 * sum + 1) * weight);
  cudaFree(d);
  cudaFree(out);
  std::printf("%s\n", failed ? "FAILED" : "PASSED");
  return failed;
}
