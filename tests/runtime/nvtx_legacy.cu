// NVTX through its pre-v3 include path, as programs built with
// `-lnvToolsExt` write it (runtime.nvtx_legacy_nvcc links it with the
// drop-in nvcc and that flag). No tool is attached: prints -2
// (NVTX_NO_PUSH_POP_TRACKING) twice.
#include <cstdio>

#include <nvToolsExt.h>

int main() {
  std::printf("%d\n", nvtxRangePushA("outer"));
  std::printf("%d\n", nvtxRangePop());
  return 0;
}
