#include "SpinEvidence.h"

#include <cstring>
#include <iterator>

namespace warpsim::sim {

namespace {

std::uint64_t mix(std::uint64_t h, std::uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}

std::uint64_t hashRange(std::uint64_t h, std::uintptr_t lo, std::uintptr_t hi) {
  lo &= ~std::uintptr_t{7};
  for (std::uintptr_t p = lo; p + 8 <= hi; p += 8) {
    std::uint64_t v;
    std::memcpy(&v, reinterpret_cast<const void *>(p), 8);
    h = mix(h, v);
  }
  return h;
}

// On the lane's own stack (the runtime handles a stop on the lane's fiber
// before it switches away): its callee-saved registers may still hold its
// variables, so they are hashed with every frame above this one.
[[gnu::noinline]] std::uint64_t hashOwnStack(std::uintptr_t hi) {
  std::uint64_t h = 0;
#if defined(__x86_64__)
  std::uint64_t regs[5];
  asm volatile("movq %%rbx, 0(%0)\n\tmovq %%r12, 8(%0)\n\tmovq %%r13, 16(%0)\n\t"
               "movq %%r14, 24(%0)\n\tmovq %%r15, 32(%0)"
               :
               : "r"(regs)
               : "memory");
  for (std::uint64_t r : regs)
    h = mix(h, r);
#elif defined(__aarch64__)
  std::uint64_t regs[10];
  asm volatile("stp x19, x20, [%0, #0]\n\tstp x21, x22, [%0, #16]\n\t"
               "stp x23, x24, [%0, #32]\n\tstp x25, x26, [%0, #48]\n\t"
               "stp x27, x28, [%0, #64]"
               :
               : "r"(regs)
               : "memory");
  for (std::uint64_t r : regs)
    h = mix(h, r);
#endif
  // The caller's frames, from this one's saved frame pointer up.
  return hashRange(h, reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0)), hi);
}

} // namespace

bool laneStateMoved(Lane &l) {
  if (l.stack_hi == 0 || l.stack_lo == 0)
    return false;
  char probe;
  const auto sp = reinterpret_cast<std::uintptr_t>(&probe);
  std::uint64_t h = mix(mix(0, l.ev.pc), static_cast<std::uint64_t>(l.ev.kind));
  if (const std::uint64_t stopSp = l.stop_state[0]; stopSp >= l.stack_lo && stopSp < l.stack_hi) {
    // Stopped: its registers and frames as the stop found them.
    for (std::size_t i = 1; i < std::size(l.stop_state); ++i)
      h = mix(h, l.stop_state[i]);
    h = hashRange(h, stopSp, l.stack_hi);
  } else if (sp >= l.stack_lo && sp < l.stack_hi)
    h = mix(h, hashOwnStack(l.stack_hi));
  else if (l.ctx != nullptr) // switched out: the context holds the registers
    h = hashRange(h, reinterpret_cast<std::uintptr_t>(l.ctx), l.stack_hi);
  else
    return false;
  for (int i = 0; i < 4; ++i)
    if (l.repeat_pc[i] == l.watch_pc) {
      const bool moved = l.repeat_hash[i] != h;
      l.repeat_hash[i] = h;
      return moved;
    }
  const int slot = l.repeat_next++ % 4;
  l.repeat_pc[slot] = l.watch_pc;
  l.repeat_hash[slot] = h;
  return false;
}

} // namespace warpsim::sim
