// `<<<` with nothing to launch before it: the launch pass reports it.
// EXPECT-ERROR: missing_callee.cu:6:10: error: expected a kernel name before '<<<'
__global__ void k() {}

int main() {
  return <<<1, 1>>>();
}
