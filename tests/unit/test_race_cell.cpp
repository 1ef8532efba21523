// Unit tests of the race shadow's storage (model/RaceShadow.h): the 16-byte
// cell, its side entries (a second reader, values too wide to pack), and
// that the packed cell remembers exactly what the unpacked history does.
#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

#include "warpsim/model/RaceShadow.h"

using namespace warpsim::model;

namespace {

constexpr std::uint32_t kTpb = 64;

Accessor accessor(std::uint32_t thread, std::uint32_t epoch, std::uint32_t barrierEpoch = 0) {
  Accessor a{};
  a.thread = thread;
  a.block = thread / kTpb;
  a.epoch = epoch;
  a.barrierEpoch = barrierEpoch;
  a.threadsPerBlock = kTpb;
  a.warpSize = 32;
  return a;
}

struct Hit {
  Hazard h;
  AccessRecord prior;
  bool operator==(const Hit &o) const {
    return h == o.h && prior.thread == o.prior.thread && prior.epoch == o.prior.epoch &&
           prior.site == o.prior.site && prior.atomic == o.prior.atomic;
  }
};

struct Granule {
  RaceCell c{};
  RacePage page;

  std::vector<Hit> access(const Accessor &a, bool write, std::uint16_t site = 1,
                          std::uint8_t atomic = kNotAtomic) {
    std::vector<Hit> out;
    raceAccess(c, page, a, write, atomic, site,
               [&](Hazard h, const AccessRecord &prior) { out.push_back({h, prior}); });
    return out;
  }
};

bool sameHistory(const RaceHistory &x, const RaceHistory &y) {
  for (int s = 0; s <= RaceHistory::kReads; ++s) {
    if (x.slot[s].empty() != y.slot[s].empty())
      return false;
    if (!x.slot[s].empty() && !(Hit{Hazard::None, x.slot[s]} == Hit{Hazard::None, y.slot[s]}))
      return false;
  }
  return true;
}

} // namespace

TEST_CASE("race cell: a record packs into 64 bits and back, at the widest values that fit") {
  const AccessRecord widest{PackedRecord::kMaxThread, PackedRecord::kMaxEpoch, 0xffff,
                            kClusterAtomic};
  CHECK(PackedRecord::fits(widest));
  const std::uint64_t w = PackedRecord::pack(widest, widest.atomic);
  CHECK((w & 3) == kClusterAtomic);
  const AccessRecord back = PackedRecord::unpack(w, static_cast<std::uint8_t>(w & 3));
  CHECK(back.thread == widest.thread);
  CHECK(back.epoch == widest.epoch);
  CHECK(back.site == widest.site);
  CHECK(back.atomic == widest.atomic);
  // One past either limit does not fit; an empty record always does.
  CHECK_FALSE(PackedRecord::fits({PackedRecord::kMaxThread + 1, 1, 0, 0}));
  CHECK_FALSE(PackedRecord::fits({0, PackedRecord::kMaxEpoch + 1, 0, 0}));
  CHECK(PackedRecord::fits({0xffffffffu, 0, 0, 0}));
  CHECK(PackedRecord::unpack(PackedRecord::pack({}, 0), 0).empty());
}

TEST_CASE("race cell: one reader stays in the cell, a second unordered one takes a side entry") {
  Granule g;
  const Accessor w = accessor(1, 1), r1 = accessor(70, 1), r2 = accessor(140, 1);
  CHECK(g.access(w, true).size() == 0);
  CHECK(g.access(r1, false, 2) == std::vector<Hit>{{Hazard::ReadAfterWrite, {1, 1, 1, 0}}});
  CHECK(g.c.form() == RaceCell::kInline);
  // The same reader again: still one reader, no side entry.
  g.access(r1, false, 3);
  CHECK(g.c.form() == RaceCell::kInline);
  CHECK(g.page.reads.empty());
  // Another unordered reader: both are kept, in the page's side table.
  g.access(r2, false, 4);
  CHECK(g.c.form() == RaceCell::kTwoReads);
  CHECK(g.page.reads.size() == 2);
  // A write by a fourth thread races with the write and with both reads,
  // each with its own thread, epoch and site.
  const Accessor w2 = accessor(200, 5);
  CHECK(g.access(w2, true, 9) == std::vector<Hit>{{Hazard::WriteAfterWrite, {1, 1, 1, 0}},
                                                  {Hazard::WriteAfterRead, {70, 1, 3, 0}},
                                                  {Hazard::WriteAfterRead, {140, 1, 4, 0}}});
  // The cell keeps its side entry: two readers again take no new one.
  g.access(r1, false);
  g.access(r2, false);
  CHECK(g.c.form() == RaceCell::kTwoReads);
  CHECK(g.page.reads.size() == 2);
  CHECK(g.page.wide.empty());
}

TEST_CASE("race cell: a thread id too wide to pack keeps its history exact") {
  // Global thread 2^24 (block 2^18 of 64 threads) writes, a thread of
  // another block reads: the hazard names the writer exactly.
  const std::uint32_t big = PackedRecord::kMaxThread + 1;
  Granule g;
  CHECK(g.access(accessor(big, 3), true, 7).empty());
  CHECK(g.c.form() == RaceCell::kWide);
  CHECK(g.page.wide.size() == 1);
  CHECK(g.access(accessor(5, 1), false) ==
        std::vector<Hit>{{Hazard::ReadAfterWrite, {big, 3, 7, 0}}});
  // Its own later read is program-ordered: no hazard (a truncated id,
  // thread 0, would look like another thread).
  CHECK(g.access(accessor(big, 4), false).empty());
  CHECK(g.page.wide.size() == 1); // the wide entry is reused
  // The twin at the limit stays in the 16-byte cell.
  Granule h;
  h.access(accessor(PackedRecord::kMaxThread, 3), true, 7);
  CHECK(h.c.form() == RaceCell::kInline);
  CHECK(h.page.wide.empty());
  CHECK(h.access(accessor(5, 1), false) ==
        std::vector<Hit>{{Hazard::ReadAfterWrite, {PackedRecord::kMaxThread, 3, 7, 0}}});
}

TEST_CASE("race cell: an epoch too wide to pack keeps barrier ordering exact") {
  const std::uint32_t big = PackedRecord::kMaxEpoch + 1;
  // Thread 1 writes at epoch 2^22; thread 40 of the same block reads after a
  // barrier at epoch 2^22 (not above the write): they race. Truncated to 22
  // bits the write's epoch would be 0, an empty record: a missed race.
  Granule g;
  g.access(accessor(1, big), true);
  CHECK(g.c.form() == RaceCell::kWide);
  CHECK(g.access(accessor(40, big, big), false) ==
        std::vector<Hit>{{Hazard::ReadAfterWrite, {1, big, 1, 0}}});
  // After a barrier above it: ordered.
  Granule h;
  h.access(accessor(1, big), true);
  CHECK(h.access(accessor(40, big + 1, big + 1), false).empty());
  // The twin at the limit: packed, and the same answers.
  const std::uint32_t top = PackedRecord::kMaxEpoch;
  Granule k;
  k.access(accessor(1, top), true);
  CHECK(k.c.form() == RaceCell::kInline);
  CHECK(k.access(accessor(40, top, top), false) ==
        std::vector<Hit>{{Hazard::ReadAfterWrite, {1, top, 1, 0}}});
  Granule m;
  m.access(accessor(1, top), true);
  CHECK(k.page.wide.empty());
  CHECK(m.access(accessor(40, top + 1, top + 1), false).empty());
}

TEST_CASE("race cell: the packed cell remembers exactly what the unpacked history does") {
  // Random accesses to one granule (small and too-wide thread ids and
  // epochs, reads, writes, atomics, barriers), each applied to a packed cell
  // and to a plain history: the same hazards, the same history after every
  // step.
  std::uint64_t state = 0x9e3779b97f4a7c15ull;
  auto next = [&](std::uint32_t n) {
    state = state * 6364136223846793005ull + 1442695040888963407ull;
    return static_cast<std::uint32_t>((state >> 33) % n);
  };
  const std::uint32_t threads[] = {
      0, 1, 33, 64, 65, 130, PackedRecord::kMaxThread, PackedRecord::kMaxThread + 1};
  int wideSeen = 0, twoReadsSeen = 0;
  for (int round = 0; round < 200; ++round) {
    Granule g;
    RaceHistory ref{};
    std::uint32_t epochBase = next(4) == 0 ? PackedRecord::kMaxEpoch - 8 : 0;
    for (int step = 0; step < 24; ++step) {
      const std::uint32_t thread = threads[next(8)];
      const std::uint32_t epoch = epochBase + 1 + next(6);
      const std::uint32_t barrier = next(3) == 0 ? epochBase + next(5) : 0;
      const bool write = next(3) == 0;
      const std::uint8_t atomic = write && next(4) == 0 ? kAtomic : kNotAtomic;
      const auto site = static_cast<std::uint16_t>(1 + next(0xfffe));
      const Accessor a = accessor(thread, epoch, barrier);
      std::vector<Hit> expected;
      raceAccess(ref, a, write, atomic, site,
                 [&](Hazard h, const AccessRecord &prior) { expected.push_back({h, prior}); });
      REQUIRE(g.access(a, write, site, atomic) == expected);
      REQUIRE(sameHistory(loadHistory(g.c, g.page), ref));
      wideSeen += g.c.form() == RaceCell::kWide;
      twoReadsSeen += g.c.form() == RaceCell::kTwoReads;
    }
  }
  // The rounds went through every form.
  CHECK(wideSeen > 0);
  CHECK(twoReadsSeen > 0);
}

TEST_CASE("race cell: splitting a granule gives every byte the history and its own entries") {
  Granule g;
  g.access(accessor(1, 1), false);
  g.access(accessor(70, 1), false); // two readers: a side entry
  CHECK(g.c.form() == RaceCell::kTwoReads);
  std::vector<std::pair<Hazard, std::uint8_t>> seen;
  raceAccessGranule(
      g.c, g.page, 0x1, accessor(140, 1), true, kNotAtomic, 5,
      [&](Hazard h, const AccessRecord &, std::uint8_t bytes) { seen.push_back({h, bytes}); });
  CHECK(g.c.form() == RaceCell::kSplit);
  CHECK(seen.size() == 2); // the write of byte 0 races with both readers
  // Byte 1 kept both readers (its own side entry, not byte 0's, which the
  // write cleared).
  RaceHistory b1 = loadHistory(g.page.bytes[g.c.index() + 1], g.page);
  CHECK(b1.slot[1].thread == 1);
  CHECK(b1.slot[2].thread == 70);
  RaceHistory b0 = loadHistory(g.page.bytes[g.c.index()], g.page);
  CHECK(b0.slot[0].thread == 140);
  CHECK(b0.slot[1].empty());
  CHECK(b0.slot[2].empty());
}
