// The entry points that Clang's ThreadSanitizer instrumentation calls. User
// code is compiled with -fsanitize=thread but linked without the TSan
// runtime: these definitions route every access into the engine. Host code
// of the same program calls them too; for it they only guard against host
// code dereferencing device memory. The value-carrying entry points of
// warpsim's own pass (instrument/ValuesPass.cpp) are at the end.
#include <cstdint>
#include <cstring>

#include "DirectAccess.h"
#include "Runtime.h"
#include "SiteTable.h"

using warpsim::sim::AccessKind;
using warpsim::sim::Lane;
using warpsim::sim::MemoryOrder;
using warpsim::sim::Runtime;
using warpsim::sim::StaticSite;
using warpsim::sim::tl_lane;

namespace {

#define WS_RET reinterpret_cast<std::uintptr_t>(__builtin_return_address(0))

// Host code touching cudaMalloc memory crashes on a GPU system; here it
// would silently work, so it is reported.
__attribute__((noinline)) void hostAccess(const void *p, std::size_t n, bool write,
                                          std::uintptr_t pc) {
  Runtime &rt = Runtime::get();
  auto a = reinterpret_cast<std::uintptr_t>(p);
  if (!rt.memory.inGlobalRegion(a))
    return;
  const warpsim::sim::Allocation *al = rt.memory.findAllocation(a);
  if (al != nullptr && al->space == warpsim::MemorySpace::Managed && !al->freed)
    return;
  warpsim::sim::Finding f;
  f.kind = "host-access-to-device-memory";
  f.space = "global";
  f.address = a;
  f.size = static_cast<std::uint32_t>(n);
  f.fatal = true;
  f.message = std::string("host code ") + (write ? "writes" : "reads") +
              " device memory directly (it is only reachable through cudaMemcpy, or "
              "allocate it with cudaMallocManaged); on a GPU this is a segmentation fault";
  warpsim::sim::FindingSite s;
  s.role = "access";
  s.pc = pc;
  s.site = warpsim::sim::currentSiteId(); // the value hook's row, or the call's
  f.sites.push_back(s);
  rt.fatal(f);
}

inline bool g_ready = false; // set once the runtime exists

inline void access(void *p, std::uint32_t size, AccessKind kind, std::uintptr_t pc) {
  if (Lane *l = tl_lane) {
    l->block->access(l, reinterpret_cast<std::uintptr_t>(p), size, kind, MemoryOrder::NotAtomic,
                     pc);
  } else if (g_ready) {
    hostAccess(p, size, kind != AccessKind::Load, pc);
  }
}

// --memory-model ptx: the lane, when the model carries its accesses.
inline Lane *ptxLane() {
  Lane *l = tl_lane;
  return l != nullptr && warpsim::sim::Runtime::running().ptx != nullptr ? l : nullptr;
}

// A write the model does not carry (a copy, an odd size): the bytes'
// histories go, so no load reads past it.
inline void forgetPtx(const void *p, std::size_t n) {
  if (ptxLane() != nullptr)
    warpsim::sim::Runtime::running().ptx->forget(reinterpret_cast<std::uintptr_t>(p), n);
}

inline void rangeAccess(const void *p, std::size_t n, AccessKind kind, std::uintptr_t pc) {
  if (n == 0)
    return;
  auto a = reinterpret_cast<std::uintptr_t>(p);
  if (kind != AccessKind::Load)
    forgetPtx(p, n);
  if (Lane *l = tl_lane) {
    // A block copy is one event per naturally aligned chunk of up to 16
    // bytes, like the vector loads a GPU issues (a float4 copy is one
    // LDG.128, as ncu counts it); a copy of a 4-byte-aligned struct is
    // never a misaligned access.
    std::size_t off = 0;
    while (off < n) {
      std::uint32_t chunk = 16;
      while (chunk > 1 && (((a + off) & (chunk - 1)) != 0 || chunk > n - off))
        chunk >>= 1;
      if (!l->block->directAccess(l, a + off, chunk, kind != AccessKind::Load, pc,
                                  __warpsim_event_site))
        l->block->access(l, a + off, chunk, kind, MemoryOrder::NotAtomic, pc);
      off += chunk;
    }
  } else if (g_ready) {
    hostAccess(p, n, kind != AccessKind::Load, pc);
  }
}

struct ReadyFlag {
  ReadyFlag() {
    Runtime::get();
    g_ready = true;
  }
} readyFlag;

} // namespace

extern "C" {

void __tsan_init() {}

void __tsan_func_entry(void *callerPc) {
  if (Lane *l = tl_lane) {
    auto pc = reinterpret_cast<std::uintptr_t>(callerPc);
    std::uint32_t d = l->depth++;
    if (d < Lane::kMaxFrames) {
      l->frames[d] = pc;
      l->hashes[d] = l->stack_hash;
    }
    l->stack_hash = (l->stack_hash ^ pc) * 0x100000001b3ull + d;
  }
}

void __tsan_func_exit() {
  if (Lane *l = tl_lane) {
    if (l->depth == 0)
      return;
    std::uint32_t d = --l->depth;
    if (d < Lane::kMaxFrames)
      l->stack_hash = l->hashes[d];
  }
}

// (Under --memory-model ptx the user's code makes these writes itself,
// outside the model: the bytes' histories are forgotten first.)
#define WS_SIZED(N)                                                                                \
  void __tsan_read##N(void *p) { access(p, N, AccessKind::Load, WS_RET); }                         \
  void __tsan_write##N(void *p) {                                                                  \
    access(p, N, AccessKind::Store, WS_RET);                                                       \
    forgetPtx(p, N);                                                                               \
  }                                                                                                \
  void __tsan_unaligned_read##N(void *p) { access(p, N, AccessKind::Load, WS_RET); }               \
  void __tsan_unaligned_write##N(void *p) {                                                        \
    access(p, N, AccessKind::Store, WS_RET);                                                       \
    forgetPtx(p, N);                                                                               \
  }                                                                                                \
  void __tsan_volatile_read##N(void *p) { access(p, N, AccessKind::Load, WS_RET); }                \
  void __tsan_volatile_write##N(void *p) {                                                         \
    access(p, N, AccessKind::Store, WS_RET);                                                       \
    forgetPtx(p, N);                                                                               \
  }                                                                                                \
  void __tsan_unaligned_volatile_read##N(void *p) { access(p, N, AccessKind::Load, WS_RET); }      \
  void __tsan_unaligned_volatile_write##N(void *p) {                                               \
    access(p, N, AccessKind::Store, WS_RET);                                                       \
    forgetPtx(p, N);                                                                               \
  }                                                                                                \
  void __tsan_read_write##N(void *p) {                                                             \
    access(p, N, AccessKind::Load, WS_RET);                                                        \
    access(p, N, AccessKind::Store, WS_RET);                                                       \
    forgetPtx(p, N);                                                                               \
  }                                                                                                \
  void __tsan_unaligned_read_write##N(void *p) {                                                   \
    access(p, N, AccessKind::Load, WS_RET);                                                        \
    access(p, N, AccessKind::Store, WS_RET);                                                       \
    forgetPtx(p, N);                                                                               \
  }
WS_SIZED(1)
WS_SIZED(2)
WS_SIZED(4)
WS_SIZED(8)
WS_SIZED(16)
#undef WS_SIZED

void __tsan_read_range(void *p, unsigned long n) { rangeAccess(p, n, AccessKind::Load, WS_RET); }
void __tsan_write_range(void *p, unsigned long n) { rangeAccess(p, n, AccessKind::Store, WS_RET); }
void __tsan_vptr_read(void **p) { access(p, 8, AccessKind::Load, WS_RET); }
void __tsan_vptr_update(void **p, void *) {
  access(p, 8, AccessKind::Store, WS_RET);
  forgetPtx(p, 8);
}

void *__tsan_memcpy(void *dst, const void *src, unsigned long n) {
  std::uintptr_t pc = WS_RET;
  rangeAccess(src, n, AccessKind::Load, pc);
  rangeAccess(dst, n, AccessKind::Store, pc);
  return std::memcpy(dst, src, n);
}
void *__tsan_memmove(void *dst, const void *src, unsigned long n) {
  std::uintptr_t pc = WS_RET;
  rangeAccess(src, n, AccessKind::Load, pc);
  rangeAccess(dst, n, AccessKind::Store, pc);
  return std::memmove(dst, src, n);
}
void *__tsan_memset(void *dst, int c, unsigned long n) {
  rangeAccess(dst, n, AccessKind::Store, WS_RET);
  return std::memset(dst, c, n);
}

// ------------------------------------------------------------- atomics
// C11-style atomics in user code (std::atomic, __atomic builtins). The
// event is issued first; then the operation runs on this one OS thread.

#define WS_ATOMIC_EVENT(p, N, kind, mo)                                                            \
  do {                                                                                             \
    if (Lane *l = tl_lane)                                                                         \
      l->block->access(l, reinterpret_cast<std::uintptr_t>(p), N, kind,                            \
                       static_cast<MemoryOrder>(mo), WS_RET);                                      \
  } while (0)
#define WS_ATOMIC_LOAD_EVENT(p, N, mo)                                                             \
  do {                                                                                             \
    if (Lane *l = tl_lane)                                                                         \
      l->block->access(l, reinterpret_cast<std::uintptr_t>(p), N, AccessKind::Atomic,              \
                       static_cast<MemoryOrder>(mo), WS_RET, warpsim::sim::Scope::Device,          \
                       warpsim::sim::Proxy::Generic, true);                                        \
  } while (0)

// Under --memory-model ptx an atomic goes through the model at its C11
// order (the TSan ABI's numbering) and system scope (std::atomic's).
extern "C++" {
template <class T> T ptxAtomicLoad(Lane *l, const volatile T *a, int mo) {
  T v;
  warpsim::sim::Runtime::running().ptx->load(*l, const_cast<const T *>(a), sizeof(T),
                                             static_cast<MemoryOrder>(mo),
                                             warpsim::sim::Scope::System, &v);
  return v;
}
template <class T> void ptxAtomicStore(Lane *l, volatile T *a, T v, int mo) {
  warpsim::sim::Runtime::running().ptx->store(*l, const_cast<T *>(a), sizeof(T),
                                              static_cast<MemoryOrder>(mo),
                                              warpsim::sim::Scope::System, &v);
}
// A read-modify-write already made in memory (a failed compare-exchange
// counts as one that wrote the value back: over-synchronising is sound).
template <class T> void ptxAtomicRmw(Lane *l, volatile T *a, T before, int mo) {
  const T after = *a;
  warpsim::sim::Runtime::running().ptx->rmw(*l, const_cast<T *>(a), sizeof(T),
                                            static_cast<MemoryOrder>(mo),
                                            warpsim::sim::Scope::System, &before, &after);
}
} // extern "C++"

#define WS_ATOMIC_RMW(N, T, NAME, BUILTIN)                                                         \
  T __tsan_atomic##N##_##NAME(volatile T *a, T v, int mo) {                                        \
    WS_ATOMIC_EVENT(a, N / 8, AccessKind::Atomic, mo);                                             \
    const T old = BUILTIN(a, v, __ATOMIC_SEQ_CST);                                                 \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      ptxAtomicRmw(l, a, old, mo);                                                                 \
    return old;                                                                                    \
  }
#define WS_ATOMICS(N, T)                                                                           \
  T __tsan_atomic##N##_load(const volatile T *a, int mo) {                                         \
    WS_ATOMIC_LOAD_EVENT(a, N / 8, mo);                                                            \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      return ptxAtomicLoad(l, a, mo);                                                              \
    return __atomic_load_n(a, __ATOMIC_SEQ_CST);                                                   \
  }                                                                                                \
  void __tsan_atomic##N##_store(volatile T *a, T v, int mo) {                                      \
    WS_ATOMIC_EVENT(a, N / 8, AccessKind::Atomic, mo);                                             \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      return ptxAtomicStore(l, a, v, mo);                                                          \
    __atomic_store_n(a, v, __ATOMIC_SEQ_CST);                                                      \
  }                                                                                                \
  WS_ATOMIC_RMW(N, T, exchange, __atomic_exchange_n)                                               \
  WS_ATOMIC_RMW(N, T, fetch_add, __atomic_fetch_add)                                               \
  WS_ATOMIC_RMW(N, T, fetch_sub, __atomic_fetch_sub)                                               \
  WS_ATOMIC_RMW(N, T, fetch_and, __atomic_fetch_and)                                               \
  WS_ATOMIC_RMW(N, T, fetch_or, __atomic_fetch_or)                                                 \
  WS_ATOMIC_RMW(N, T, fetch_xor, __atomic_fetch_xor)                                               \
  WS_ATOMIC_RMW(N, T, fetch_nand, __atomic_fetch_nand)                                             \
  int __tsan_atomic##N##_compare_exchange_strong(volatile T *a, T *c, T v, int mo, int) {          \
    WS_ATOMIC_EVENT(a, N / 8, AccessKind::Atomic, mo);                                             \
    const T old = *a;                                                                              \
    const int ok =                                                                                 \
        __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);           \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      ptxAtomicRmw(l, a, old, mo);                                                                 \
    return ok;                                                                                     \
  }                                                                                                \
  int __tsan_atomic##N##_compare_exchange_weak(volatile T *a, T *c, T v, int mo, int) {            \
    WS_ATOMIC_EVENT(a, N / 8, AccessKind::Atomic, mo);                                             \
    const T old = *a;                                                                              \
    const int ok =                                                                                 \
        __atomic_compare_exchange_n(a, c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);           \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      ptxAtomicRmw(l, a, old, mo);                                                                 \
    return ok;                                                                                     \
  }                                                                                                \
  T __tsan_atomic##N##_compare_exchange_val(volatile T *a, T c, T v, int mo, int) {                \
    WS_ATOMIC_EVENT(a, N / 8, AccessKind::Atomic, mo);                                             \
    const T old = *a;                                                                              \
    __atomic_compare_exchange_n(a, &c, v, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);              \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      ptxAtomicRmw(l, a, old, mo);                                                                 \
    return c;                                                                                      \
  }
WS_ATOMICS(8, std::uint8_t)
WS_ATOMICS(16, std::uint16_t)
WS_ATOMICS(32, std::uint32_t)
WS_ATOMICS(64, std::uint64_t)
#undef WS_ATOMICS
#undef WS_ATOMIC_RMW

// std::atomic_thread_fence: under --memory-model ptx a fence at system
// scope (fence.sc for seq_cst, else fence.acq_rel).
void __tsan_atomic_thread_fence(int mo) {
  if (Lane *l = ptxLane())
    warpsim::sim::Runtime::running().ptx->fence(*l, mo == 5, warpsim::sim::Scope::System);
}
void __tsan_atomic_signal_fence(int) {}

// ------------------------------------------------- value-carrying accesses
// WARPSIM_INSTRUMENTATION=values: the event is issued first, then the
// runtime itself makes the access, so the value a load returns and the one a
// store leaves pass through here (sequentially consistent, or as below). The site
// is the access's row in the module's table (SiteTable.h); reports still use
// the return address, which carries the same file:line:column in its debug
// information (the pass keeps each call site single, docs/architecture.md).

// Under --memory-model ptx the model chooses what a load reads and whether
// a store is the latest (PtxMemory.h); a volatile access is relaxed at
// system scope, as ld.volatile.
namespace {
void ptxValue(Lane *l, const void *p, std::uint32_t n, const StaticSite *site, void *out,
              const void *in) {
  const bool isVolatile = site != nullptr && (site->kind & warpsim::sim::kSiteVolatile) != 0;
  const MemoryOrder mo = isVolatile ? MemoryOrder::Relaxed : MemoryOrder::NotAtomic;
  const auto scope = isVolatile ? warpsim::sim::Scope::System : warpsim::sim::Scope::Device;
  if (out != nullptr)
    warpsim::sim::Runtime::running().ptx->load(*l, p, n, mo, scope, out);
  else
    warpsim::sim::Runtime::running().ptx->store(*l, const_cast<void *>(p), n, mo, scope, in);
}
} // namespace

// The hooks lie in their own section: a host crash inside one (the user's
// host code dereferencing a bad pointer) is reported at its caller
// (Runtime.cpp, reportHostCrash), where TSan's build crashes itself.
#define WS_VALUE_HOOK __attribute__((section("warpsim_value_hooks")))
#define WS_VALUES(N, T)                                                                            \
  WS_VALUE_HOOK T __warpsim_load##N(const void *p, const StaticSite *site) {                       \
    T v;                                                                                           \
    if (Lane *l = tl_lane;                                                                         \
        l != nullptr &&                                                                            \
        l->block->directAccess(l, reinterpret_cast<std::uintptr_t>(p), N, false, WS_RET, site)) {  \
      std::memcpy(&v, p, N);                                                                       \
      return v;                                                                                    \
    }                                                                                              \
    const StaticSite *outer = __warpsim_event_site;                                                \
    __warpsim_event_site = site;                                                                   \
    access(const_cast<void *>(p), N, AccessKind::Load, WS_RET);                                    \
    __warpsim_event_site = outer;                                                                  \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      ptxValue(l, p, N, site, &v, nullptr);                                                        \
    else                                                                                           \
      std::memcpy(&v, p, N);                                                                       \
    return v;                                                                                      \
  }                                                                                                \
  WS_VALUE_HOOK void __warpsim_store##N(void *p, T v, const StaticSite *site) {                    \
    if (Lane *l = tl_lane;                                                                         \
        l != nullptr &&                                                                            \
        l->block->directAccess(l, reinterpret_cast<std::uintptr_t>(p), N, true, WS_RET, site)) {   \
      std::memcpy(p, &v, N);                                                                       \
      return;                                                                                      \
    }                                                                                              \
    const StaticSite *outer = __warpsim_event_site;                                                \
    __warpsim_event_site = site;                                                                   \
    access(p, N, AccessKind::Store, WS_RET);                                                       \
    __warpsim_event_site = outer;                                                                  \
    if (Lane *l = ptxLane()) [[unlikely]]                                                          \
      ptxValue(l, p, N, site, nullptr, &v);                                                        \
    else                                                                                           \
      std::memcpy(p, &v, N);                                                                       \
  }
WS_VALUES(1, std::uint8_t)
WS_VALUES(2, std::uint16_t)
WS_VALUES(4, std::uint32_t)
WS_VALUES(8, std::uint64_t)
WS_VALUES(16, unsigned __int128)
#undef WS_VALUES

WS_VALUE_HOOK void __warpsim_memcpy(void *dst, const void *src, unsigned long n,
                                    const StaticSite *site) {
  const StaticSite *outer = __warpsim_event_site;
  __warpsim_event_site = site;
  std::uintptr_t pc = WS_RET;
  rangeAccess(src, n, AccessKind::Load, pc);
  rangeAccess(dst, n, AccessKind::Store, pc);
  __warpsim_event_site = outer;
  std::memcpy(dst, src, n);
}
WS_VALUE_HOOK void __warpsim_memmove(void *dst, const void *src, unsigned long n,
                                     const StaticSite *site) {
  const StaticSite *outer = __warpsim_event_site;
  __warpsim_event_site = site;
  std::uintptr_t pc = WS_RET;
  rangeAccess(src, n, AccessKind::Load, pc);
  rangeAccess(dst, n, AccessKind::Store, pc);
  __warpsim_event_site = outer;
  std::memmove(dst, src, n);
}
// Host-only code keeps its own accesses (instrument/ValuesPass.cpp); an
// inline range check calls here only for an address in the device reserve
// (__warpsim_host_guard_base, MemoryMap.cpp).
void __warpsim_host_access(const void *p, unsigned long n, unsigned write,
                           const StaticSite *site) {
  if (!g_ready || n == 0)
    return;
  const StaticSite *outer = __warpsim_event_site;
  __warpsim_event_site = site;
  hostAccess(p, n, write != 0, WS_RET);
  __warpsim_event_site = outer;
}

WS_VALUE_HOOK void __warpsim_memset(void *dst, int c, unsigned long n, const StaticSite *site) {
  const StaticSite *outer = __warpsim_event_site;
  __warpsim_event_site = site;
  rangeAccess(dst, n, AccessKind::Store, WS_RET);
  __warpsim_event_site = outer;
  std::memset(dst, c, n);
}

} // extern "C"
