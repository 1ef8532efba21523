// A kernel file without main (issue 27 item 8): `warpsim run` reports one
// located error, not the linker's "undefined reference to `main'".
#include <cstdio>

__global__ void scale(float *x, float a) { x[threadIdx.x] *= a; }
