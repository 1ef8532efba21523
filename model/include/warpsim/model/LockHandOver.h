// Critical sections of spin locks and the other order of taking them.
//
// A lock here is a word that a thread's atomic changes from a value v (the
// "free" value it found) and that a later atomic of the same thread sets
// back to v: atomicCAS(l, 0, 1) ... atomicExch(l, 0), or atomicExch(l, 1)
// returning 0 ... atomicExch(l, 0). Every acquisition of such a lock finds v
// whatever the order the threads took it in, so a run that gave it to A and
// then B could as well have given it to B first (when nothing else made B
// wait for A). A hand-over orders the critical sections only through fences
// (or acquire/release orders): the releasing thread's fence between its
// access and its release, and the acquiring thread's fence between its
// acquisition and its access, each at a scope that includes the other
// thread. Both sides are needed for each order, so a race that only the
// other order has is predicted from one run: the accesses of B's section
// against A's, as if B's had run first (docs/checks.md, "Lock order").
#pragma once

#include <cstdint>
#include <map>
#include <vector>

#include "warpsim/model/RaceShadow.h"

namespace warpsim::model {

// How far a fence reaches: its block, its cluster, every thread.
enum class FenceReach : std::uint8_t { Block = 0, Cluster = 1, Device = 2 };
inline constexpr int kFenceReaches = 3;
inline constexpr std::uint32_t kNoFence = UINT32_MAX;

// One access of a critical section (the lock word's own atomics excluded).
struct SectionAccess {
  std::uintptr_t addr = 0;
  std::uintptr_t pc = 0;
  std::uint32_t size = 0;
  std::uint32_t epoch = 0;  // the warp's epoch (RaceShadow.h)
  std::uint32_t site = 0;   // static site id (the detector's kNoSite: none)
  std::uint16_t record = 0; // the detector's site index
  std::uint8_t space = 0;   // the detector's memory space
  bool write = false;       // a store or an atomic that writes
  bool atomic = false;      // an atomic (or PTX strong) access
  bool strong = false;      // atomic, or volatile (relaxed at system scope)
};

struct CriticalSection {
  std::uintptr_t lock = 0;
  std::uint64_t free = 0; // the value the acquisition found, and the release restores
  std::uint32_t lockSize = 0;
  std::uint32_t thread = 0, block = 0, cluster = 0; // global thread id, linear block, cluster
  std::uint32_t acquired = 0, released = 0;         // epochs of the two atomics
  bool acquireOrder = false, releaseOrder = false;  // .acquire / .release atomics
  bool lockDevice = true; // both lock atomics at a scope wider than the block
  std::uintptr_t acquirePc = 0, releasePc = 0;
  std::uint32_t acquireSite = UINT32_MAX, releaseSite = UINT32_MAX;
  // Per reach: the first fence after the acquisition, the last before the
  // release (kNoFence: none). A fence at epoch f orders accesses at epochs
  // <= f before it and those at epochs > f after it.
  std::uint32_t firstFence[kFenceReaches] = {kNoFence, kNoFence, kNoFence};
  std::uint32_t lastFence[kFenceReaches] = {kNoFence, kNoFence, kNoFence};
  std::vector<SectionAccess> accesses;
  bool overflow = false; // more accesses than kept
  // Earlier sections of the lock (by their index in the lock's history)
  // that this one could have preceded: its thread knew nothing of them
  // when it took the lock.
  std::vector<std::uint64_t> reversible;
  std::uint64_t serial = 0; // its index in the lock's history

  static constexpr std::size_t kMaxAccesses = 32;

  void fence(std::uint32_t epoch, FenceReach reach) {
    const int r = static_cast<int>(reach);
    if (firstFence[r] == kNoFence)
      firstFence[r] = epoch;
    lastFence[r] = epoch;
  }
  void access(const SectionAccess &a) {
    if (accesses.size() < kMaxAccesses)
      accesses.push_back(a);
    else
      overflow = true;
  }
};

// Does a fence of `reach` by a thread of (block, cluster) order memory with
// a thread of (otherBlock, otherCluster)?
inline bool fenceReaches(FenceReach reach, std::uint32_t block, std::uint32_t cluster,
                         std::uint32_t otherBlock, std::uint32_t otherCluster) {
  return reach == FenceReach::Device || block == otherBlock ||
         (reach == FenceReach::Cluster && cluster == otherCluster);
}

// Does `from`'s release publish its access at epoch `e` to `to`'s thread?
inline bool releases(const CriticalSection &from, std::uint32_t e, const CriticalSection &to) {
  if (from.releaseOrder)
    return true;
  for (int r = 0; r < kFenceReaches; ++r)
    if (from.lastFence[r] != kNoFence && from.lastFence[r] >= e &&
        fenceReaches(static_cast<FenceReach>(r), from.block, from.cluster, to.block, to.cluster))
      return true;
  return false;
}

// Does `to`'s acquisition order its access at epoch `e` after what `from`'s
// thread released?
inline bool acquires(const CriticalSection &to, std::uint32_t e, const CriticalSection &from) {
  if (to.acquireOrder)
    return true;
  for (int r = 0; r < kFenceReaches; ++r)
    if (to.firstFence[r] != kNoFence && to.firstFence[r] < e &&
        fenceReaches(static_cast<FenceReach>(r), to.block, to.cluster, from.block, from.cluster))
      return true;
  return false;
}

// Handing the lock from `from` to `to` orders `from`'s access at epoch
// `ef` before `to`'s access at epoch `et`.
inline bool handOverOrders(const CriticalSection &from, std::uint32_t ef, const CriticalSection &to,
                           std::uint32_t et) {
  return from.lockDevice && to.lockDevice && releases(from, ef, to) && acquires(to, et, from);
}

// The accesses of `second` that would meet those of `first` had `first`
// run entirely before `second`, as the race shadow would see them: per
// byte the last write of `first` and its read after that write; a write
// of `second` hides `first`'s history from `second`'s later accesses.
// Calls onPair(hazard, index in second, index in first, byte count) once
// per pair of accesses.
template <class OnPair>
void sectionConflicts(const CriticalSection &first, const CriticalSection &second,
                      OnPair &&onPair) {
  struct Byte {
    int write = -1; // index in first; -2: second wrote it
    int read = -1;  // first's read after its last write
  };
  std::map<std::uintptr_t, Byte> bytes;
  for (std::size_t k = 0; k < first.accesses.size(); ++k) {
    const SectionAccess &a = first.accesses[k];
    for (std::uintptr_t b = a.addr; b < a.addr + a.size; ++b) {
      Byte &s = bytes[b];
      if (a.write) {
        s.write = static_cast<int>(k);
        s.read = -1;
      } else {
        s.read = static_cast<int>(k);
      }
    }
  }
  struct Pair {
    Hazard h;
    int second, first;
    std::uint32_t bytes;
  };
  std::vector<Pair> pairs;
  auto add = [&](Hazard h, int i, int j) {
    for (Pair &p : pairs)
      if (p.h == h && p.second == i && p.first == j) {
        ++p.bytes;
        return;
      }
    pairs.push_back({h, i, j, 1});
  };
  for (std::size_t i = 0; i < second.accesses.size(); ++i) {
    const SectionAccess &a = second.accesses[i];
    for (std::uintptr_t b = a.addr; b < a.addr + a.size; ++b) {
      auto it = bytes.find(b);
      if (it == bytes.end())
        continue;
      Byte &s = it->second;
      if (s.write >= 0)
        add(a.write ? Hazard::WriteAfterWrite : Hazard::ReadAfterWrite, static_cast<int>(i),
            s.write);
      if (a.write && s.read >= 0)
        add(Hazard::WriteAfterRead, static_cast<int>(i), s.read);
      if (a.write) {
        s.write = -2;
        s.read = -1;
      }
    }
  }
  for (const Pair &p : pairs)
    onPair(p.h, static_cast<std::size_t>(p.second), static_cast<std::size_t>(p.first), p.bytes);
}

} // namespace warpsim::model
