// __shared__ in a __device__ function: the kernel's static shared memory
// includes it (and that of the functions it calls).
__device__ float warpSum(float v) {
  __shared__ float partial[32];
  partial[threadIdx.x % 32] = v;
  __syncthreads();
  float s = 0;
  for (int i = 0; i < 32; ++i)
    s += partial[i];
  return s;
}

__device__ __host__ inline int twice(int x) { return 2 * x; }

__global__ void reduce(const float *in, float *out) {
  __shared__ float block[256];
  block[threadIdx.x] = warpSum(in[threadIdx.x]);
  __syncthreads();
  if (threadIdx.x == 0)
    out[blockIdx.x] = block[twice(0)];
}

int main() {
  float *in, *out;
  cudaMalloc(&in, 256 * sizeof(float));
  cudaMalloc(&out, sizeof(float));
  reduce<<<1, 256>>>(in, out);
  return cudaDeviceSynchronize() == cudaSuccess ? 0 : 1;
}
