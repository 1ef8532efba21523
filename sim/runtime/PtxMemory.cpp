#include "PtxMemory.h"

#include <cstring>

#include "BlockExecutor.h"
#include "Lane.h"

namespace warpsim::sim {

namespace {
std::uint64_t splitmix(std::uint64_t &s) {
  std::uint64_t z = (s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
std::uint64_t bits(const void *p, std::uint32_t n) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, n);
  return v;
}
} // namespace

PtxMemory::PtxMemory(std::uint64_t seed)
    : seed_(seed), model_([this](std::uint64_t n) { return splitmix(rng_) % n; }) {}

void PtxMemory::launchBoundary(std::uint64_t launchId) {
  model_.reset();
  // Each launch draws from its own stream: its choices do not depend on
  // how many an earlier launch made.
  rng_ = seed_ ^ (launchId * 0xd6e8feb86659fd93ull);
}

std::uint64_t PtxMemory::thread(Lane &l) {
  const BlockExecutor &b = *l.block;
  const std::uint64_t t = b.info.linear * b.lanes.size() + l.tid;
  model_.place(t, {b.info.linear, b.info.cluster});
  return t;
}

// The model carries naturally aligned accesses of 1, 2, 4 or 8 bytes off
// the lane's own stack (which no other thread can see).
bool PtxMemory::carried(const Lane &l, std::uintptr_t a, std::uint32_t n) const {
  if (a - l.stack_lo < l.stack_hi - l.stack_lo)
    return false;
  return (n == 1 || n == 2 || n == 4 || n == 8) && (a & (n - 1)) == 0;
}

void PtxMemory::load(Lane &l, const void *p, std::uint32_t n, model::MemoryOrder order,
                     model::Scope scope, void *out) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (!carried(l, a, n)) {
    std::memcpy(out, p, n);
    return;
  }
  const std::uint64_t v = model_.load(thread(l), a, n, order, scope, bits(p, n));
  std::memcpy(out, &v, n);
}

void PtxMemory::store(Lane &l, void *p, std::uint32_t n, model::MemoryOrder order,
                      model::Scope scope, const void *in) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (!carried(l, a, n)) {
    if (a - l.stack_lo >= l.stack_hi - l.stack_lo)
      model_.forget(a, n);
    std::memcpy(p, in, n);
    return;
  }
  if (model_.store(thread(l), a, n, bits(in, n), order, scope, bits(p, n)))
    std::memcpy(p, in, n);
}

void PtxMemory::rmw(Lane &l, const void *p, std::uint32_t n, model::MemoryOrder order,
                    model::Scope scope, const void *before, const void *after) {
  const auto a = reinterpret_cast<std::uintptr_t>(p);
  if (!carried(l, a, n)) {
    model_.forget(a, n);
    return;
  }
  model_.rmw(thread(l), a, n, bits(after, n), order, scope, bits(before, n));
}

void PtxMemory::fence(Lane &l, bool sc, model::Scope scope) { model_.fence(thread(l), sc, scope); }

void PtxMemory::arrive(Lane &l, std::uint64_t key, model::Scope scope) {
  model_.syncArrive(thread(l), key, scope);
}

void PtxMemory::depart(Lane &l, std::uint64_t key) { model_.syncDepart(thread(l), key); }

void PtxMemory::exited(const Lane &l) {
  const BlockExecutor &b = *l.block;
  model_.retire(b.info.linear * b.lanes.size() + l.tid);
}

} // namespace warpsim::sim
