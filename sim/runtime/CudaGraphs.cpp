// CUDA graphs: stream capture, explicit nodes, instantiation, launch and
// update. Kernels otherwise run when launched (docs/architecture.md); a
// launch into a capturing stream is recorded instead (frontend_abi.h's
// `launch` copies its closure here) and runs when the graph is launched, as
// an ordinary launch: validated, scheduled and checked like any other. A
// graph's nodes run one at a time in a deterministic topological order:
// among the nodes whose dependencies are done, the one created first.
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include <cuda_runtime.h>

#include "Runtime.h"
#include "StreamClocks.h"

using namespace warpsim;
using namespace warpsim::sim;

namespace {

Runtime &rt() { return Runtime::get(); }

// A closure's bytes, at its alignment.
struct Blob {
  void *p = nullptr;
  std::size_t size = 0, align = 1;
  Blob() = default;
  Blob(const void *src, std::size_t n, std::size_t a) { assign(src, n, a); }
  Blob(const Blob &o) { assign(o.p, o.size, o.align); }
  Blob &operator=(const Blob &o) {
    if (this != &o)
      assign(o.p, o.size, o.align);
    return *this;
  }
  ~Blob() { std::free(p); }
  void assign(const void *src, std::size_t n, std::size_t a) {
    std::free(p);
    size = n;
    align = a < alignof(std::max_align_t) ? alignof(std::max_align_t) : a;
    p = std::aligned_alloc(align, (n + align - 1) / align * align + align);
    if (src != nullptr)
      std::memcpy(p, src, n);
  }
};

} // namespace

struct CUgraphNode_st {
  cudaGraphNodeType type = cudaGraphNodeTypeEmpty;
  CUgraph_st *graph = nullptr;
  std::vector<CUgraphNode_st *> deps;
  // Kernel: the launch as captured (the site is a temporary of the launch
  // expression: copied; its strings are literals).
  KernelSite site{"", "", 0, 0, 0, nullptr};
  LaunchConfig config{dim3(1, 1, 1), dim3(1, 1, 1)};
  void (*entry)(void *) = nullptr;
  Blob closure;
  warpsim_closure_args_fn args = nullptr;
  std::vector<void *> argPtrs; // into `closure`, for cudaGraphKernelNodeGetParams
  std::vector<std::size_t> argSizes;
  // Memcpy: 1-D, or a cudaMemcpy3DParms.
  bool copy1D = false;
  void *dst = nullptr;
  const void *src = nullptr;
  std::size_t count = 0;
  cudaMemcpyKind kind = cudaMemcpyDefault;
  cudaMemcpy3DParms copy{};
  cudaMemsetParams memset{};
  cudaHostNodeParams host{};
  std::unique_ptr<CUgraph_st> child; // a clone, as CUDA takes it
};

struct CUgraph_st {
  std::vector<std::unique_ptr<CUgraphNode_st>> nodes;
};

struct CUgraphExec_st {
  std::unique_ptr<CUgraph_st> graph; // a clone of the instantiated graph
};

namespace {

struct Launcher {
  const KernelSite *site;
  warpsim_launch_by_args_fn launch;
};

struct Capture {
  CUgraph_st *graph;
  cudaStreamCaptureMode mode;
  cudaStream_t origin;
  bool invalidated = false;
};

struct StreamState {
  Capture *capture;
  std::vector<CUgraphNode_st *> frontier; // what the next node depends on
};

struct EventState {
  Capture *capture;
  std::vector<CUgraphNode_st *> nodes;
};

struct Graphs {
  std::map<const void *, Launcher> launchers;
  std::map<cudaStream_t, StreamState> capturing;
  std::map<cudaEvent_t, EventState> events;
  std::set<CUgraph_st *> graphs;
  std::set<CUgraphExec_st *> execs;
  // Set while an explicit kernel node's launch is recorded into it.
  CUgraphNode_st *nodeBeingBuilt = nullptr;
};

Graphs &graphs() {
  static Graphs g;
  return g;
}

void refreshArgs(CUgraphNode_st &n) {
  n.argPtrs.assign(256, nullptr);
  n.argSizes.assign(256, 0);
  const unsigned k = n.args(n.closure.p, n.argPtrs.data(), n.argSizes.data());
  n.argPtrs.resize(k);
  n.argSizes.resize(k);
}

std::unique_ptr<CUgraph_st> clone(const CUgraph_st &g) {
  auto out = std::make_unique<CUgraph_st>();
  std::map<const CUgraphNode_st *, CUgraphNode_st *> map;
  for (const auto &n : g.nodes) {
    auto c = std::make_unique<CUgraphNode_st>();
    c->type = n->type;
    c->graph = out.get();
    c->site = n->site;
    c->config = n->config;
    c->entry = n->entry;
    c->closure = n->closure;
    c->args = n->args;
    if (c->args != nullptr)
      refreshArgs(*c);
    c->copy1D = n->copy1D;
    c->dst = n->dst;
    c->src = n->src;
    c->count = n->count;
    c->kind = n->kind;
    c->copy = n->copy;
    c->memset = n->memset;
    c->host = n->host;
    if (n->child)
      c->child = clone(*n->child);
    map[n.get()] = c.get();
    out->nodes.push_back(std::move(c));
  }
  for (std::size_t i = 0; i < g.nodes.size(); ++i)
    for (const CUgraphNode_st *d : g.nodes[i]->deps)
      out->nodes[i]->deps.push_back(map.at(d));
  return out;
}

// Dependencies first; among ready nodes, the one created first. False on a
// cycle.
bool topologicalOrder(const CUgraph_st &g, std::vector<CUgraphNode_st *> &order) {
  std::map<const CUgraphNode_st *, std::size_t> index;
  for (std::size_t i = 0; i < g.nodes.size(); ++i)
    index[g.nodes[i].get()] = i;
  std::vector<std::size_t> pending(g.nodes.size());
  std::vector<std::vector<std::size_t>> users(g.nodes.size());
  for (std::size_t i = 0; i < g.nodes.size(); ++i) {
    pending[i] = g.nodes[i]->deps.size();
    for (const CUgraphNode_st *d : g.nodes[i]->deps)
      users[index.at(d)].push_back(i);
  }
  std::set<std::size_t> ready;
  for (std::size_t i = 0; i < g.nodes.size(); ++i)
    if (pending[i] == 0)
      ready.insert(i);
  order.clear();
  while (!ready.empty()) {
    const std::size_t i = *ready.begin();
    ready.erase(ready.begin());
    order.push_back(g.nodes[i].get());
    for (std::size_t u : users[i])
      if (--pending[u] == 0)
        ready.insert(u);
  }
  return order.size() == g.nodes.size();
}

bool validGraph(cudaGraph_t g) { return g != nullptr && graphs().graphs.count(g) != 0; }

bool inGraph(cudaGraph_t g, cudaGraphNode_t n) {
  return n != nullptr &&
         std::any_of(g->nodes.begin(), g->nodes.end(), [&](const auto &p) { return p.get() == n; });
}

// A new node of `graph` after `deps`, or nullptr (an error is set).
CUgraphNode_st *addNode(cudaGraphNode_t *out, cudaGraph_t graph, const cudaGraphNode_t *deps,
                        std::size_t numDeps, cudaGraphNodeType type) {
  if (out == nullptr || !validGraph(graph) || (numDeps != 0 && deps == nullptr)) {
    rt().setError(cudaErrorInvalidValue);
    return nullptr;
  }
  for (std::size_t i = 0; i < numDeps; ++i)
    if (!inGraph(graph, deps[i])) {
      rt().setError(cudaErrorInvalidValue);
      return nullptr;
    }
  auto n = std::make_unique<CUgraphNode_st>();
  n->type = type;
  n->graph = graph;
  n->deps.assign(deps, deps + numDeps);
  *out = n.get();
  graph->nodes.push_back(std::move(n));
  return *out;
}

cudaError_t runGraph(const CUgraph_st &g);

cudaError_t runNode(const CUgraphNode_st &n) {
  switch (n.type) {
  case cudaGraphNodeTypeKernel: {
    void *buf = warpsim_param_buffer(n.closure.size, n.closure.align);
    if (buf == nullptr)
      return cudaErrorInvalidValue;
    std::memcpy(buf, n.closure.p, n.closure.size);
    return warpsim_launch(&n.site, &n.config, n.entry, buf);
  }
  case cudaGraphNodeTypeMemcpy:
    return n.copy1D ? cudaMemcpy(n.dst, n.src, n.count, n.kind) : cudaMemcpy3D(&n.copy);
  case cudaGraphNodeTypeMemset: {
    const cudaMemsetParams &m = n.memset;
    if (m.elementSize == 1)
      return cudaMemset2D(m.dst, m.pitch == 0 ? m.width : m.pitch, static_cast<int>(m.value),
                          m.width, m.height);
    // 2- and 4-byte elements: each row set with the element's pattern, on
    // the host (as cudaMemset does for bytes), checked as device memory.
    const std::size_t rowBytes = m.width * m.elementSize;
    const std::size_t pitch = m.pitch == 0 ? rowBytes : m.pitch;
    const auto base = reinterpret_cast<std::uintptr_t>(m.dst);
    if (m.dst == nullptr || pitch < rowBytes ||
        !rt().memory.isDeviceRange(base, pitch * (m.height - 1) + rowBytes))
      return rt().setError(cudaErrorInvalidValue);
    for (std::size_t y = 0; y < m.height; ++y) {
      auto *row = reinterpret_cast<unsigned char *>(base + y * pitch);
      for (std::size_t x = 0; x < m.width; ++x)
        std::memcpy(row + x * m.elementSize, &m.value, m.elementSize); // little-endian
      HostWrite w{base + y * pitch, rowBytes, "cudaGraphAddMemsetNode"};
      for (Observer *o : rt().observers)
        o->onHostWrite(w);
    }
    return cudaSuccess;
  }
  case cudaGraphNodeTypeHost:
    n.host.fn(n.host.userData);
    return cudaSuccess;
  case cudaGraphNodeTypeGraph:
    return runGraph(*n.child);
  default:
    return cudaSuccess;
  }
}

cudaError_t runGraph(const CUgraph_st &g) {
  std::vector<CUgraphNode_st *> order;
  if (!topologicalOrder(g, order))
    return rt().setError(cudaErrorInvalidValue);
  for (const CUgraphNode_st *n : order)
    if (cudaError_t e = runNode(*n); e != cudaSuccess)
      return e;
  return cudaSuccess;
}

// The capture `stream` takes part in, or nullptr.
StreamState *capturing(cudaStream_t stream) {
  auto &c = graphs().capturing;
  auto it = c.find(stream);
  return it == c.end() ? nullptr : &it->second;
}

// A node appended to a capturing stream: after its frontier, then the
// frontier.
CUgraphNode_st *captured(StreamState &s, cudaGraphNodeType type) {
  cudaGraphNode_t node = nullptr;
  CUgraphNode_st *n = addNode(&node, s.capture->graph, s.frontier.data(), s.frontier.size(), type);
  s.frontier.assign(1, n);
  return n;
}

// The launcher registered for a kernel named by address; null after
// refusing `call` by name (`instead`: what the user can do).
const Launcher *launcherOf(const void *func, const char *call, const char *instead,
                           cudaError_t &refused) {
  auto &ls = graphs().launchers;
  auto it = ls.find(func);
  if (it != ls.end())
    return &it->second;
  const std::string why =
      std::string("the kernel is not known by address: warpsim registers the non-template "
                  "kernels defined in ") +
      instead;
  refused = rt().unsupported(call, why.c_str());
  return nullptr;
}

cudaError_t kernelFromArgs(CUgraphNode_st &n, const cudaKernelNodeParams &p, const char *call) {
  if (p.extra != nullptr)
    return rt().unsupported(call, "kernel arguments through `extra` are not supported");
  cudaError_t refused = cudaSuccess;
  const Launcher *l = launcherOf(
      p.func, call, "files that use CUDA graphs; capture a launch of it instead", refused);
  if (l == nullptr)
    return refused;
  LaunchConfig config(p.gridDim, p.blockDim, p.sharedMemBytes, nullptr);
  graphs().nodeBeingBuilt = &n;
  const cudaError_t e = l->launch(l->site, &config, p.kernelParams);
  graphs().nodeBeingBuilt = nullptr;
  return e;
}

// cudaGraphExecKernelNodeSetParams / cudaGraphKernelNodeSetParams: the same
// kernel keeps its closure and takes the new arguments; another kernel is
// built anew.
cudaError_t setKernelParams(CUgraphNode_st &n, const cudaKernelNodeParams *p, const char *call) {
  if (p == nullptr || n.type != cudaGraphNodeTypeKernel)
    return rt().setError(cudaErrorInvalidValue);
  if (p->func != n.site.kernel_addr || n.args == nullptr)
    return kernelFromArgs(n, *p, call);
  if (p->extra != nullptr)
    return rt().unsupported(call, "kernel arguments through `extra` are not supported");
  n.config.grid = p->gridDim;
  n.config.block = p->blockDim;
  n.config.smem = p->sharedMemBytes;
  if (!n.argPtrs.empty() && p->kernelParams == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < n.argPtrs.size(); ++i)
    std::memcpy(n.argPtrs[i], p->kernelParams[i], n.argSizes[i]);
  return cudaSuccess;
}

std::size_t indexOf(cudaGraphNode_t node) {
  const auto &ns = node->graph->nodes;
  for (std::size_t i = 0; i < ns.size(); ++i)
    if (ns[i].get() == node)
      return i;
  return ns.size();
}

} // namespace

extern "C" {

bool warpsim_stream_capturing(cudaStream_t stream) {
  Graphs &g = graphs();
  return g.nodeBeingBuilt != nullptr || (!g.capturing.empty() && capturing(stream) != nullptr);
}

cudaError_t warpsim_capture_launch(const KernelSite *site, const LaunchConfig *config,
                                   void (*entry)(void *), const void *closure, std::size_t size,
                                   std::size_t align, warpsim_closure_args_fn args) {
  Graphs &g = graphs();
  CUgraphNode_st *n = g.nodeBeingBuilt;
  if (n == nullptr) {
    StreamState *s = capturing(config->stream);
    if (s == nullptr || s->capture->invalidated)
      return rt().setError(cudaErrorStreamCaptureInvalidated);
    n = captured(*s, cudaGraphNodeTypeKernel);
  }
  n->type = cudaGraphNodeTypeKernel;
  n->site = *site;
  n->config = *config;
  n->entry = entry;
  n->closure.assign(closure, size, align);
  n->args = args;
  refreshArgs(*n);
  return cudaSuccess;
}

void warpsim_register_kernel_launcher(const void *func, const KernelSite *site,
                                      warpsim_launch_by_args_fn launch) {
  graphs().launchers[func] = Launcher{site, launch};
}

// ------------------------------------------------------------ stream capture

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, cudaStreamCaptureMode mode) {
  if (stream == nullptr) // the legacy default stream cannot be captured
    return rt().setError(cudaErrorStreamCaptureUnsupported);
  if (mode != cudaStreamCaptureModeGlobal && mode != cudaStreamCaptureModeThreadLocal &&
      mode != cudaStreamCaptureModeRelaxed)
    return rt().setError(cudaErrorInvalidValue);
  if (capturing(stream) != nullptr)
    return rt().setError(cudaErrorIllegalState);
  auto *graph = new CUgraph_st;
  graphs().graphs.insert(graph);
  graphs().capturing[stream] = StreamState{new Capture{graph, mode, stream}, {}};
  return cudaSuccess;
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *graph) {
  if (graph == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  StreamState *s = capturing(stream);
  if (s == nullptr)
    return rt().setError(cudaErrorIllegalState);
  Capture *c = s->capture;
  if (c->origin != stream)
    return rt().setError(cudaErrorStreamCaptureUnmatched);
  Graphs &g = graphs();
  // Every stream that joined leaves the capture with it.
  std::erase_if(g.capturing, [&](const auto &e) { return e.second.capture == c; });
  std::erase_if(g.events, [&](const auto &e) { return e.second.capture == c; });
  const bool invalid = c->invalidated;
  *graph = invalid ? nullptr : c->graph;
  if (invalid) {
    g.graphs.erase(c->graph);
    delete c->graph;
  }
  delete c;
  return invalid ? rt().setError(cudaErrorStreamCaptureInvalidated) : cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, cudaStreamCaptureStatus *status) {
  if (status == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  const StreamState *s = capturing(stream);
  *status = s == nullptr              ? cudaStreamCaptureStatusNone
            : s->capture->invalidated ? cudaStreamCaptureStatusInvalidated
                                      : cudaStreamCaptureStatusActive;
  return cudaSuccess;
}

cudaError_t cudaThreadExchangeStreamCaptureMode(cudaStreamCaptureMode *mode) {
  if (mode == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  static thread_local cudaStreamCaptureMode current = cudaStreamCaptureModeGlobal;
  std::swap(current, *mode);
  return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn, void *userData) {
  if (fn == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (StreamState *s = capturing(stream)) {
    captured(*s, cudaGraphNodeTypeHost)->host = cudaHostNodeParams{fn, userData};
    return cudaSuccess;
  }
  fn(userData); // the stream's earlier work is done: it ran when issued
  return cudaSuccess;
}

// -------------------------------------------------------------- graphs, nodes

cudaError_t cudaGraphCreate(cudaGraph_t *graph, unsigned int flags) {
  if (graph == nullptr || flags != 0)
    return rt().setError(cudaErrorInvalidValue);
  *graph = new CUgraph_st;
  graphs().graphs.insert(*graph);
  return cudaSuccess;
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph) {
  if (!validGraph(graph))
    return rt().setError(cudaErrorInvalidValue);
  graphs().graphs.erase(graph);
  delete graph;
  return cudaSuccess;
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, std::size_t numDeps,
                                   const cudaKernelNodeParams *params) {
  if (params == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  CUgraphNode_st *n = addNode(node, graph, deps, numDeps, cudaGraphNodeTypeKernel);
  if (n == nullptr)
    return cudaErrorInvalidValue;
  const cudaError_t e = kernelFromArgs(*n, *params, "cudaGraphAddKernelNode");
  if (e != cudaSuccess) {
    graph->nodes.pop_back();
    *node = nullptr;
  }
  return e;
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, cudaKernelNodeParams *params) {
  if (node == nullptr || params == nullptr || node->type != cudaGraphNodeTypeKernel)
    return rt().setError(cudaErrorInvalidValue);
  params->func = const_cast<void *>(node->site.kernel_addr);
  params->gridDim = node->config.grid;
  params->blockDim = node->config.block;
  params->sharedMemBytes = static_cast<unsigned>(node->config.smem);
  params->kernelParams = node->argPtrs.data();
  params->extra = nullptr;
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const cudaKernelNodeParams *params) {
  if (node == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  return setKernelParams(*node, params, "cudaGraphKernelNodeSetParams");
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, std::size_t numDeps,
                                   const cudaMemcpy3DParms *params) {
  if (params == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (params->srcArray != nullptr || params->dstArray != nullptr)
    return rt().unsupported("cudaGraphAddMemcpyNode", "CUDA arrays are not supported");
  CUgraphNode_st *n = addNode(node, graph, deps, numDeps, cudaGraphNodeTypeMemcpy);
  if (n == nullptr)
    return cudaErrorInvalidValue;
  n->copy = *params;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *node, cudaGraph_t graph,
                                     const cudaGraphNode_t *deps, std::size_t numDeps, void *dst,
                                     const void *src, std::size_t count, cudaMemcpyKind kind) {
  CUgraphNode_st *n = addNode(node, graph, deps, numDeps, cudaGraphNodeTypeMemcpy);
  if (n == nullptr)
    return cudaErrorInvalidValue;
  n->copy1D = true;
  n->dst = dst;
  n->src = src;
  n->count = count;
  n->kind = kind;
  return cudaSuccess;
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                   const cudaGraphNode_t *deps, std::size_t numDeps,
                                   const cudaMemsetParams *params) {
  if (params == nullptr ||
      (params->elementSize != 1 && params->elementSize != 2 && params->elementSize != 4) ||
      params->height == 0)
    return rt().setError(cudaErrorInvalidValue);
  CUgraphNode_st *n = addNode(node, graph, deps, numDeps, cudaGraphNodeTypeMemset);
  if (n == nullptr)
    return cudaErrorInvalidValue;
  n->memset = *params;
  return cudaSuccess;
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                 const cudaGraphNode_t *deps, std::size_t numDeps,
                                 const cudaHostNodeParams *params) {
  if (params == nullptr || params->fn == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  CUgraphNode_st *n = addNode(node, graph, deps, numDeps, cudaGraphNodeTypeHost);
  if (n == nullptr)
    return cudaErrorInvalidValue;
  n->host = *params;
  return cudaSuccess;
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                       const cudaGraphNode_t *deps, std::size_t numDeps,
                                       cudaGraph_t child) {
  if (!validGraph(child) || child == graph)
    return rt().setError(cudaErrorInvalidValue);
  CUgraphNode_st *n = addNode(node, graph, deps, numDeps, cudaGraphNodeTypeGraph);
  if (n == nullptr)
    return cudaErrorInvalidValue;
  n->child = clone(*child);
  return cudaSuccess;
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *node, cudaGraph_t graph,
                                  const cudaGraphNode_t *deps, std::size_t numDeps) {
  return addNode(node, graph, deps, numDeps, cudaGraphNodeTypeEmpty) == nullptr
             ? cudaErrorInvalidValue
             : cudaSuccess;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, const cudaGraphEdgeData *edges,
                                     std::size_t count) {
  if (!validGraph(graph) || (count != 0 && (from == nullptr || to == nullptr)))
    return rt().setError(cudaErrorInvalidValue);
  for (std::size_t i = 0; edges != nullptr && i < count; ++i)
    if (edges[i].from_port != 0 || edges[i].to_port != 0 || edges[i].type != 0)
      return rt().unsupported("cudaGraphAddDependencies", "edges other than default ones");
  for (std::size_t i = 0; i < count; ++i)
    if (!inGraph(graph, from[i]) || !inGraph(graph, to[i]) || from[i] == to[i] ||
        std::count(to[i]->deps.begin(), to[i]->deps.end(), from[i]) != 0)
      return rt().setError(cudaErrorInvalidValue);
  for (std::size_t i = 0; i < count; ++i)
    to[i]->deps.push_back(from[i]);
  return cudaSuccess;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, cudaGraphNodeType *type) {
  if (node == nullptr || type == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  *type = node->type;
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, std::size_t *count) {
  if (!validGraph(graph) || count == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  if (nodes != nullptr)
    for (std::size_t i = 0; i < *count && i < graph->nodes.size(); ++i)
      nodes[i] = graph->nodes[i].get();
  *count = graph->nodes.size();
  return cudaSuccess;
}

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, std::size_t *count) {
  if (!validGraph(graph) || count == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  std::size_t k = 0;
  for (const auto &n : graph->nodes)
    if (n->deps.empty()) {
      if (nodes != nullptr && k < *count)
        nodes[k] = n.get();
      ++k;
    }
  *count = k;
  return cudaSuccess;
}

// ------------------------------------------------------- instantiate, launch

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *exec, cudaGraph_t graph,
                                 unsigned long long flags) {
  if (exec == nullptr || !validGraph(graph))
    return rt().setError(cudaErrorInvalidValue);
  if ((flags & cudaGraphInstantiateFlagDeviceLaunch) != 0)
    return rt().unsupported("cudaGraphInstantiate with cudaGraphInstantiateFlagDeviceLaunch");
  if ((flags & ~static_cast<unsigned long long>(cudaGraphInstantiateFlagAutoFreeOnLaunch |
                                                cudaGraphInstantiateFlagUpload |
                                                cudaGraphInstantiateFlagUseNodePriority)) != 0)
    return rt().setError(cudaErrorInvalidValue);
  std::vector<CUgraphNode_st *> order;
  if (!topologicalOrder(*graph, order)) // a cycle
    return rt().setError(cudaErrorInvalidValue);
  auto *e = new CUgraphExec_st;
  e->graph = clone(*graph);
  graphs().execs.insert(e);
  *exec = e;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *exec, cudaGraph_t graph,
                                          unsigned long long flags) {
  return cudaGraphInstantiate(exec, graph, flags);
}

cudaError_t cudaGraphLaunch(cudaGraphExec_t exec, cudaStream_t stream) {
  if (exec == nullptr || graphs().execs.count(exec) == 0)
    return rt().setError(cudaErrorInvalidValue);
  if (rt().stickyError != cudaSuccess)
    return rt().setError(rt().stickyError);
  if (StreamState *s = capturing(stream)) { // a graph launched into a capture: a child node
    captured(*s, cudaGraphNodeTypeGraph)->child = clone(*exec->graph);
    return cudaSuccess;
  }
  graphLaunchStream(stream, true); // its nodes are work on `stream`
  const cudaError_t err = runGraph(*exec->graph);
  graphLaunchStream(nullptr, false);
  return err;
}

cudaError_t cudaGraphUpload(cudaGraphExec_t exec, cudaStream_t) {
  return exec == nullptr || graphs().execs.count(exec) == 0 ? rt().setError(cudaErrorInvalidValue)
                                                            : cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t exec) {
  if (exec == nullptr || graphs().execs.erase(exec) == 0)
    return rt().setError(cudaErrorInvalidValue);
  delete exec;
  return cudaSuccess;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t exec, cudaGraphNode_t node,
                                             const cudaKernelNodeParams *params) {
  if (exec == nullptr || graphs().execs.count(exec) == 0 || node == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  const std::size_t i = indexOf(node);
  auto &ns = exec->graph->nodes;
  if (i >= ns.size() || ns[i]->type != node->type)
    return rt().setError(cudaErrorInvalidValue); // not a node of the instantiated graph
  if (params != nullptr && params->func != ns[i]->site.kernel_addr)
    return rt().setError(cudaErrorInvalidValue); // CUDA refuses another kernel here
  return setKernelParams(*ns[i], params, "cudaGraphExecKernelNodeSetParams");
}

// The graph must have the instantiated graph's topology: the same nodes (in
// creation order), types and dependencies; each node's parameters are taken.
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t exec, cudaGraph_t graph,
                                cudaGraphExecUpdateResultInfo *info) {
  if (exec == nullptr || graphs().execs.count(exec) == 0 || !validGraph(graph) || info == nullptr)
    return rt().setError(cudaErrorInvalidValue);
  auto fail = [&](cudaGraphExecUpdateResult r, cudaGraphNode_t at) {
    info->result = r;
    info->errorNode = at;
    info->errorFromNode = nullptr;
    return rt().setError(cudaErrorGraphExecUpdateFailure);
  };
  CUgraph_st &old = *exec->graph;
  if (old.nodes.size() != graph->nodes.size())
    return fail(cudaGraphExecUpdateErrorTopologyChanged, nullptr);
  for (std::size_t i = 0; i < old.nodes.size(); ++i) {
    const CUgraphNode_st &a = *old.nodes[i], &b = *graph->nodes[i];
    if (a.type != b.type)
      return fail(cudaGraphExecUpdateErrorNodeTypeChanged, graph->nodes[i].get());
    if (a.deps.size() != b.deps.size())
      return fail(cudaGraphExecUpdateErrorTopologyChanged, graph->nodes[i].get());
    for (std::size_t d = 0; d < a.deps.size(); ++d)
      if (indexOf(a.deps[d]) != indexOf(b.deps[d]))
        return fail(cudaGraphExecUpdateErrorTopologyChanged, graph->nodes[i].get());
    if (a.type == cudaGraphNodeTypeKernel && a.site.kernel_addr != b.site.kernel_addr)
      return fail(cudaGraphExecUpdateErrorFunctionChanged, graph->nodes[i].get());
  }
  auto fresh = clone(*graph);
  exec->graph = std::move(fresh);
  info->result = cudaGraphExecUpdateSuccess;
  info->errorNode = nullptr;
  info->errorFromNode = nullptr;
  return cudaSuccess;
}

} // extern "C"

// -------------------------------------------- hooks for the stream API calls

namespace warpsim::sim {

constexpr const char *kByAddressInstead =
    "the file that calls cudaLaunchKernel (or builds CUDA graphs); name the kernel at the call "
    "(kernel or (void *)kernel) otherwise";

cudaError_t launchByAddress(const void *func, dim3 grid, dim3 block, void **args, std::size_t smem,
                            cudaStream_t stream, bool cooperative, const char *call) {
  cudaError_t refused = cudaSuccess;
  const Launcher *l = launcherOf(func, call, kByAddressInstead, refused);
  if (l == nullptr)
    return refused;
  LaunchConfig config(grid, block, smem, stream);
  config.cooperative = cooperative;
  return l->launch(l->site, &config, args);
}

// cudaLaunchKernelEx / cudaLaunchKernelExC with the kernel through a pointer:
// the registered launcher, with the configuration's attributes.
extern "C" cudaError_t warpsim_launch_ex_by_address(const cudaLaunchConfig_t *cfg, const void *func,
                                                    void **args, const char *call) {
  cudaError_t refused = cudaSuccess;
  const Launcher *l = launcherOf(func, call, kByAddressInstead, refused);
  if (l == nullptr)
    return refused;
  if (cfg == nullptr || (cfg->numAttrs != 0 && cfg->attrs == nullptr))
    return warpsim_launch_refused(l->site, cudaErrorInvalidValue, 0);
  LaunchConfig config(cfg->gridDim, cfg->blockDim, cfg->dynamicSmemBytes, cfg->stream);
  unsigned bad = 0;
  if (const cudaError_t e = exAttributes(cfg, config, bad); e != cudaSuccess)
    return warpsim_launch_refused(l->site, e, bad);
  return l->launch(l->site, &config, args);
}

// cudaMemcpyAsync / cudaMemsetAsync / pitched copies and sets into a
// capturing stream become nodes. Returns true when `stream` captures (and
// the node was added).
bool captureCopy(cudaStream_t stream, void *dst, const void *src, std::size_t count,
                 cudaMemcpyKind kind) {
  StreamState *s = capturing(stream);
  if (s == nullptr)
    return false;
  CUgraphNode_st *n = captured(*s, cudaGraphNodeTypeMemcpy);
  n->copy1D = true;
  n->dst = dst;
  n->src = src;
  n->count = count;
  n->kind = kind;
  return true;
}

bool captureCopy3D(cudaStream_t stream, const cudaMemcpy3DParms &p) {
  StreamState *s = capturing(stream);
  if (s == nullptr)
    return false;
  captured(*s, cudaGraphNodeTypeMemcpy)->copy = p;
  return true;
}

bool captureSet(cudaStream_t stream, void *dst, std::size_t pitch, int value, std::size_t width,
                std::size_t height) {
  StreamState *s = capturing(stream);
  if (s == nullptr)
    return false;
  captured(*s, cudaGraphNodeTypeMemset)->memset =
      cudaMemsetParams{dst, pitch, static_cast<unsigned char>(value), 1, width, height};
  return true;
}

// A call with no graph form made on a capturing stream: the capture is
// invalidated (CUDA: cudaErrorStreamCaptureUnsupported), with a warning.
cudaError_t refuseInCapture(cudaStream_t stream, const char *call) {
  StreamState *s = capturing(stream);
  if (s == nullptr)
    return cudaSuccess;
  s->capture->invalidated = true;
  rt().unsupported(call, "it cannot be captured into a CUDA graph by warpsim");
  return rt().setError(cudaErrorStreamCaptureUnsupported);
}

// cudaEventRecord on a capturing stream remembers the stream's frontier; a
// stream that waits for such an event joins the capture (fork) or depends
// on those nodes (join). Returns true when the call was a capture's.
bool captureEventRecord(cudaEvent_t event, cudaStream_t stream) {
  StreamState *s = capturing(stream);
  if (s == nullptr) {
    graphs().events.erase(event);
    return false;
  }
  graphs().events[event] = EventState{s->capture, s->frontier};
  return true;
}

bool captureStreamWait(cudaStream_t stream, cudaEvent_t event) {
  Graphs &g = graphs();
  auto it = g.events.find(event);
  if (it == g.events.end())
    return false;
  StreamState *s = capturing(stream);
  if (s == nullptr) {
    if (stream == nullptr)
      return false;
    g.capturing[stream] = StreamState{it->second.capture, it->second.nodes};
    return true;
  }
  for (CUgraphNode_st *n : it->second.nodes)
    if (std::count(s->frontier.begin(), s->frontier.end(), n) == 0)
      s->frontier.push_back(n);
  return true;
}

} // namespace warpsim::sim

extern "C" cudaError_t warpsim_capture_refused(cudaStream_t stream, const char *call) {
  return warpsim::sim::refuseInCapture(stream, call);
}
