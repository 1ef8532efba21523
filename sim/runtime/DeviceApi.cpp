// Device-side built-ins that kernels call: thread coordinates, barriers,
// fences, atomics, shared memory, printf and assert. Each takes its call
// site from its own return address, so reports point at the user's line.
#include <atomic>
#include <cstdarg>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <type_traits>

#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>

#include "Runtime.h"
#include "warpsim/model/AtomicOps.h"
#include "warpsim/sync_abi.h"

using namespace warpsim;
using namespace warpsim::sim;

#define WS_RET reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))

namespace {

[[noreturn]] void notInKernel(const char *what) {
  std::fflush(stdout);
  std::fprintf(stderr, "warpsim: error: %s called from host code\n", what);
  std::_Exit(kSimulationAbortedExit);
}

inline Lane *lane(const char *what) {
  Lane *l = tl_lane;
  if (l == nullptr)
    notInKernel(what);
  return l;
}

inline uint3 toUint3(const Dim3 &d) { return uint3{d.x, d.y, d.z}; }

// One read-modify-write: the event first (it may switch fibers), then the
// operation, which no other lane can interleave with.
// `commute`: its model::commutingClass when its result is not used, else 0.
template <class T, class Op>
__attribute__((always_inline)) inline T rmw(T *addr, std::uintptr_t pc, Scope scope, Op op,
                                            std::uint8_t commute = 0) {
  Lane *l = tl_lane;
  if (l != nullptr)
    l->block->access(l, reinterpret_cast<std::uintptr_t>(addr), sizeof(T), AccessKind::Atomic,
                     MemoryOrder::Relaxed, pc, scope, Proxy::Generic, false, commute);
  if constexpr (std::is_integral_v<T>) {
    // Blocks of a direct launch on several host threads: atomics that
    // commute may meet on a word (LaneConflictWatch), so make them atomic
    // on the host too.
    if (commute != 0 && l != nullptr && l->block->grid().directParallel()) [[unlikely]] {
      T old = __atomic_load_n(addr, __ATOMIC_RELAXED);
      while (!__atomic_compare_exchange_n(addr, &old, op(old), true, __ATOMIC_RELAXED,
                                          __ATOMIC_RELAXED)) {
      }
      return old;
    }
  }
  T old = *addr;
  *addr = op(old);
  if (l != nullptr && Runtime::running().ptx != nullptr) [[unlikely]] {
    const T after = *addr;
    Runtime::running().ptx->rmw(*l, addr, sizeof(T), MemoryOrder::Relaxed, scope, &old, &after);
  }
  return old;
}

} // namespace

const warpsim_threadIdx_t threadIdx;
const warpsim_blockIdx_t blockIdx;
const warpsim_blockDim_t blockDim;
const warpsim_gridDim_t gridDim;
const warpsim_warpSize_t warpSize;

uint3 warpsim_thread_idx(void) { return toUint3(lane("threadIdx")->tidx); }
uint3 warpsim_block_idx(void) { return toUint3(lane("blockIdx")->block->info.index); }
dim3 warpsim_block_dim(void) {
  const Dim3 &d = lane("blockDim")->block->info.launch->block;
  return dim3(d.x, d.y, d.z);
}
dim3 warpsim_grid_dim(void) {
  const Dim3 &d = lane("gridDim")->block->info.launch->grid;
  return dim3(d.x, d.y, d.z);
}
int warpsim_warp_size(void) { return static_cast<int>(Runtime::get().laneCount); }

extern "C" {
void *warpsim_shared_static(SharedVar *var, std::size_t size, std::size_t align) {
  Lane *l = lane("a __shared__ variable");
  return reinterpret_cast<void *>(l->block->placeShared(l, var, size, align));
}

void *warpsim_shared_dynamic(SharedVar *) {
  Lane *l = lane("extern __shared__ memory");
  return reinterpret_cast<void *>(l->block->dynamicShared());
}
} // extern "C"

// ------------------------------------------------------------- barriers

void warpsim_grid_sync(const void *caller) {
  Lane *l = lane("grid_group::sync");
  l->block->gridSync(l, reinterpret_cast<std::uintptr_t>(caller));
}
bool warpsim_grid_is_valid(void) {
  return lane("grid_group::is_valid")->block->info.launch->cooperative;
}

void warpsim_cluster_barrier(unsigned op, const void *caller) {
  Lane *l = lane("cluster_group::sync");
  l->block->clusterBarrier(l, op == 2, op == 1, reinterpret_cast<std::uintptr_t>(caller));
}
void warpsim_block_sync(const void *caller) {
  Lane *l = lane("thread_block::sync");
  l->block->barrier(l, BarrierKind::Block, false, reinterpret_cast<std::uintptr_t>(caller));
}
void *warpsim_cluster_map_shared(const void *addr, unsigned rank) {
  Lane *l = lane("cluster_group::map_shared_rank");
  return reinterpret_cast<void *>(
      l->block->mapShared(l, reinterpret_cast<std::uintptr_t>(addr), rank, WS_RET));
}
unsigned warpsim_cluster_shared_rank(const void *addr) {
  Lane *l = lane("cluster_group::query_shared_rank");
  return l->block->sharedRank(l, reinterpret_cast<std::uintptr_t>(addr), WS_RET);
}
void warpsim_cluster_shape(unsigned *out) {
  const LaunchInfo &L = *lane("cluster_group")->block->info.launch;
  out[0] = L.cluster.x;
  out[1] = L.cluster.y;
  out[2] = L.cluster.z;
  out[3] = L.explicit_cluster ? 1 : 0;
}

void __syncthreads(void) {
  Lane *l = lane("__syncthreads");
  l->block->barrier(l, BarrierKind::Block, false, WS_RET);
}
int __syncthreads_count(int predicate) {
  Lane *l = lane("__syncthreads_count");
  return static_cast<int>(l->block->barrier(l, BarrierKind::Count, predicate != 0, WS_RET));
}
int __syncthreads_and(int predicate) {
  Lane *l = lane("__syncthreads_and");
  return static_cast<int>(l->block->barrier(l, BarrierKind::And, predicate != 0, WS_RET));
}
int __syncthreads_or(int predicate) {
  Lane *l = lane("__syncthreads_or");
  return static_cast<int>(l->block->barrier(l, BarrierKind::Or, predicate != 0, WS_RET));
}

static_assert(static_cast<unsigned>(model::MBarrierOp::TryWaitParity) ==
              warpsim::sync::kTryWaitParity);
static_assert(static_cast<unsigned>(model::MBarrierOp::ArriveExpectTx) ==
              warpsim::sync::kArriveExpectTx);

extern "C" unsigned warpsim_cta_barrier(unsigned flavor, unsigned red, unsigned id, unsigned count,
                                        int predicate, const void *pc) {
  Lane *l = lane("bar.sync");
  static constexpr BarrierKind kinds[] = {BarrierKind::Block, BarrierKind::Count, BarrierKind::And,
                                          BarrierKind::Or};
  return static_cast<unsigned>(l->block->ctaBarrier(
      l, kinds[red & 3], static_cast<model::BlockBarrier::Flavor>(flavor > 2 ? 0 : flavor), id,
      count, predicate != 0, reinterpret_cast<std::uintptr_t>(pc)));
}

extern "C" unsigned long long warpsim_mbarrier(unsigned op, void *addr, unsigned count, unsigned tx,
                                               unsigned long long phase, const void *pc) {
  Lane *l = lane("mbarrier");
  return l->block->mbarrier(l, static_cast<model::MBarrierOp>(op),
                            reinterpret_cast<std::uintptr_t>(addr), count, tx, phase,
                            reinterpret_cast<std::uintptr_t>(pc));
}

extern "C" void warpsim_cp_async(void *dst, const void *src, unsigned size, unsigned src_size,
                                 const void *pc) {
  Lane *l = lane("cp.async");
  l->block->copies().asyncCopy(l, reinterpret_cast<std::uintptr_t>(dst),
                               reinterpret_cast<std::uintptr_t>(src), size, src_size,
                               reinterpret_cast<std::uintptr_t>(pc));
}
extern "C" void warpsim_cp_async_commit(const void *) {
  Lane *l = lane("cp.async.commit_group");
  l->block->copies().asyncCommit(l);
}
extern "C" void warpsim_cp_async_wait(unsigned n, const void *pc) {
  Lane *l = lane("cp.async.wait_group");
  l->block->copies().asyncWait(l, n, reinterpret_cast<std::uintptr_t>(pc));
}
extern "C" void warpsim_cp_async_mbarrier_arrive(void *mbar, int noinc, const void *pc) {
  Lane *l = lane("cp.async.mbarrier.arrive");
  l->block->copies().asyncMBarrierArrive(l, reinterpret_cast<std::uintptr_t>(mbar), noinc != 0,
                                         reinterpret_cast<std::uintptr_t>(pc));
}

// Fences change nothing under the sequentially consistent execution, but
// they are events: checkers order memory through them.
// Under --memory-model ptx they are fence.sc at their scope (membar.cta /
// membar.gl / membar.sys).
void __threadfence(void) {
  Lane *l = lane("__threadfence");
  l->block->fence(l, FenceScope::Device, WS_RET);
  if (PtxMemory *m = Runtime::running().ptx)
    m->fence(*l, true, Scope::Device);
}
void __threadfence_block(void) {
  Lane *l = lane("__threadfence_block");
  l->block->fence(l, FenceScope::Block, WS_RET);
  if (PtxMemory *m = Runtime::running().ptx)
    m->fence(*l, true, Scope::Block);
}
void __threadfence_system(void) {
  Lane *l = lane("__threadfence_system");
  l->block->fence(l, FenceScope::System, WS_RET);
  if (PtxMemory *m = Runtime::running().ptx)
    m->fence(*l, true, Scope::System);
}
void __nanosleep(unsigned int) {}
std::size_t __cvta_generic_to_shared(const void *p) {
  return reinterpret_cast<std::uintptr_t>(p) -
         lane("__cvta_generic_to_shared")->block->dynamicShared();
}
void *__cvta_shared_to_generic(std::size_t a) {
  return reinterpret_cast<void *>(lane("__cvta_shared_to_generic")->block->dynamicShared() + a);
}
unsigned int __isShared(const void *p) {
  const BlockInfo &b = lane("__isShared")->block->info;
  return reinterpret_cast<std::uintptr_t>(p) - b.smem_base < b.smem_size ? 1 : 0;
}
// Global space: device and managed allocations and __device__ symbols
// (what libcu++ and cooperative groups test before choosing cp.async).
unsigned int __isGlobal(const void *p) {
  const MemoryMap &m = lane("__isGlobal")->block->grid().runtime().memory;
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (m.inGlobalRegion(a))
    return 1;
  const Symbol *s = m.findSymbol(a);
  return s != nullptr && s->space != MemorySpace::Constant ? 1 : 0;
}
// Simulated clocks: a deterministic count of the warp instructions the
// thread's block has issued so far (per block, as an SM's clock is per SM).
long long clock64(void) {
  return static_cast<long long>(lane("clock64")->block->stats().warp_instructions);
}
extern "C" bool warpsim_in_device_code(void) { return tl_lane != nullptr; }

// In a kernel, clock() is deterministic like clock64(); on the host it is the
// C library's processor time.
extern "C" clock_t clock(void) {
  if (tl_lane != nullptr)
    return static_cast<clock_t>(clock64());
  timespec ts{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
  return static_cast<clock_t>(ts.tv_sec * CLOCKS_PER_SEC +
                              ts.tv_nsec / (1000000000 / CLOCKS_PER_SEC));
}

// -------------------------------------------------------------- atomics

// Each atomic at device scope, and its _block and _system variants. What it
// computes is model::atomicResult, the arithmetic cuda::atomic_ref and PTX
// atom/red use (one implementation), on the operand's bits; the event and the
// access stay rmw's, inlined with the operand's size (scopedAtomic's take a
// run-time size, out of line). Relaxed, as CUDA's atomic functions are.
namespace {
template <class T> constexpr model::AtomicType atomicTypeOf() {
  return {static_cast<std::uint8_t>(sizeof(T)),
          std::is_floating_point_v<T> ? model::AtomicKind::Float
          : std::is_signed_v<T>       ? model::AtomicKind::Signed
                                      : model::AtomicKind::Unsigned};
}
template <class T>
__attribute__((always_inline)) inline T atomicOp(model::AtomicOp op, T *addr, T val, T compare,
                                                 std::uintptr_t pc, Scope scope) {
  // The pass marks a call whose value is not used (site_abi::kResultUnused).
  const StaticSite *site = __warpsim_event_site;
  const std::uint8_t commute = site != nullptr && (site->kind & site_abi::kResultUnused) != 0
                                   ? model::commutingClass(op, atomicTypeOf<T>())
                                   : 0;
  return rmw(
      addr, pc, scope,
      [=](T old) -> T {
        std::uint64_t o = 0, v = 0, c = 0;
        std::memcpy(&o, &old, sizeof(T));
        std::memcpy(&v, &val, sizeof(T));
        std::memcpy(&c, &compare, sizeof(T));
        const std::uint64_t now = model::atomicResult(op, atomicTypeOf<T>(), o, v, c);
        T r;
        std::memcpy(&r, &now, sizeof(T));
        return r;
      },
      commute);
}
} // namespace

#define WS_ATOMIC_AT(NAME, SCOPE, T, OP)                                                           \
  T NAME(T *address, T val) {                                                                      \
    return atomicOp(model::AtomicOp::OP, address, val, static_cast<T>(0), WS_RET, SCOPE);          \
  }
#define WS_ATOMIC(NAME, T, OP)                                                                     \
  WS_ATOMIC_AT(NAME, Scope::Device, T, OP)                                                         \
  WS_ATOMIC_AT(NAME##_block, Scope::Block, T, OP)                                                  \
  WS_ATOMIC_AT(NAME##_system, Scope::System, T, OP)
WS_ATOMIC(atomicAdd, int, Add)
WS_ATOMIC(atomicAdd, unsigned int, Add)
WS_ATOMIC(atomicAdd, unsigned long long, Add)
WS_ATOMIC(atomicAdd, float, Add)
WS_ATOMIC(atomicAdd, double, Add)
WS_ATOMIC(atomicSub, int, Sub)
WS_ATOMIC(atomicSub, unsigned int, Sub)
WS_ATOMIC(atomicExch, int, Exchange)
WS_ATOMIC(atomicExch, unsigned int, Exchange)
WS_ATOMIC(atomicExch, unsigned long long, Exchange)
WS_ATOMIC(atomicExch, float, Exchange)
WS_ATOMIC(atomicMin, int, Min)
WS_ATOMIC(atomicMin, unsigned int, Min)
WS_ATOMIC(atomicMin, long long, Min)
WS_ATOMIC(atomicMin, unsigned long long, Min)
WS_ATOMIC(atomicMax, int, Max)
WS_ATOMIC(atomicMax, unsigned int, Max)
WS_ATOMIC(atomicMax, long long, Max)
WS_ATOMIC(atomicMax, unsigned long long, Max)
// CUDA's ((old >= val) ? 0 : (old + 1)) and (((old == 0) || (old > val)) ? val : (old - 1)):
// PTX atom.inc / atom.dec.
WS_ATOMIC(atomicInc, unsigned int, Inc)
WS_ATOMIC(atomicDec, unsigned int, Dec)
WS_ATOMIC(atomicAnd, int, And)
WS_ATOMIC(atomicAnd, unsigned int, And)
WS_ATOMIC(atomicAnd, unsigned long long, And)
WS_ATOMIC(atomicOr, int, Or)
WS_ATOMIC(atomicOr, unsigned int, Or)
WS_ATOMIC(atomicOr, unsigned long long, Or)
WS_ATOMIC(atomicXor, int, Xor)
WS_ATOMIC(atomicXor, unsigned int, Xor)
WS_ATOMIC(atomicXor, unsigned long long, Xor)
#undef WS_ATOMIC
#undef WS_ATOMIC_AT

#define WS_CAS_AT(NAME, SCOPE, T)                                                                  \
  T NAME(T *address, T compare, T val) {                                                           \
    return atomicOp(model::AtomicOp::Cas, address, val, compare, WS_RET, SCOPE);                   \
  }
#define WS_CAS(T)                                                                                  \
  WS_CAS_AT(atomicCAS, Scope::Device, T)                                                           \
  WS_CAS_AT(atomicCAS_block, Scope::Block, T)                                                      \
  WS_CAS_AT(atomicCAS_system, Scope::System, T)
WS_CAS(int)
WS_CAS(unsigned int)
WS_CAS(unsigned long long)
WS_CAS(unsigned short)
#undef WS_CAS
#undef WS_CAS_AT

// The 16-bit float adds: the sum rounded once, as the GPU's atom.add.noftz.f16
// and .bf16. model::AtomicOps has no 16-bit float kinds (neither
// cuda::atomic_ref nor the PTX atom path takes them), so these add with the
// half-precision types' own __hadd/__hadd2.
#define WS_HALF_ADD(T, ADD)                                                                        \
  T atomicAdd(T *address, T val) {                                                                 \
    return rmw(address, WS_RET, Scope::Device, [val](T old) -> T { return ADD(old, val); });       \
  }
WS_HALF_ADD(__half, __hadd)
WS_HALF_ADD(__half2, __hadd2)
WS_HALF_ADD(__nv_bfloat16, __hadd)
WS_HALF_ADD(__nv_bfloat162, __hadd2)
#undef WS_HALF_ADD

// ---------------------------------------------------------- device heap
// The front end routes malloc/free and new/delete written in device code
// here (warpsim/device_heap.h). Host code reaches these only through a
// __host__ __device__ function, and gets the C library's heap.

extern "C" void *warpsim_device_malloc(std::size_t size) {
  if (Lane *l = tl_lane) {
    l->block->serialPoint(l, WS_RET);
    return Runtime::get().heap.allocate(*l, size, WS_RET);
  }
  return std::malloc(size);
}

extern "C" void warpsim_device_free(void *p) {
  if (Lane *l = tl_lane) {
    l->block->serialPoint(l, WS_RET);
    return Runtime::get().heap.release(*l, p, WS_RET);
  }
  std::free(p);
}

void *operator new(std::size_t size, warpsim::DeviceHeapTag) noexcept {
  if (Lane *l = tl_lane) {
    l->block->serialPoint(l, WS_RET);
    return Runtime::get().heap.allocate(*l, size == 0 ? 1 : size, WS_RET);
  }
  return std::malloc(size == 0 ? 1 : size);
}
void *operator new[](std::size_t size, warpsim::DeviceHeapTag) noexcept {
  if (Lane *l = tl_lane) {
    l->block->serialPoint(l, WS_RET);
    return Runtime::get().heap.allocate(*l, size == 0 ? 1 : size, WS_RET);
  }
  return std::malloc(size == 0 ? 1 : size);
}
// Called only when a constructor throws.
void operator delete(void *p, warpsim::DeviceHeapTag) noexcept {
  if (Lane *l = tl_lane) {
    l->block->serialPoint(l, WS_RET);
    return Runtime::get().heap.release(*l, p, WS_RET);
  }
  std::free(p);
}
void operator delete[](void *p, warpsim::DeviceHeapTag) noexcept {
  if (Lane *l = tl_lane) {
    l->block->serialPoint(l, WS_RET);
    return Runtime::get().heap.release(*l, p, WS_RET);
  }
  std::free(p);
}

// ------------------------------------------------------- printf, assert
// Both replace the C library's symbols in the program (the executable's
// definitions win). In host code they behave exactly like the originals.

extern "C" int printf(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int n;
  if (tl_lane != nullptr) {
    // Device printf: buffered per launch and written when the launch ends,
    // in the deterministic order the threads executed.
    char buf[1024];
    va_list ap2;
    va_copy(ap2, ap);
    n = std::vsnprintf(buf, sizeof buf, fmt, ap);
    std::string &out = tl_lane->block->printfBuffer();
    if (n >= 0 && static_cast<std::size_t>(n) < sizeof buf) {
      out.append(buf, static_cast<std::size_t>(n));
    } else if (n >= 0) {
      std::string big(static_cast<std::size_t>(n) + 1, '\0');
      std::vsnprintf(big.data(), big.size(), fmt, ap2);
      out.append(big.data(), static_cast<std::size_t>(n));
    }
    va_end(ap2);
  } else {
    n = std::vfprintf(stdout, fmt, ap);
  }
  va_end(ap);
  return n;
}

extern "C" [[noreturn]] void __assert_fail(const char *assertion, const char *file,
                                           unsigned int line, const char *function) noexcept {
  if (Lane *l = tl_lane) {
    // CUDA's device-side assert: the message names block and thread, the
    // launch ends, and the context is poisoned with cudaErrorAssert.
    char buf[1024];
    std::snprintf(buf, sizeof buf,
                  "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file,
                  line, function, l->block->info.index.x, l->block->info.index.y,
                  l->block->info.index.z, l->tidx.x, l->tidx.y, l->tidx.z, assertion);
    l->block->printfBuffer() += buf;
    Finding f;
    f.kind = "device-assert";
    f.message = std::string("device-side assertion `") + assertion + "` failed";
    f.sites.push_back(l->block->siteOf(l, WS_RET, warpsim::sim::currentSiteId(), "assert"));
    l->block->abortLaunch(l, cudaErrorAssert, std::move(f));
  }
  std::fflush(stdout);
  std::fprintf(stderr, "%s:%u: %s: Assertion `%s' failed.\n", file, line, function, assertion);
  std::abort();
}

// ------------------------------------------------------- warp operations
// Each stops the lane at a warp-operation event; the engine runs the
// operation once every lane named in the mask has arrived
// (BlockExecutor::warpOp).

namespace {

template <class T> std::uint64_t bitsOf(T v) {
  if constexpr (sizeof(T) == 8) {
    std::uint64_t b;
    std::memcpy(&b, &v, 8);
    return b;
  } else {
    std::uint32_t b;
    std::memcpy(&b, &v, 4);
    return b;
  }
}
template <class T> T fromBits(std::uint64_t b) {
  T v;
  if constexpr (sizeof(T) == 8) {
    std::memcpy(&v, &b, 8);
  } else {
    auto b32 = static_cast<std::uint32_t>(b);
    std::memcpy(&v, &b32, 4);
  }
  return v;
}

inline std::uint64_t warpOp(const char *what, model::WarpOp op, unsigned long long mask,
                            std::uint64_t value, std::int32_t arg, int width, std::uint8_t bytes,
                            bool isSigned, std::uintptr_t pc) {
  model::WarpOperand o;
  o.value = value;
  o.arg = arg;
  o.width = static_cast<std::uint32_t>(width);
  o.bytes = bytes;
  o.is_signed = isSigned;
  Lane *l = lane(what);
  return l->block->warpOp(l, op, mask, o, pc);
}

} // namespace

void __syncwarp(unsigned long long mask) {
  warpOp("__syncwarp", model::WarpOp::SyncWarp, mask, 0, 0, 0, 4, false, WS_RET);
}
unsigned long long __activemask(void) {
  return warpOp("__activemask", model::WarpOp::ActiveMask, 0, 0, 0, 0, 4, false, WS_RET);
}
unsigned long long __ballot_sync(unsigned long long mask, int predicate) {
  return warpOp("__ballot_sync", model::WarpOp::Ballot, mask, predicate != 0, 0, 0, 4, false,
                WS_RET);
}
int __all_sync(unsigned long long mask, int predicate) {
  return static_cast<int>(
      warpOp("__all_sync", model::WarpOp::All, mask, predicate != 0, 0, 0, 4, false, WS_RET));
}
int __any_sync(unsigned long long mask, int predicate) {
  return static_cast<int>(
      warpOp("__any_sync", model::WarpOp::Any, mask, predicate != 0, 0, 0, 4, false, WS_RET));
}

#define WS_SHFL(T)                                                                                 \
  T __shfl_sync(unsigned long long mask, T var, int srcLane, int width) {                          \
    return fromBits<T>(warpOp("__shfl_sync", model::WarpOp::Shfl, mask, bitsOf(var), srcLane,      \
                              width, sizeof(T), false, WS_RET));                                   \
  }                                                                                                \
  T __shfl_up_sync(unsigned long long mask, T var, unsigned int delta, int width) {                \
    return fromBits<T>(warpOp("__shfl_up_sync", model::WarpOp::ShflUp, mask, bitsOf(var),          \
                              static_cast<std::int32_t>(delta), width, sizeof(T), false, WS_RET)); \
  }                                                                                                \
  T __shfl_down_sync(unsigned long long mask, T var, unsigned int delta, int width) {              \
    return fromBits<T>(warpOp("__shfl_down_sync", model::WarpOp::ShflDown, mask, bitsOf(var),      \
                              static_cast<std::int32_t>(delta), width, sizeof(T), false, WS_RET)); \
  }                                                                                                \
  T __shfl_xor_sync(unsigned long long mask, T var, int laneMask, int width) {                     \
    return fromBits<T>(warpOp("__shfl_xor_sync", model::WarpOp::ShflXor, mask, bitsOf(var),        \
                              laneMask, width, sizeof(T), false, WS_RET));                         \
  }                                                                                                \
  unsigned long long __match_any_sync(unsigned long long mask, T value) {                          \
    return warpOp("__match_any_sync", model::WarpOp::MatchAny, mask, bitsOf(value), 0, 0,          \
                  sizeof(T), false, WS_RET);                                                       \
  }                                                                                                \
  unsigned long long __match_all_sync(unsigned long long mask, T value, int *pred) {               \
    unsigned long long r = warpOp("__match_all_sync", model::WarpOp::MatchAll, mask,               \
                                  bitsOf(value), 0, 0, sizeof(T), false, WS_RET);                  \
    if (pred != nullptr)                                                                           \
      *pred = r != 0;                                                                              \
    return r;                                                                                      \
  }
WS_SHFL(int)
WS_SHFL(unsigned int)
WS_SHFL(long)
WS_SHFL(unsigned long)
WS_SHFL(long long)
WS_SHFL(unsigned long long)
WS_SHFL(float)
WS_SHFL(double)
#undef WS_SHFL

#define WS_REDUCE(NAME, OP, T, SIGNED)                                                             \
  T NAME(unsigned long long mask, T value) {                                                       \
    return static_cast<T>(static_cast<std::uint32_t>(warpOp(#NAME, model::WarpOp::OP, mask,        \
                                                            static_cast<std::uint32_t>(value), 0,  \
                                                            0, 4, SIGNED, WS_RET)));               \
  }
WS_REDUCE(__reduce_add_sync, ReduceAdd, unsigned int, false)
WS_REDUCE(__reduce_add_sync, ReduceAdd, int, true)
WS_REDUCE(__reduce_min_sync, ReduceMin, unsigned int, false)
WS_REDUCE(__reduce_min_sync, ReduceMin, int, true)
WS_REDUCE(__reduce_max_sync, ReduceMax, unsigned int, false)
WS_REDUCE(__reduce_max_sync, ReduceMax, int, true)
WS_REDUCE(__reduce_and_sync, ReduceAnd, unsigned int, false)
WS_REDUCE(__reduce_or_sync, ReduceOr, unsigned int, false)
WS_REDUCE(__reduce_xor_sync, ReduceXor, unsigned int, false)
#undef WS_REDUCE
