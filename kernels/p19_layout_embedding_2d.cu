// p19_2d — embedding lookup, 2-D grid ("embedding_2d"); only the kernel math
// is ported (LayoutTensor views: indices row_major(B*L), weights
// row_major(V, E), output row_major(B*L, E)).
// Block 16 x 16, grid (ceil(B*L / 16), ceil(E / 16)); x indexes the (b, s)
// position and y the embedding dimension:
//   out(bs, e) = weights(indices(bs), e), or 0 for an out-of-range index.
// Non-coalesced: threadIdx.x varies fastest within a warp, so the 32 lanes of
// a warp cover 16 different (b, s) rows (two values of e): 16 separate
// embedding rows are read and 16 output rows written, strided by E floats.
// Sizes as the book: B=8, L=512, V=10000, E=512 (2,097,152 outputs).
// Inputs: indices uniform in [0, V) and weights standard normal (nn.Embedding's
// init) from a fixed LCG + Box–Muller instead of torch's seed-42 generator.
// The output buffer is zero-filled before the launch (the op's memset). The
// host compares with a CPU lookup; a gather copies values, so the expected max
// abs diff is 0 (tolerance atol 0; the book reports 1.19e-07 against torch).
// Synchronisation: none.
#include <cmath>
#include <vector>

#include "layout_tensor.h"
#include "puzzle.h"

constexpr int B = 8;
constexpr int L = 512;
constexpr int V = 10000;
constexpr int E = 512;

constexpr int TPB_2D = 16;

using Indices = LayoutTensor<const int, RowMajor<B * L>>;
using Weights = LayoutTensor<const float, RowMajor<V, E>>;
using Output = LayoutTensor<float, RowMajor<B * L, E>>;

__global__ void embedding_kernel_2d(Output output, Indices indices, Weights weights) {
  int bs = blockIdx.x * blockDim.x + threadIdx.x; // batch * seq position
  int e = blockIdx.y * blockDim.y + threadIdx.y;  // embedding dimension
  if (bs >= B * L || e >= E)
    return;
  int idx = indices(bs);
  output(bs, e) = (idx >= 0 && idx < V) ? weights(idx, e) : 0.0f;
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

  const dim3 block(TPB_2D, TPB_2D);
  const dim3 grid((B * L + TPB_2D - 1) / TPB_2D, (E + TPB_2D - 1) / TPB_2D);
  embedding_kernel_2d<<<grid, block>>>(Output(d_out.data()), Indices(d_indices.data()),
                                       Weights(d_weights.data()));
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
