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
  std::uint32_t block, tid, epoch = 1, barrierEpoch = 0;
  SyncClock clock;
  const std::uint32_t *warpSync = nullptr;
};

Accessor accessor(const Thread &t, bool warpSync = false) {
  Accessor a{};
  a.thread = t.block * 64 + t.tid;
  a.block = t.block;
  a.epoch = t.epoch;
  a.barrierEpoch = t.barrierEpoch;
  a.threadsPerBlock = 64;
  a.warpSize = 32;
  a.warpSynchronous = warpSync;
  a.threadClock = t.clock.empty() ? nullptr : &t.clock;
  a.blockClock = nullptr;
  a.warpSync = t.warpSync;
  return a;
}

// One granule: its cell and its page's side entries.
struct Granule {
  RaceCell c{};
  RacePage page;
};

struct Seen {
  Hazard h;
  std::uint32_t thread;
  std::uint8_t bytes;
  bool operator==(const Seen &) const = default;
};

std::vector<Seen> accessBytes(Granule &g, const Thread &t, bool write, std::uint8_t mask,
                              std::uint8_t atomic = kNotAtomic) {
  std::vector<Seen> out;
  raceAccessGranule(g.c, g.page, mask, accessor(t), write, atomic, 1,
                    [&](Hazard h, const AccessRecord &prior, std::uint8_t bytes) {
                      out.push_back({h, prior.thread, bytes});
                    });
  return out;
}

std::vector<Hazard> access(RaceCell &c, RacePage &page, const Thread &t, bool write,
                           bool atomic = false, bool warpSync = false) {
  std::vector<Hazard> out;
  raceAccess(c, page, accessor(t, warpSync), write, atomic ? kAtomic : kNotAtomic, 1,
             [&](Hazard h, const AccessRecord &) { out.push_back(h); });
  return out;
}

std::vector<Hazard> access(Granule &g, const Thread &t, bool write, bool atomic = false,
                           bool warpSync = false) {
  return access(g.c, g.page, t, write, atomic, warpSync);
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
  // A page used under another generation comes back empty.
  s.page(0x7f0000001000, 7).cell(0x7f0000001000) = 9;
  CHECK(s.at(0x7f0000001004) == 0);
  CHECK(s.page(0x7f0000001000, 7).cell(0x7f0000001000) == 9);
  CHECK(s.page(0x7f0000001000, 8).cell(0x7f0000001000) == 0);
  s.clear();
  CHECK(s.find(0x7f0000001000) == nullptr);
}

TEST_CASE("sync clock: join keeps the maximum, covers by block barrier or thread "
          "release epoch") {
  SyncClock a, b;
  a.raise(3, 2);
  b.raise(3, 5);
  b.raise(SyncClock::kThreadKey | 70, 10);
  a.join(b, 0);
  CHECK(a.covers(3, 999, 4)); // block 3, epoch 4 < 5
  CHECK_FALSE(a.covers(3, 999, 5));
  CHECK(a.covers(1, 70, 9)); // thread 70, before its release at epoch 10
  CHECK_FALSE(a.covers(1, 70, 10));
  // Block-scoped entries are invisible to other blocks.
  SyncClock scoped, seen;
  scoped.raise(SyncClock::kThreadKey | 70, 1, /*scope block*/ 1);
  seen.join(scoped, 0);
  CHECK(seen.empty());
  seen.join(scoped, 1);
  CHECK(seen.covers(1, 70, 0));
}

TEST_CASE("races: barrier intervals order threads of one block") {
  Granule c;
  Thread w{0, 1}, r{0, 40};
  CHECK(access(c, w, true).empty());
  // Same barrier interval, another warp: read after write.
  CHECK(access(c, r, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
  // After a barrier (its epoch 2 is above the write's 1): ordered.
  Granule d;
  access(d, w, true);
  r.barrierEpoch = 2;
  r.epoch = 3;
  CHECK(access(d, r, false).empty());
  // Write after read in the same interval.
  Granule e;
  Thread r0{0, 40};
  access(e, r0, false);
  CHECK(access(e, w, true) == std::vector<Hazard>{Hazard::WriteAfterRead});
}

TEST_CASE("races: the same thread, atomics and disjoint bytes never race") {
  Granule c;
  Thread a{0, 1}, b{1, 2};
  access(c, a, true);
  CHECK(access(c, a, false).empty());
  Granule d;
  access(d, a, true, true);
  CHECK(access(d, b, true, true).empty()); // atomic vs atomic
  Thread other{2, 3};
  CHECK(access(d, other, false) == std::vector<Hazard>{Hazard::ReadAfterWrite}); // plain vs atomic
  Granule g;
  accessBytes(g, a, true, 0x3);
  CHECK(accessBytes(g, b, true, 0xc).empty()); // other bytes of the word
}

TEST_CASE("races: exact per byte, whatever the sizes of the accesses") {
  // The detector-precision issue's case: lane 1 writes byte 1, lane 0 then
  // writes byte 0 and byte 1 (one granule, no sync): the byte-1 write races.
  Thread lane0{0, 0}, lane1{0, 1};
  Granule g;
  CHECK(accessBytes(g, lane1, true, 0x2).empty());
  CHECK(accessBytes(g, lane0, true, 0x1).empty());
  CHECK(accessBytes(g, lane0, true, 0x2) == std::vector<Seen>{{Hazard::WriteAfterWrite, 1, 0x2}});
  // Four one-byte writers, then a whole-word read by another thread: four
  // hazards, each with its byte.
  Granule h;
  for (std::uint32_t t = 0; t < 4; ++t)
    accessBytes(h, Thread{0, t}, true, static_cast<std::uint8_t>(1u << t));
  CHECK(accessBytes(h, Thread{0, 40}, false, 0xf) ==
        std::vector<Seen>{{Hazard::ReadAfterWrite, 0, 0x1},
                          {Hazard::ReadAfterWrite, 1, 0x2},
                          {Hazard::ReadAfterWrite, 2, 0x4},
                          {Hazard::ReadAfterWrite, 3, 0x8}});
  // A whole-word write split by a later byte access keeps its history on
  // every byte, and one prior access is one hazard with all its bytes.
  Granule k;
  accessBytes(k, lane0, true, 0xf);
  CHECK(accessBytes(k, lane0, true, 0x1).empty());
  CHECK(accessBytes(k, lane1, false, 0xe) == std::vector<Seen>{{Hazard::ReadAfterWrite, 0, 0xe}});
  CHECK(accessBytes(k, lane1, false, 0x1) == std::vector<Seen>{{Hazard::ReadAfterWrite, 0, 0x1}});
  // A read of other bytes is not cleared by a write of some bytes.
  Granule m;
  accessBytes(m, lane0, false, 0x8);
  CHECK(accessBytes(m, lane1, true, 0x1).empty());
  CHECK(accessBytes(m, Thread{0, 40}, true, 0x8) ==
        std::vector<Seen>{{Hazard::WriteAfterRead, 0, 0x8}});
}

TEST_CASE("races: block-scope atomics are atomic only within their block") {
  using warpsim::model::kAtomic;
  using warpsim::model::kBlockAtomic;
  using warpsim::model::kClusterAtomic;
  CHECK(morallyStrong(kAtomic, kAtomic, false, false));
  CHECK(morallyStrong(kBlockAtomic, kBlockAtomic, true, true));
  CHECK_FALSE(morallyStrong(kBlockAtomic, kBlockAtomic, false, true));
  CHECK_FALSE(morallyStrong(kBlockAtomic, kAtomic, false, false));
  CHECK_FALSE(morallyStrong(kNotAtomic, kAtomic, true, true));
  // Cluster scope: atomic among the blocks of one cluster only.
  CHECK(morallyStrong(kClusterAtomic, kClusterAtomic, false, true));
  CHECK(morallyStrong(kClusterAtomic, kAtomic, false, true));
  CHECK_FALSE(morallyStrong(kClusterAtomic, kClusterAtomic, false, false));
  CHECK_FALSE(morallyStrong(kClusterAtomic, kAtomic, false, false));
  CHECK_FALSE(morallyStrong(kClusterAtomic, kBlockAtomic, false, true));
  CHECK(morallyStrong(kClusterAtomic, kBlockAtomic, true, true));
  auto atomicAccess = [](Granule &c, const Thread &t, std::uint8_t kind) {
    std::vector<Hazard> out;
    raceAccess(c.c, c.page, accessor(t), true, kind, 1,
               [&](Hazard h, const AccessRecord &) { out.push_back(h); });
    return out;
  };
  // Thread 1 of block 0 and thread 2 of block 1 (64 threads per block).
  Thread a{0, 1}, sameBlock{0, 2}, otherBlock{1, 2};
  Granule c;
  CHECK(atomicAccess(c, a, kBlockAtomic).empty());
  CHECK(atomicAccess(c, sameBlock, kBlockAtomic).empty());
  CHECK(atomicAccess(c, otherBlock, kBlockAtomic) == std::vector<Hazard>{Hazard::WriteAfterWrite});
  Granule d;
  atomicAccess(d, a, kBlockAtomic);
  CHECK(atomicAccess(d, otherBlock, kAtomic) == std::vector<Hazard>{Hazard::WriteAfterWrite});
}

TEST_CASE("races: cluster-scope atomics are atomic only within their cluster") {
  // 4 blocks of 64 threads in clusters of 2: blocks 0, 1 and 2, 3.
  auto clusterAccess = [](Granule &c, const Thread &t, std::uint8_t kind) {
    Accessor a = accessor(t);
    a.clusters = ClusterShape{Dim3{4, 1, 1}, Dim3{2, 1, 1}};
    std::vector<Hazard> out;
    raceAccess(c.c, c.page, a, true, kind, 1,
               [&](Hazard h, const AccessRecord &) { out.push_back(h); });
    return out;
  };
  CHECK(ClusterShape{Dim3{4, 1, 1}, Dim3{2, 1, 1}}.clusterOfLinear(3) == 1);
  CHECK(ClusterShape{Dim3{4, 1, 1}, Dim3{1, 1, 1}}.clusterOfLinear(3) == 3);
  Granule c;
  CHECK(clusterAccess(c, Thread{0, 1}, kClusterAtomic).empty());
  CHECK(clusterAccess(c, Thread{1, 5}, kClusterAtomic).empty()); // same cluster
  CHECK(clusterAccess(c, Thread{2, 5}, kClusterAtomic) ==
        std::vector<Hazard>{Hazard::WriteAfterWrite}); // the other cluster
  Granule d;
  clusterAccess(d, Thread{2, 1}, kAtomic);
  CHECK(clusterAccess(d, Thread{3, 1}, kClusterAtomic).empty());
  CHECK(clusterAccess(d, Thread{0, 1}, kClusterAtomic) ==
        std::vector<Hazard>{Hazard::WriteAfterWrite});
}

TEST_CASE("races: lanes of one warp race under ITS unless __syncwarp orders them") {
  Thread w{0, 1}, r{0, 2};
  w.epoch = 1;
  r.epoch = 2;
  Granule c;
  access(c, w, true);
  CHECK(access(c, r, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
  Granule d; // warp-synchronous model: a later instruction sees the earlier one
  access(d, w, true, false, true);
  CHECK(access(d, r, false, false, true).empty());
  // ITS with a __syncwarp (epoch 2) between: reader's row says lane 1
  // synchronised with it at epoch 2 > 1.
  std::uint32_t row[32] = {};
  row[1] = 2;
  Granule e;
  access(e, w, true);
  r.epoch = 3;
  r.warpSync = row;
  CHECK(access(e, r, false).empty());
}

TEST_CASE("races: across blocks only release/acquire orders") {
  Thread producer{1, 0}, consumer{0, 0};
  Granule c;
  access(c, producer, true);
  CHECK(access(c, consumer, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
  // The consumer acquired the producer's release at epoch 2.
  Granule d;
  access(d, producer, true);
  consumer.clock.raise(SyncClock::kThreadKey | 64, 2);
  CHECK(access(d, consumer, false).empty());
  // A write after that release is not covered.
  Granule e;
  producer.epoch = 2;
  access(e, producer, true);
  CHECK(access(e, consumer, false) == std::vector<Hazard>{Hazard::ReadAfterWrite});
}

TEST_CASE("races: a launch boundary orders everything (the page's generation)") {
  ShadowMemory<RaceCell, 2, RacePage> shadow;
  const std::uintptr_t addr = 0x7f0000002000;
  Thread a{0, 1}, b{1, 1};
  auto at = [&](std::uint32_t gen, const Thread &t, bool write) {
    auto &page = shadow.page(addr, gen);
    return access(page.cell(addr), page.data, t, write);
  };
  at(1, a, true);
  CHECK(at(1, b, false).size() == 1);
  CHECK(at(2, b, false).empty());
}

TEST_CASE("shadow memory: a generation reset clears the cells handed out since the last one") {
  ShadowMemory<std::uint32_t, 2> s;
  const std::uintptr_t base = 0x7f0000010000;
  s.page(base + 8, 1).cell(base + 8) = 1;
  s.page(base + 0xfff0, 1).cell(base + 0xfff0) = 2;
  CHECK(s.page(base + 0x100, 1).cell(base + 0x100) == 0);
  CHECK(*s.find(base + 8) == 1); // same generation: kept
  CHECK(*s.find(base + 0xfff0) == 2);
  CHECK(s.page(base + 0x100, 2).cell(base + 0x100) == 0);
  CHECK(*s.find(base + 8) == 0); // both ends of the touched range are cleared
  CHECK(*s.find(base + 0xfff0) == 0);
  s.page(base + 4, 2).cell(base + 4) = 3;
  CHECK(s.page(base + 0xfff0, 2).cell(base + 0xfff0) == 0);
  CHECK(*s.find(base + 4) == 3);
  s.page(base + 0x8000, 3);
  CHECK(*s.find(base + 4) == 0);
}

TEST_CASE("shadow memory: pages far apart are distinct and each visited once") {
  ShadowMemory<std::uint32_t, 2> s;
  // Two pages in one 1 GiB middle node, one in another node, one past 48
  // bits of address (a table over 48 bits would alias it with the first).
  const std::uintptr_t a = 0x7f0000000000, b = a + 0x10000, c = a + (std::uintptr_t{1} << 31),
                       d = a + (std::uintptr_t{1} << 48);
  s.at(a) = 1;
  s.at(b) = 2;
  s.at(c) = 3;
  s.at(d) = 4;
  CHECK(s.at(a) == 1);
  CHECK(s.at(b) == 2);
  CHECK(s.at(c) == 3);
  CHECK(s.at(d) == 4);
  CHECK(s.pages() == 4);
  std::uint32_t sum = 0;
  int visited = 0;
  s.forEachPage([&](const auto &page) {
    ++visited;
    for (std::uint32_t v : page.cells)
      sum += v;
  });
  CHECK(visited == 4);
  CHECK(sum == 10);
  CHECK(s.tableBytes() > 0);
  CHECK(s.find(a + (std::uintptr_t{1} << 40)) == nullptr); // never touched
  s.clear();
  CHECK(s.pages() == 0);
  CHECK(s.find(a) == nullptr);
}
