// NVTX v3 (ranges, marks, names, domains; the C and the C++ API) around a
// kernel, as profiled programs write it. No tool is attached (none is under
// warpsim, none on a GPU run outside Nsight): push/pop return
// NVTX_NO_PUSH_POP_TRACKING, range starts 0, domains null; the kernel's
// result is checked. Builds unchanged with nvcc (CUDA 12+ ships nvtx3).
#include <cstdio>

#include <nvtx3/nvToolsExt.h>
#include <nvtx3/nvToolsExtCudaRt.h>
#include <nvtx3/nvtx3.hpp>

__global__ void scale(float *x, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    x[i] = 2.0f * i;
}

static int bad = 0;
#define CHECK(c)                                                                                   \
  do {                                                                                             \
    if (!(c)) {                                                                                    \
      std::printf("line %d: %s\n", __LINE__, #c);                                                  \
      ++bad;                                                                                       \
    }                                                                                              \
  } while (0)

static void step(float *x, int n) {
  NVTX3_FUNC_RANGE();
  nvtx3::scoped_range r{"launch", nvtx3::rgb{127, 255, 0}, nvtx3::payload{42}};
  scale<<<(n + 127) / 128, 128>>>(x, n);
}

int main() {
  const int n = 1000;
  CHECK(nvtxRangePushA("setup") == NVTX_NO_PUSH_POP_TRACKING);
  nvtxNameOsThreadA(0, "main");
  float *x;
  cudaMalloc(&x, n * sizeof(float));
  cudaStream_t s;
  cudaStreamCreate(&s);
  nvtxNameCudaStreamA(s, "work");
  CHECK(nvtxRangePop() == NVTX_NO_PUSH_POP_TRACKING);

  nvtxEventAttributes_t a = {};
  a.version = NVTX_VERSION;
  a.size = NVTX_EVENT_ATTRIB_STRUCT_SIZE;
  a.colorType = NVTX_COLOR_ARGB;
  a.color = 0xff00ff00;
  a.messageType = NVTX_MESSAGE_TYPE_ASCII;
  a.message.ascii = "compute";
  nvtxRangeId_t id = nvtxRangeStartEx(&a);
  CHECK(id == 0);
  nvtxMarkA("before the step");
  nvtxDomainHandle_t d = nvtxDomainCreateA("warpsim-test");
  CHECK(d == nullptr);
  nvtxDomainRangePushEx(d, &a);
  step(x, n);
  nvtxDomainRangePop(d);
  nvtxDomainDestroy(d);
  nvtxRangeEnd(id);
  nvtx3::mark("after the step");
  auto h = nvtx3::start_range("copy back");
  float back[n];
  cudaMemcpy(back, x, sizeof back, cudaMemcpyDeviceToHost);
  nvtx3::end_range(h);
  for (int i = 0; i < n; ++i)
    CHECK(back[i] == 2.0f * i);
  cudaStreamDestroy(s);
  cudaFree(x);
  std::printf(bad ? "FAIL\n" : "PASS\n");
  return bad != 0;
}
