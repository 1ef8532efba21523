// CUDA graphs: stream capture (a kernel, memset, copies, a host function, a
// fork and join through events), explicit nodes (1-D copies, kernel, memset,
// host, empty, child graph, added dependencies), instantiation in both
// signatures, repeated launches, cudaGraphExecKernelNodeSetParams and
// cudaGraphExecUpdate. Nothing captured runs before the graph is launched;
// nodes run in dependency order. Self-checking: prints PASS, also when built
// with nvcc -arch=sm_90.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

static int bad = 0;
#define CHECK(cond)                                                                                \
  do {                                                                                             \
    if (!(cond)) {                                                                                 \
      std::printf("line %d: %s\n", __LINE__, #cond);                                               \
      ++bad;                                                                                       \
    }                                                                                              \
  } while (0)

__global__ void axpb(int *v, int n, int a, int b) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    v[i] = a * v[i] + b;
}

__global__ void addFrom(int *dst, const int *src, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    dst[i] += src[i];
}

static char trace[64];
static int traceLen = 0;
static void note(void *what) { trace[traceLen++] = *static_cast<const char *>(what); }

int main() {
  const int n = 256;
  int *d = nullptr, *e = nullptr;
  cudaMalloc(&d, n * sizeof(int));
  cudaMalloc(&e, n * sizeof(int));
  int host[n];
  cudaStream_t s, t;
  cudaStreamCreate(&s);
  cudaStreamCreate(&t);
  cudaEvent_t fork, join;
  cudaEventCreate(&fork);
  cudaEventCreate(&join);

  // ---- stream capture, with a second stream forked and joined
  static const char capA = 'a';
  cudaStreamCaptureStatus st = cudaStreamCaptureStatusActive;
  CHECK(cudaStreamIsCapturing(s, &st) == cudaSuccess && st == cudaStreamCaptureStatusNone);
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeGlobal) == cudaSuccess);
  CHECK(cudaStreamIsCapturing(s, &st) == cudaSuccess && st == cudaStreamCaptureStatusActive);
  CHECK(cudaMemsetAsync(d, 0, n * sizeof(int), s) == cudaSuccess);
  axpb<<<1, n, 0, s>>>(d, n, 1, 3); // d = 3
  CHECK(cudaEventRecord(fork, s) == cudaSuccess);
  CHECK(cudaStreamWaitEvent(t, fork, 0) == cudaSuccess);
  CHECK(cudaStreamIsCapturing(t, &st) == cudaSuccess && st == cudaStreamCaptureStatusActive);
  CHECK(cudaMemsetAsync(e, 0, n * sizeof(int), t) == cudaSuccess);
  axpb<<<1, n, 0, t>>>(e, n, 1, 4); // e = 4 (beside d's kernel)
  CHECK(cudaEventRecord(join, t) == cudaSuccess);
  CHECK(cudaStreamWaitEvent(s, join, 0) == cudaSuccess);
  addFrom<<<1, n, 0, s>>>(d, e, n); // d = 7
  CHECK(cudaLaunchHostFunc(s, note, const_cast<char *>(&capA)) == cudaSuccess);
  CHECK(cudaMemcpyAsync(host, d, n * sizeof(int), cudaMemcpyDeviceToHost, s) == cudaSuccess);
  cudaGraph_t captured = nullptr;
  CHECK(cudaStreamEndCapture(s, &captured) == cudaSuccess && captured != nullptr);
  CHECK(cudaStreamIsCapturing(s, &st) == cudaSuccess && st == cudaStreamCaptureStatusNone);
  CHECK(traceLen == 0); // nothing ran yet
  size_t count = 0;
  CHECK(cudaGraphGetNodes(captured, nullptr, &count) == cudaSuccess && count == 7);
  size_t roots = 0;
  CHECK(cudaGraphGetRootNodes(captured, nullptr, &roots) == cudaSuccess && roots == 1);
  cudaGraphExec_t exec = nullptr;
  CHECK(cudaGraphInstantiate(&exec, captured, 0) == cudaSuccess);
  for (int rep = 0; rep < 3; ++rep) {
    std::memset(host, 0, sizeof host);
    CHECK(cudaGraphLaunch(exec, s) == cudaSuccess);
    CHECK(cudaStreamSynchronize(s) == cudaSuccess);
    CHECK(host[0] == 7 && host[n - 1] == 7);
  }
  CHECK(traceLen == 3 && trace[0] == 'a');

  // cudaGraphExecUpdate from a capture of the same work with other values.
  CHECK(cudaStreamBeginCapture(s, cudaStreamCaptureModeRelaxed) == cudaSuccess);
  CHECK(cudaMemsetAsync(d, 0, n * sizeof(int), s) == cudaSuccess);
  axpb<<<1, n, 0, s>>>(d, n, 1, 30);
  CHECK(cudaEventRecord(fork, s) == cudaSuccess);
  CHECK(cudaStreamWaitEvent(t, fork, 0) == cudaSuccess);
  CHECK(cudaMemsetAsync(e, 0, n * sizeof(int), t) == cudaSuccess);
  axpb<<<1, n, 0, t>>>(e, n, 1, 40);
  CHECK(cudaEventRecord(join, t) == cudaSuccess);
  CHECK(cudaStreamWaitEvent(s, join, 0) == cudaSuccess);
  addFrom<<<1, n, 0, s>>>(d, e, n);
  CHECK(cudaLaunchHostFunc(s, note, const_cast<char *>(&capA)) == cudaSuccess);
  CHECK(cudaMemcpyAsync(host, d, n * sizeof(int), cudaMemcpyDeviceToHost, s) == cudaSuccess);
  cudaGraph_t again = nullptr;
  CHECK(cudaStreamEndCapture(s, &again) == cudaSuccess);
  cudaGraphExecUpdateResultInfo info;
  CHECK(cudaGraphExecUpdate(exec, again, &info) == cudaSuccess &&
        info.result == cudaGraphExecUpdateSuccess);
  CHECK(cudaGraphLaunch(exec, s) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  CHECK(host[0] == 70 && host[n - 1] == 70);
  CHECK(cudaGraphExecDestroy(exec) == cudaSuccess);
  CHECK(cudaGraphDestroy(again) == cudaSuccess);
  CHECK(cudaGraphDestroy(captured) == cudaSuccess);

  // ---- explicit nodes: H2D copy -> kernel -> child graph (memset, kernel) -> D2H copy
  int in[n];
  for (int i = 0; i < n; ++i)
    in[i] = i;
  cudaGraph_t g, child;
  CHECK(cudaGraphCreate(&g, 0) == cudaSuccess);
  CHECK(cudaGraphCreate(&child, 0) == cudaSuccess);
  cudaGraphNode_t h2d, kern, sub, d2h, empty, hostA, hostB, setE;
  CHECK(cudaGraphAddMemcpyNode1D(&h2d, g, nullptr, 0, d, in, n * sizeof(int),
                                 cudaMemcpyHostToDevice) == cudaSuccess);
  int *kd = d, kn = n, ka = 2, kb = 1;
  void *kargs[] = {&kd, &kn, &ka, &kb};
  cudaKernelNodeParams kp = {};
  kp.func = reinterpret_cast<void *>(axpb);
  kp.gridDim = dim3(1, 1, 1);
  kp.blockDim = dim3(n, 1, 1);
  kp.sharedMemBytes = 0;
  kp.kernelParams = kargs;
  kp.extra = nullptr;
  CHECK(cudaGraphAddKernelNode(&kern, g, &h2d, 1, &kp) == cudaSuccess); // d = 2i + 1
  ka = 100;                                                             // copied at the call
  cudaMemsetParams mp = {};
  mp.dst = e;
  mp.value = 5;
  mp.elementSize = 4;
  mp.width = n;
  mp.height = 1;
  CHECK(cudaGraphAddMemsetNode(&setE, child, nullptr, 0, &mp) == cudaSuccess); // e = 5
  cudaGraphNode_t childAdd;
  int *ad = d, *ae = e, an = n;
  void *addArgs[] = {&ad, &ae, &an};
  cudaKernelNodeParams ap = {};
  ap.func = reinterpret_cast<void *>(addFrom);
  ap.gridDim = dim3(1, 1, 1);
  ap.blockDim = dim3(n, 1, 1);
  ap.kernelParams = addArgs;
  CHECK(cudaGraphAddKernelNode(&childAdd, child, &setE, 1, &ap) == cudaSuccess); // d += 5
  CHECK(cudaGraphAddChildGraphNode(&sub, g, &kern, 1, child) == cudaSuccess);
  CHECK(cudaGraphAddMemcpyNode1D(&d2h, g, &sub, 1, host, d, n * sizeof(int),
                                 cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(cudaGraphAddEmptyNode(&empty, g, &d2h, 1) == cudaSuccess);
  static const char b = 'b', c = 'c';
  cudaHostNodeParams hp = {note, const_cast<char *>(&c)};
  CHECK(cudaGraphAddHostNode(&hostA, g, nullptr, 0, &hp) == cudaSuccess); // 'c', then 'b'
  hp.userData = const_cast<char *>(&b);
  CHECK(cudaGraphAddHostNode(&hostB, g, &empty, 1, &hp) == cudaSuccess);
  CHECK(cudaGraphAddDependencies(g, &hostB, &hostA, nullptr, 1) ==
        cudaSuccess); // hostA after hostB
  cudaGraphNodeType type;
  CHECK(cudaGraphNodeGetType(sub, &type) == cudaSuccess && type == cudaGraphNodeTypeGraph);
  CHECK(cudaGraphNodeGetType(setE, &type) == cudaSuccess && type == cudaGraphNodeTypeMemset);
  cudaKernelNodeParams got = {};
  CHECK(cudaGraphKernelNodeGetParams(kern, &got) == cudaSuccess);
  CHECK(got.func == reinterpret_cast<void *>(axpb) && got.blockDim.x == n &&
        *static_cast<int *>(got.kernelParams[2]) == 2);
  cudaGraphNode_t errorNode = nullptr;
  char log[64];
  CHECK(cudaGraphInstantiate(&exec, g, &errorNode, log, sizeof log) == cudaSuccess);
  traceLen = 0;
  CHECK(cudaGraphLaunch(exec, s) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  int wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += host[i] != 2 * i + 1 + 5;
  CHECK(wrong == 0);
  CHECK(traceLen == 2 && trace[0] == 'b' && trace[1] == 'c');
  // New kernel arguments for the instantiated graph only.
  kp.kernelParams = kargs;
  ka = 3;
  kb = 0;
  CHECK(cudaGraphExecKernelNodeSetParams(exec, kern, &kp) == cudaSuccess);
  CHECK(cudaGraphLaunch(exec, s) == cudaSuccess);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  wrong = 0;
  for (int i = 0; i < n; ++i)
    wrong += host[i] != 3 * i + 5;
  CHECK(wrong == 0);
  // A cycle cannot be instantiated.
  cudaGraphExec_t cyclic = nullptr;
  CHECK(cudaGraphAddDependencies(g, &hostA, &h2d, nullptr, 1) == cudaSuccess);
  CHECK(cudaGraphInstantiate(&cyclic, g, 0) != cudaSuccess);
  cudaGetLastError();
  CHECK(cudaGraphExecDestroy(exec) == cudaSuccess);
  CHECK(cudaGraphDestroy(g) == cudaSuccess);
  CHECK(cudaGraphDestroy(child) == cudaSuccess);
  std::printf("%s\n", bad == 0 ? "PASS" : "FAIL");
  return bad == 0 ? 0 : 1;
}
