// The runtime's entry points for atomics and fences with a memory order and
// a scope: warpsim's <cuda/atomic> and <cuda/std/atomic> call them. Each
// operation is ONE event of the calling thread (an atomic access, or a
// fence) carrying its order and scope; `pc` is the user's call site, so
// reports point at the user's line, not at warpsim's header.
#pragma once

extern "C" {
// One atomic operation on the `type & 0xf` bytes at `addr` (1, 2, 4 or 8):
// `op` a warpsim::atomic::Op, `type` size | kind << 4 (warpsim::atomic::Kind),
// `order` a C11 memory order number (cuda::std::memory_order), `scope` a
// cuda::thread_scope number (system 0, device 1, block 2, thread 3) or 4 for
// cluster scope. Operands and the result are the value's bits,
// zero-extended. Returns the old value (a store: 0).
unsigned long long warpsim_atomic(unsigned op, void *addr, unsigned type, unsigned long long value,
                                  unsigned long long compare, unsigned order, unsigned scope,
                                  const void *pc);
// cuda::atomic_thread_fence(order, scope): a relaxed fence, or one at
// thread scope, orders nothing and is no event.
void warpsim_atomic_fence(unsigned order, unsigned scope, const void *pc);
}

namespace warpsim::atomic {
// model::AtomicOp, for headers that cannot include model/.
enum Op : unsigned { kLoad, kStore, kExchange, kCas, kAdd, kSub, kAnd, kOr, kXor, kMin, kMax };
enum Kind : unsigned { kUnsigned = 0, kSigned = 1, kFloat = 2 };
} // namespace warpsim::atomic
