// __shared__ variables at namespace scope (legal CUDA): every use becomes
// a call that finds the block's copy.
__shared__ float tile[64];
extern __shared__ float dynamicBuffer[];

namespace detail {
__shared__ int hits;
}

__device__ void bump() { atomicAdd(&detail::hits, 1); }

template <int N>
__global__ void useTile(float *out) {
  tile[threadIdx.x % N] = dynamicBuffer[threadIdx.x];
  bump();
  __syncthreads();
  out[threadIdx.x] = tile[(threadIdx.x + 1) % N] + detail::hits;
}

__global__ void plain(float *out) { out[0] = tile[0]; }

int main() {
  float *o;
  cudaMalloc(&o, 64 * sizeof(float));
  useTile<64><<<1, 64, 64 * sizeof(float)>>>(o);
  plain<<<1, 1>>>(o);
  return 0;
}
