// Unit tests of the race-detection model: shadow memory, sync clocks, and
// the happens-before rules of model/RaceShadow.h.
#include <doctest/doctest.h>

#include <vector>

#include "warpsim/model/RaceShadow.h"
#include "warpsim/model/ShadowMemory.h"
#include "warpsim/model/SyncClock.h"

using namespace warpsim::model;

namespace {

struct Thread {
  std::uint32_t block, tid, phase = 0, releases = 0, instr = 1;
  SyncClock clock;
  const std::uint32_t *warpSync = nullptr;
};

Accessor accessor(const Thread &t, bool warpSync = false) {
  Accessor a{};
  a.gen = 1;
  a.thread = t.block * 64 + t.tid;
  a.block = t.block;
  a.phase = t.phase;
  a.releases = t.releases;
  a.instr = t.instr;
  a.threadsPerBlock = 64;
  a.warpSize = 32;
  a.warpSynchronous = warpSync;
  a.threadClock = t.clock.empty() ? nullptr : &t.clock;
  a.blockClock = nullptr;
  a.warpSync = t.warpSync;
  return a;
}

std::vector<Hazard> access(RaceCell &c, const Thread &t, bool write, bool atomic = false,
                           bool warpSync = false, std::uint8_t mask = 0xf) {
  std::vector<Hazard> out;
  raceAccess(c, accessor(t, warpSync), mask, write, atomic, 0x100,
             [&](Hazard h, const AccessRecord &) { out.push_back(h); });
  return out;
}

} // namespace

TEST_CASE("shadow memory: cells are per granule, zeroed, and stable") {
  ShadowMemory<std::uint32_t, 2> s;
  CHECK(s.find(0x7f0000001000) == nullptr);
  s.at(0x7f0000001000) = 5;
  s.at(0x7f0000001004) = 6;
  CHECK(s.at(0x7f0000001003) == 5); // same 4-byte granule
  CHECK(s.at(0x7f0000001004) == 6);
  CHECK(s.at(0x100000) == 0); // another page, freshly zeroed
  CHECK(*s.find(0x7f0000001000) == 5);
  CHECK(s.pages() == 2);
  s.clear();
  CHECK(s.find(0x7f0000001000) == nullptr);
}

TEST_CASE("sync clock: join keeps the maximum, covers by block phase or thread "
          "release") {
  SyncClock a, b;
  a.raise(3, 2);
  b.raise(3, 5);
  b.raise(SyncClock::kThreadKey | 70, 1);
  a.join(b, 0);
  CHECK(a.covers(3, 4, 999, 0)); // block 3, phase 4 < 5
  CHECK_FALSE(a.covers(3, 5, 999, 0));
  CHECK(a.covers(1, 9, 70, 0)); // thread 70, before its first release
  CHECK_FALSE(a.covers(1, 9, 70, 1));
  // Block-scoped entries are invisible to other blocks.
  SyncClock scoped, seen;
  scoped.raise(SyncClock::kThreadKey | 70, 1, /*scope block*/ 1);
  seen.join(scoped, 0);
  CHECK(seen.empty());
  seen.join(scoped, 1);
  CHECK(seen.covers(1, 0, 70, 0));
}

TEST_CASE("races: barrier intervals order threads of one block") {
  RaceCell c;
  Thread w{0, 1}, r{0, 40};
  CHECK(access(c, w, true).empty());
  // Same phase, another warp: read after write.
  CHECK(access(c, r, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
  // After a barrier: ordered.
  RaceCell d;
  access(d, w, true);
  r.phase = 1;
  CHECK(access(d, r, false).empty());
  // Write after read in the same phase.
  RaceCell e;
  Thread r0{0, 40};
  access(e, r0, false);
  CHECK(access(e, w, true) == std::vector<Hazard>{Hazard::WriteAfterRead});
}

TEST_CASE("races: the same thread, atomics and disjoint bytes never race") {
  RaceCell c;
  Thread a{0, 1}, b{1, 2};
  access(c, a, true);
  CHECK(access(c, a, false).empty());
  RaceCell d;
  access(d, a, true, true);
  CHECK(access(d, b, true, true).empty()); // atomic vs atomic
  Thread other{2, 3};
  CHECK(access(d, other, false) == std::vector<Hazard>{Hazard::ReadAfterWrite}); // plain vs atomic
  RaceCell e;
  access(e, a, true, false, false, 0x3);
  CHECK(access(e, b, true, false, false, 0xc).empty()); // other bytes of the word
}

TEST_CASE("races: block-scope atomics are atomic only within their block") {
  using warpsim::model::kAtomic;
  using warpsim::model::kBlockAtomic;
  CHECK(morallyStrong(kAtomic, kAtomic, false));
  CHECK(morallyStrong(kBlockAtomic, kBlockAtomic, true));
  CHECK_FALSE(morallyStrong(kBlockAtomic, kBlockAtomic, false));
  CHECK_FALSE(morallyStrong(kBlockAtomic, kAtomic, false));
  CHECK_FALSE(morallyStrong(kNotAtomic, kAtomic, true));
  auto atomicAccess = [](RaceCell &c, const Thread &t, std::uint8_t kind) {
    std::vector<Hazard> out;
    raceAccess(c, accessor(t), 0xf, true, kind, 0x100,
               [&](Hazard h, const AccessRecord &) { out.push_back(h); });
    return out;
  };
  // Thread 1 of block 0 and thread 2 of block 1 (64 threads per block).
  Thread a{0, 1}, sameBlock{0, 2}, otherBlock{1, 2};
  RaceCell c;
  CHECK(atomicAccess(c, a, kBlockAtomic).empty());
  CHECK(atomicAccess(c, sameBlock, kBlockAtomic).empty());
  CHECK(atomicAccess(c, otherBlock, kBlockAtomic) == std::vector<Hazard>{Hazard::WriteAfterWrite});
  RaceCell d;
  atomicAccess(d, a, kBlockAtomic);
  CHECK(atomicAccess(d, otherBlock, kAtomic) == std::vector<Hazard>{Hazard::WriteAfterWrite});
}

TEST_CASE("races: lanes of one warp race under ITS unless __syncwarp orders them") {
  Thread w{0, 1}, r{0, 2};
  w.instr = 1;
  r.instr = 2;
  RaceCell c;
  access(c, w, true);
  CHECK(access(c, r, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
  RaceCell d; // warp-synchronous model: a later instruction sees the earlier one
  access(d, w, true, false, true);
  CHECK(access(d, r, false, false, true).empty());
  // ITS with a __syncwarp (instruction 2) between: reader's row says lane 1
  // synchronised with it at instruction 2 > 1.
  std::uint32_t row[32] = {};
  row[1] = 2;
  RaceCell e;
  access(e, w, true);
  r.instr = 3;
  r.warpSync = row;
  CHECK(access(e, r, false).empty());
}

TEST_CASE("races: across blocks only release/acquire orders") {
  Thread producer{1, 0}, consumer{0, 0};
  RaceCell c;
  access(c, producer, true);
  CHECK(access(c, consumer, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
  // The consumer acquired the producer's release number 1.
  RaceCell d;
  access(d, producer, true);
  consumer.clock.raise(SyncClock::kThreadKey | 64, 1);
  CHECK(access(d, consumer, false).empty());
  // A write after that release is not covered.
  RaceCell e;
  producer.releases = 1;
  access(e, producer, true);
  CHECK(access(e, consumer, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
}

TEST_CASE("races: a launch boundary orders everything") {
  RaceCell c;
  Thread a{0, 1}, b{1, 1};
  access(c, a, true);
  Accessor next = accessor(b);
  next.gen = 2;
  int hazards = 0;
  raceAccess(c, next, 0xf, false, false, 0, [&](Hazard, const AccessRecord &) { ++hazards; });
  CHECK(hazards == 0);
}
