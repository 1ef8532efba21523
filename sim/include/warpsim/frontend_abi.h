// The contract between the front end's rewrite and the runtime: every name
// that rewritten CUDA source refers to is declared here (see
// docs/architecture.md, "Front end output").
#pragma once

#include <cstddef>
#include <cstdint>
#include <new>
#include <tuple>
#include <type_traits>
#include <utility>

#include "warpsim/cuda_graphs.h"
#include "warpsim/cuda_types.h"

namespace warpsim {

enum class MemorySpace : std::uint8_t {
  Global,   // cudaMalloc, __device__ globals
  Shared,   // __shared__, dynamic shared memory
  Local,    // a thread's own stack
  Constant, // __constant__
  Param,    // kernel parameters
  Managed,  // cudaMallocManaged, __managed__
  Host,     // anything else: not reachable from a kernel
};

// Where a construct stands in the user's source.
struct SourceLoc {
  const char *file;
  unsigned line;
  unsigned col;
};

inline constexpr std::size_t kUnknownSmem = ~std::size_t{0};

// One `kernel<<<...>>>(...)` site. The launch-syntax pass fills in the callee
// as written; the front end replaces it with the resolved kernel when it can.
struct KernelSite {
  const char *kernel_name;
  const char *file;
  unsigned line;
  unsigned col;
  std::size_t static_smem; // bytes of static __shared__ reachable, or unknown
  const void *kernel_addr; // &kernel when the front end can name it
  // The static __shared__ variables it reaches, largest first, as
  // "'tile' (69632 bytes) at k.cu:4; ..." (for a launch they make fail), or
  // nullptr.
  const char *static_smem_vars = nullptr;
  // The kernel's __launch_bounds__ maximum threads per block, or 0.
  unsigned max_threads_bound = 0;
  // The kernel's __cluster_dims__, or zeros.
  unsigned cluster_dims[3] = {0, 0, 0};
};

// One `__shared__` declaration. Constant-initialised, so a function-local
// `static constinit SharedVar` costs no guard; the runtime keeps the
// per-launch placement in the mutable fields.
struct SharedVar {
  const char *name;
  const char *file;
  unsigned line;
  unsigned col;
  std::uint64_t epoch = 0;  // launch the offset belongs to
  std::uint32_t offset = 0; // into the block's shared window
  std::uint32_t size = 0;
};

struct LaunchConfig {
  dim3 grid;
  dim3 block;
  std::size_t smem;
  cudaStream_t stream;
  bool cooperative = false; // cudaLaunchCooperativeKernel
  // cudaLaunchAttributeClusterDimension (cudaLaunchKernelEx), if given.
  bool cluster_given = false;
  unsigned cluster[3] = {1, 1, 1};
  LaunchConfig(dim3 g, dim3 b, std::size_t s = 0, cudaStream_t st = nullptr)
      : grid(g), block(b), smem(s), stream(st) {}
};

} // namespace warpsim

extern "C" {
// Address of a static __shared__ variable in the calling thread's block.
void *warpsim_shared_static(warpsim::SharedVar *var, std::size_t size, std::size_t align);
// Base of the launch's dynamic shared memory in the calling thread's block.
void *warpsim_shared_dynamic(warpsim::SharedVar *var);
// Registers a __device__/__constant__/__managed__ global (static init time).
void warpsim_register_symbol(const void *addr, std::size_t size, const char *name,
                             warpsim::MemorySpace space, const char *file, unsigned line);
// Registers a kernel's __cluster_dims__ (static init time), so that
// cudaFuncGetAttributes and the occupancy calls know them before a launch.
void warpsim_register_cluster_dims(const void *func, unsigned x, unsigned y, unsigned z);
// Kernel parameters live in a buffer the runtime owns (param space), so that
// a kernel thread reading them reads device-visible memory.
void *warpsim_param_buffer(std::size_t size, std::size_t align);
// True on a GPU thread: a __host__ __device__ function whose body depends on
// __CUDA_ARCH__ runs the body compiled with it defined (docs/frontend.md).
bool warpsim_in_device_code(void);
// Runs the grid; `entry(closure)` is what every GPU thread executes.
// A launch refused before it starts: `error` (cudaErrorNotSupported: launch
// attribute `attribute` is not simulated, with a warning).
cudaError_t warpsim_launch_refused(const warpsim::KernelSite *site, cudaError_t error,
                                   unsigned attribute);
cudaError_t warpsim_launch(const warpsim::KernelSite *site, const warpsim::LaunchConfig *config,
                           void (*entry)(void *), void *closure);
}

namespace warpsim {

// Align: alignof(T) where the front end's typedef is named (an `aligned`
// attribute on a typedef does not survive as a template argument).
template <class T, std::size_t Align = alignof(T)> inline T &shared_static(SharedVar &var) {
  return *static_cast<T *>(warpsim_shared_static(&var, sizeof(T), Align));
}

// T is an array of unknown bound, `E[]`.
template <class T, std::size_t Align = alignof(T)> inline T &shared_dynamic(SharedVar &var) {
  return *static_cast<T *>(warpsim_shared_dynamic(&var));
}

struct DeviceSymbol {
  // `const volatile`: a `__device__ volatile int flag;` registers too.
  DeviceSymbol(const volatile void *addr, std::size_t size, const char *name, MemorySpace space,
               const char *file, unsigned line) {
    warpsim_register_symbol(const_cast<const void *>(addr), size, name, space, file, line);
  }
};

// `static KernelClusterDims __ws_cluster_N(&kernel, x, y, z);` follows the
// definition of a kernel with __cluster_dims__(x, y, z).
struct KernelClusterDims {
  KernelClusterDims(const void *func, unsigned x, unsigned y, unsigned z) {
    warpsim_register_cluster_dims(func, x, y, z);
  }
};

namespace detail {
// A launch's arguments. Not std::tuple: every thread unpacks them, and
// std::get's helpers are instrumented functions (a shadow call stack entry
// and exit each, per argument and thread); argAt is inlined into the
// uninstrumented launch_call.
template <std::size_t I, class T> struct ArgSlot {
  T value;
};
template <class Seq, class... T> struct ArgPack;
template <std::size_t... I, class... T>
struct ArgPack<std::index_sequence<I...>, T...> : ArgSlot<I, T>... {
  static constexpr std::size_t size = sizeof...(T);
  template <class... A, class = std::enable_if_t<sizeof...(A) == sizeof...(T) &&
                                                 !(std::is_same_v<std::decay_t<A>, ArgPack> || ...)>>
  explicit ArgPack(A &&...a) : ArgSlot<I, T>{std::forward<A>(a)}... {}
};
template <class... T> using LaunchArgs = ArgPack<std::index_sequence_for<T...>, T...>;
template <std::size_t I, class T>
__attribute__((always_inline)) inline T &argAt(ArgSlot<I, T> &slot) {
  return slot.value;
}

template <class F, class Args> struct LaunchClosure {
  F body;
  Args args;
};

// Not instrumented at all (not even function entry/exit), and it calls the launch lambda directly,
// so a kernel's body always runs at call depth 2: frames below that are the launch machinery, not
// the user's call stack.
template <class Closure, std::size_t... I>
__attribute__((disable_sanitizer_instrumentation)) void launch_call(Closure *c,
                                                                    std::index_sequence<I...>) {
  c->body(argAt<I>(c->args)...);
}
template <class Closure>
__attribute__((disable_sanitizer_instrumentation)) void launch_entry(void *p) {
  auto *c = static_cast<Closure *>(p);
  launch_call(c, std::make_index_sequence<decltype(c->args)::size>{});
}
inline constexpr unsigned kKernelCallDepth = 2;

// Where each argument lies in a closure (CUDA graphs: a kernel node's
// parameters are read and replaced through these).
template <class Closure, std::size_t... I>
unsigned closure_args_at(Closure *c, void **ptrs, std::size_t *sizes, std::index_sequence<I...>) {
  ((ptrs[I] = static_cast<void *>(&argAt<I>(c->args)), sizes[I] = sizeof(argAt<I>(c->args))), ...);
  return static_cast<unsigned>(sizeof...(I));
}
template <class Closure> unsigned closure_args(void *p, void **ptrs, std::size_t *sizes) {
  auto *c = static_cast<Closure *>(p);
  return closure_args_at(c, ptrs, sizes, std::make_index_sequence<decltype(c->args)::size>{});
}
} // namespace detail

// `kernel<<<cfg>>>(args...)` becomes `launch(site, cfg, [=](auto&&... a) {
// kernel(a...); }, args...)`: the generic lambda keeps template-argument
// deduction exactly as at the original call.
template <class F, class... A>
cudaError_t launch(const KernelSite &site, const LaunchConfig &config, F &&body, A &&...args) {
  using Args = detail::LaunchArgs<std::decay_t<A>...>;
  using Closure = detail::LaunchClosure<std::decay_t<F>, Args>;
  if (warpsim_stream_capturing(config.stream)) { // recorded into a graph, run with it
    Closure c{std::forward<F>(body), Args(std::forward<A>(args)...)};
    return warpsim_capture_launch(&site, &config, &detail::launch_entry<Closure>, &c,
                                  sizeof(Closure), alignof(Closure),
                                  &detail::closure_args<Closure>);
  }
  void *buf = warpsim_param_buffer(sizeof(Closure), alignof(Closure));
  if (buf == nullptr)
    return cudaErrorInvalidValue;
  auto *closure = ::new (buf) Closure{std::forward<F>(body), Args(std::forward<A>(args)...)};
  cudaError_t err = warpsim_launch(&site, &config, &detail::launch_entry<Closure>, closure);
  closure->~Closure();
  return err;
}

namespace detail {
template <class... P, std::size_t... I>
cudaError_t launchArgs(const KernelSite &site, const LaunchConfig &config, void (*kernel)(P...),
                       void **args, std::index_sequence<I...>) {
  // The values are copied at the launch, as CUDA does.
  return launch(
      site, config, [kernel](auto &&...a) { kernel(a...); },
      *static_cast<std::remove_cv_t<std::remove_reference_t<P>> *>(args[I])...);
}
} // namespace detail

// cudaLaunchCooperativeKernel / cudaLaunchKernel as the front end rewrites
// them (the kernel named, so its parameter types are known).
template <class... P>
cudaError_t launchWithArgs(const KernelSite &site, bool cooperative, void (*kernel)(P...),
                           dim3 grid, dim3 block, void **args, std::size_t smem = 0,
                           cudaStream_t stream = nullptr) {
  if (sizeof...(P) != 0 && args == nullptr)
    return cudaErrorInvalidValue;
  LaunchConfig config(grid, block, smem, stream);
  config.cooperative = cooperative;
  return detail::launchArgs(site, config, kernel, args, std::index_sequence_for<P...>{});
}

// `static KernelLauncher __ws_launcher_N(&kernel, KernelSite{...});`
// follows a kernel's definition in a file that builds CUDA graphs: a kernel
// node names its kernel by address only, and this launches it from an
// argument array (sim/runtime/CudaGraphs.cpp).
template <class... P> struct KernelLauncher {
  KernelSite site;
  KernelLauncher(void (*)(P...), const KernelSite &s) : site(s) {
    warpsim_register_kernel_launcher(site.kernel_addr, &site, &byArgs);
  }
  static cudaError_t byArgs(const KernelSite *s, const LaunchConfig *config, void **args) {
    if (sizeof...(P) != 0 && args == nullptr)
      return cudaErrorInvalidValue;
    // The whole configuration: cudaLaunchKernelExC's cluster too.
    return detail::launchArgs(*s, *config,
                              reinterpret_cast<void (*)(P...)>(const_cast<void *>(s->kernel_addr)),
                              args, std::index_sequence_for<P...>{});
  }
};

// cudaLaunchKernelEx(&config, kernel, args...) as the front end rewrites it
// (the kernel named): launchEx(&config, site, &kernel, args...).
// cudaLaunchKernelEx's attributes into `config`: cudaSuccess, or
// cudaErrorNotSupported for attribute `bad`, which is not simulated (also
// for the launches through a kernel pointer, sim/runtime/CudaGraphs.cpp).
inline cudaError_t exAttributes(const cudaLaunchConfig_t *cfg, LaunchConfig &config,
                                unsigned &bad) {
  for (unsigned i = 0; i < cfg->numAttrs; ++i) {
    const cudaLaunchAttribute &a = cfg->attrs[i];
    switch (a.id) {
    case cudaLaunchAttributeIgnore:
    case cudaLaunchAttributeClusterSchedulingPolicyPreference: // placement hints
    case cudaLaunchAttributePriority:
    case cudaLaunchAttributePreferredSharedMemoryCarveout:
      break;
    case cudaLaunchAttributeCooperative:
      config.cooperative = a.val.cooperative != 0;
      break;
    case cudaLaunchAttributeClusterDimension:
      config.cluster_given = true;
      config.cluster[0] = a.val.clusterDim.x;
      config.cluster[1] = a.val.clusterDim.y;
      config.cluster[2] = a.val.clusterDim.z;
      break;
    default:
      bad = static_cast<unsigned>(a.id);
      return cudaErrorNotSupported;
    }
  }
  return cudaSuccess;
}

template <class... P, class... A>
cudaError_t launchEx(const cudaLaunchConfig_t *cfg, const KernelSite &site, void (*kernel)(P...),
                     A &&...args) {
  static_assert(sizeof...(P) == sizeof...(A),
                "cudaLaunchKernelEx: the arguments must match the kernel's parameters");
  if (cfg == nullptr || (cfg->numAttrs != 0 && cfg->attrs == nullptr))
    return warpsim_launch_refused(&site, cudaErrorInvalidValue, 0);
  LaunchConfig config(cfg->gridDim, cfg->blockDim, cfg->dynamicSmemBytes, cfg->stream);
  unsigned bad = 0;
  if (const cudaError_t e = exAttributes(cfg, config, bad); e != cudaSuccess)
    return warpsim_launch_refused(&site, e, bad);
  return launch(
      site, config, [kernel](auto &&...a) { kernel(a...); },
      static_cast<std::remove_cv_t<std::remove_reference_t<P>>>(std::forward<A>(args))...);
}

} // namespace warpsim
