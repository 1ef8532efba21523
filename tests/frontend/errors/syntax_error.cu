// A syntax error: exactly one located error, not the cascade after it.
// EXPECT-ERROR: syntax_error.cu:5:11: error: expected ';' after expression
__global__ void k(int *p) {
  int i = threadIdx.x;
  p[i] = 1
  p[i + 1] = 2;
  undeclared = 3;
}
