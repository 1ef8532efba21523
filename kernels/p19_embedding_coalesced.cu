// p19_coalesced — embedding lookup as a PyTorch custom op ("embedding"),
// 1-D grid; only the kernel math is ported (raw pointers).
// out[b, s, e] = weights[indices[b, s], e], or 0 if the index is outside
// [0, V). One thread per output element, 256 threads per block,
// ceil(B*L*E / 256) blocks; g = global index, b = g / (L*E),
// s = (g % (L*E)) / E, e = g % E. Consecutive threads of a warp read
// consecutive e of one embedding row and write consecutive outputs:
// coalesced.
// Sizes as the book: B=8, L=512, V=10000, E=512 (2,097,152 outputs).
// Inputs: indices uniform in [0, V) and weights standard normal (nn.Embedding's
// init) from a fixed LCG + Box–Muller instead of torch's seed-42 generator.
// The output buffer is zero-filled before the launch (the op's memset). The
// host compares with a CPU lookup; a gather copies values, so the expected max
// abs diff is 0 (tolerance atol 0; the book reports 1.19e-07 against torch).
// Synchronisation: none.
#include <cmath>
#include <vector>

#include "puzzle.h"

constexpr int B = 8;
constexpr int L = 512;
constexpr int V = 10000;
constexpr int E = 512;

constexpr int THREADS_PER_BLOCK = 256;

__global__ void embedding_kernel_coalesced(float *output, const int *indices,
                                           const float *weights) {
  long long g = (long long)blockDim.x * blockIdx.x + threadIdx.x;
  if (g >= (long long)B * L * E)
    return;
  int b = int(g / (L * E));
  int s = int((g % (L * E)) / E);
  int e = int(g % E);
  int idx = indices[b * L + s];
  output[g] = (idx >= 0 && idx < V) ? weights[(long long)idx * E + e] : 0.0f;
}

int main() {
  std::vector<int> h_indices(B * L);
  std::vector<float> h_weights(size_t(V) * E), h_out(size_t(B) * L * E);
  Lcg rng(19);
  for (int &idx : h_indices)
    idx = int(rng.next_u32() % V);
  for (float &w : h_weights)
    w = float(rng.normal());

  std::vector<double> ref(h_out.size());
  for (int t = 0; t < B * L; ++t) {
    int idx = h_indices[t];
    for (int e = 0; e < E; ++e)
      ref[size_t(t) * E + e] = (idx >= 0 && idx < V) ? h_weights[size_t(idx) * E + e] : 0.0;
  }

  DeviceBuffer<int> d_indices(h_indices.data(), h_indices.size());
  DeviceBuffer<float> d_weights(h_weights.data(), h_weights.size());
  DeviceBuffer<float> d_out(h_out.size()); // zero-filled

  const int total = B * L * E;
  const int blocks = (total + THREADS_PER_BLOCK - 1) / THREADS_PER_BLOCK;
  embedding_kernel_coalesced<<<blocks, THREADS_PER_BLOCK>>>(d_out.data(), d_indices.data(),
                                                            d_weights.data());
  CUDA_CHECK_LAUNCH();

  d_out.download(h_out.data());
  float ref5[5];
  for (int i = 0; i < 5; ++i)
    ref5[i] = float(ref[i]);
  std::printf("indices[:4]: [%d, %d, %d, %d]\n", h_indices[0], h_indices[1], h_indices[2],
              h_indices[3]);
  print_array("out[0, 0, :5]", h_out.data(), 5);
  print_array("expected[0, 0, :5]", ref5, 5);
  puzzle_output("out", h_out.data(), h_out.size());
  return finish(check_close("out", h_out.data(), ref.data(), int(h_out.size()), 0.0, 0.0));
}
