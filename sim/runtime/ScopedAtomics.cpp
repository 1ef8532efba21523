#include "ScopedAtomics.h"

#include <atomic>
#include <cstring>
#include <mutex>

#include "BlockExecutor.h"
#include "Runtime.h"
#include "warpsim/atomic_abi.h"

namespace warpsim::sim {

std::uint64_t scopedAtomic(Lane *l, std::uintptr_t addr, model::AtomicOp op, model::AtomicType t,
                           std::uint64_t value, std::uint64_t compare, MemoryOrder order,
                           Scope scope, std::uintptr_t pc) {
  // Host code (cuda::std::atomic works on the host too): host threads are
  // real threads, so the operation is made atomic with a lock.
  static std::mutex hostLock;
  std::unique_lock<std::mutex> g(hostLock, std::defer_lock);
  if (l != nullptr)
    l->block->access(l, addr, t.size, AccessKind::Atomic, order, pc, scope, Proxy::Generic,
                     op == model::AtomicOp::Load);
  else
    g.lock();
  auto *p = reinterpret_cast<void *>(addr);
  std::uint64_t old = 0;
  if (PtxMemory *m = Runtime::running().ptx; m != nullptr && l != nullptr) [[unlikely]] {
    // --memory-model ptx: a load may read an older value; a store may go
    // below a later one; read-modify-writes read the latest.
    if (op == model::AtomicOp::Load) {
      m->load(*l, p, t.size, order, scope, &old);
      return old;
    }
    if (op == model::AtomicOp::Store) {
      m->store(*l, p, t.size, order, scope, &value);
      return 0;
    }
    std::memcpy(&old, p, t.size);
    const std::uint64_t now = model::atomicResult(op, t, old, value, compare);
    std::memcpy(p, &now, t.size);
    m->rmw(*l, p, t.size, order, scope, &old, &now);
    return old;
  }
  std::memcpy(&old, p, t.size);
  if (model::atomicWrites(op)) {
    const std::uint64_t now = model::atomicResult(op, t, old, value, compare);
    if (op != model::AtomicOp::Cas || now != old)
      std::memcpy(p, &now, t.size);
  }
  return op == model::AtomicOp::Store ? 0 : old;
}

} // namespace warpsim::sim

using namespace warpsim;
using namespace warpsim::sim;

static_assert(static_cast<unsigned>(model::AtomicOp::Max) == warpsim::atomic::kMax);
static_assert(static_cast<unsigned>(model::AtomicOp::Cas) == warpsim::atomic::kCas);
static_assert(static_cast<unsigned>(model::AtomicKind::Float) == warpsim::atomic::kFloat);

namespace {
// cuda::thread_scope numbering (system 0, device 1, block 2, thread 3), and
// 4 for cluster (__NV_THREAD_SCOPE_CLUSTER, warpsim/nv_atomic.h).
Scope scopeOf(unsigned s) {
  switch (s) {
  case 0:
    return Scope::System;
  case 2:
    return Scope::Block;
  case 3:
    return Scope::Thread;
  case 4:
    return Scope::Cluster;
  default:
    return Scope::Device;
  }
}
MemoryOrder orderOf(unsigned o) {
  return o <= 5 ? static_cast<MemoryOrder>(o) : MemoryOrder::SeqCst;
}
} // namespace

extern "C" unsigned long long warpsim_atomic(unsigned op, void *addr, unsigned type,
                                             unsigned long long value, unsigned long long compare,
                                             unsigned order, unsigned scope, const void *pc) {
  model::AtomicType t;
  t.size = static_cast<std::uint8_t>(type & 0xf);
  t.kind = static_cast<model::AtomicKind>((type >> 4) & 3);
  return scopedAtomic(tl_lane, reinterpret_cast<std::uintptr_t>(addr),
                      static_cast<model::AtomicOp>(op), t, value, compare, orderOf(order),
                      scopeOf(scope), reinterpret_cast<std::uintptr_t>(pc));
}

extern "C" void warpsim_atomic_fence(unsigned order, unsigned scope, const void *pc) {
  const MemoryOrder o = orderOf(order);
  if (o == MemoryOrder::Relaxed || scopeOf(scope) == Scope::Thread)
    return;
  Lane *l = tl_lane;
  if (l == nullptr) {
    std::atomic_thread_fence(std::memory_order_seq_cst);
    return;
  }
  // PTX has fence.sc and fence.acq_rel: acquire and release fences are the
  // latter (libcu++ emits fence.acq_rel for them).
  l->block->fence(l, scopeOf(scope), reinterpret_cast<std::uintptr_t>(pc), 0,
                  o == MemoryOrder::SeqCst ? MemoryOrder::SeqCst : MemoryOrder::AcqRel);
  if (PtxMemory *m = Runtime::running().ptx)
    m->fence(*l, o == MemoryOrder::SeqCst, scopeOf(scope));
}
