// An error inside the launch configuration keeps the user's column.
// EXPECT-ERROR: bad_config.cu:7:28: error: use of undeclared identifier 'threadz'
__global__ void k(int *p) { p[0] = 1; }

int main() {
  int *d = nullptr;
  k<<<dim3(1, 1), dim3(32, threadz)>>>(d);
  return 0;
}
