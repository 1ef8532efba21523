// Wrong arguments at a launch: the error points at the user's launch line.
// EXPECT-ERROR: launch_arguments.cu:7:12: error: no matching function for call to 'scale'
__global__ void scale(float *p, float f) { p[threadIdx.x] *= f; }

int main() {
  float *d = nullptr;
  (void)0; scale<<<1, 32>>>(d);
  return 0;
}
