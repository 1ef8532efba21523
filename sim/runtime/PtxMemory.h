// --memory-model ptx: the engine's side of model::PtxMemoryModel. Lanes'
// loads, stores, atomics, fences and barriers go through it (called on the
// lane's fiber, after the access's event was issued). Memory always holds
// the latest value in modification order, so host code, copies and the
// checkers see what they saw before; a load may return an older message.
// Which one is drawn from a generator seeded by --seed (and the launch), so
// an outcome replays exactly. See docs/memory-model.md.
#pragma once

#include <cstdint>

#include "warpsim/model/PtxMemoryModel.h"

namespace warpsim::sim {

struct Lane;

class PtxMemory {
public:
  explicit PtxMemory(std::uint64_t seed);

  // A kernel launch begins or ends: every history and view is dropped
  // (launches are ordered; host code reads the latest values).
  void launchBoundary(std::uint64_t launchId);
  // A block was admitted into a shared window: old histories there go.
  void forget(std::uintptr_t addr, std::uint64_t size) { model_.forget(addr, size); }

  // `n` bytes at `p` loaded into `out` / stored from `in` by lane `l`.
  // Accesses the model does not carry (the lane's stack, odd sizes or
  // alignment) are made directly, forgetting the bytes' histories.
  void load(Lane &l, const void *p, std::uint32_t n, model::MemoryOrder order, model::Scope scope,
            void *out);
  void store(Lane &l, void *p, std::uint32_t n, model::MemoryOrder order, model::Scope scope,
             const void *in);
  // A read-modify-write already made in memory: `before` was the value,
  // memory now holds `after`.
  void rmw(Lane &l, const void *p, std::uint32_t n, model::MemoryOrder order, model::Scope scope,
           const void *before, const void *after);
  void fence(Lane &l, bool sc, model::Scope scope);
  // A barrier, mbarrier or warp synchronisation: arrive before waiting,
  // depart after.
  void arrive(Lane &l, std::uint64_t key, model::Scope scope);
  void depart(Lane &l, std::uint64_t key);
  // The lane's thread exited: its view is no longer needed.
  void exited(const Lane &l);

  // Keys of synchronisation objects.
  static std::uint64_t key(std::uint64_t kind, std::uint64_t a, std::uint64_t b = 0) {
    return (kind << 60) ^ (a * 0x9e3779b97f4a7c15ull) ^ (b * 0xbf58476d1ce4e5b9ull);
  }

private:
  std::uint64_t thread(Lane &l);
  bool carried(const Lane &l, std::uintptr_t a, std::uint32_t n) const;

  std::uint64_t seed_;
  std::uint64_t rng_ = 0;
  model::PtxMemoryModel model_;
};

} // namespace warpsim::sim
