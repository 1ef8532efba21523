// Dynamic shared memory: `extern __shared__` arrays, sized by the launch.
template <class T>
__global__ void reverse(T *data, int n) {
  extern __shared__ T tmp[];
  int t = threadIdx.x;
  tmp[t] = data[t];
  __syncthreads();
  data[t] = tmp[n - 1 - t];
}

__global__ void mixed(float *out) {
  extern __shared__ __align__(16) unsigned char raw[];
  __shared__ int count;
  float *f = reinterpret_cast<float *>(raw);
  if (threadIdx.x == 0)
    count = 0;
  __syncthreads();
  f[threadIdx.x] = static_cast<float>(atomicAdd(&count, 1));
  out[threadIdx.x] = f[threadIdx.x];
}

int main() {
  int *d;
  float *o;
  cudaMalloc(&d, 64 * sizeof(int));
  cudaMalloc(&o, 64 * sizeof(float));
  reverse<<<1, 64, 64 * sizeof(int)>>>(d, 64);
  mixed<<<1, 64, 64 * sizeof(float)>>>(o);
  return 0;
}
