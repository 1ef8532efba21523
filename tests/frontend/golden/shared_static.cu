// Static __shared__ declarations of every shape, in one kernel.
struct Pair {
  float a;
  int b;
};

__global__ void shapes(float *out) {
  __shared__ float scalar;
  __shared__ float row[32];
  __shared__ float tile[8][9];
  __shared__ int cube[2][3][4];
  __shared__ Pair pair;
  __shared__ float left[4], right[4];
  static __shared__ double sum;
  volatile __shared__ int flag;
  __shared__ __align__(16) unsigned char bytes[24];
  __shared__ float
      split[
          16];
  unsigned t = threadIdx.x;
  row[t] = out[t];
  tile[t % 8][t % 9] = row[t];
  cube[0][1][2] = 3;
  pair.a = row[0];
  left[t % 4] = right[t % 4] = scalar;
  if (t == 0) {
    sum = 0;
    flag = 1;
    bytes[0] = 0;
    split[0] = 1;
  }
  __syncthreads();
  out[t] = tile[t % 8][t % 9] + pair.a + static_cast<float>(sum) + split[0];
}

int main() {
  float *d = nullptr;
  cudaMalloc(&d, 32 * sizeof(float));
  shapes<<<1, 32>>>(d);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
