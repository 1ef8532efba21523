// Unit tests of model/LockHandOver.h: which hand-overs of a spin lock order
// two critical sections, and which accesses the other order makes meet.
#include <doctest/doctest.h>

#include <tuple>
#include <vector>

#include "warpsim/model/LockHandOver.h"

using namespace warpsim::model;

namespace {

// A section of thread `thread` in block `block` that took the lock at
// epoch 10 and gave it back at epoch 20.
CriticalSection section(std::uint32_t thread, std::uint32_t block) {
  CriticalSection c;
  c.thread = thread;
  c.block = block;
  c.cluster = block;
  c.acquired = 10;
  c.released = 20;
  return c;
}

SectionAccess access(std::uintptr_t addr, std::uint32_t epoch, bool write, std::uint32_t size = 4) {
  SectionAccess a;
  a.addr = addr;
  a.size = size;
  a.epoch = epoch;
  a.write = write;
  return a;
}

using Pairs = std::vector<std::tuple<Hazard, std::size_t, std::size_t, std::uint32_t>>;

Pairs conflicts(const CriticalSection &first, const CriticalSection &second) {
  Pairs p;
  sectionConflicts(first, second, [&](Hazard h, std::size_t i, std::size_t j, std::uint32_t n) {
    p.emplace_back(h, i, j, n);
  });
  return p;
}

} // namespace

TEST_CASE("a hand-over orders two sections only with a fence on each side") {
  CriticalSection from = section(0, 0), to = section(128, 1);
  CHECK_FALSE(handOverOrders(from, 12, to, 14)); // no fence at all
  from.fence(15, FenceReach::Device);            // after the access at 12: releases it
  CHECK_FALSE(handOverOrders(from, 12, to, 14)); // still no acquire side
  to.fence(11, FenceReach::Device);              // before the access at 14: acquires
  CHECK(handOverOrders(from, 12, to, 14));
  CHECK_FALSE(handOverOrders(from, 16, to, 14)); // an access after the release fence
  CHECK_FALSE(handOverOrders(from, 12, to, 11)); // an access before the acquire fence
}

TEST_CASE("a block-scope fence orders a hand-over only within its block") {
  CriticalSection from = section(0, 0), to = section(128, 1);
  from.fence(15, FenceReach::Block);
  to.fence(11, FenceReach::Block);
  CHECK_FALSE(handOverOrders(from, 12, to, 14));
  CriticalSection mate = section(64, 0); // another warp of block 0
  mate.fence(11, FenceReach::Block);
  CHECK(handOverOrders(from, 12, mate, 14));
}

TEST_CASE("release and acquire orders on the lock's atomics need no fence") {
  CriticalSection from = section(0, 0), to = section(128, 1);
  from.releaseOrder = true;
  to.acquireOrder = true;
  CHECK(handOverOrders(from, 12, to, 14));
  to.lockDevice = false; // a block-scope lock across blocks orders nothing
  CHECK_FALSE(handOverOrders(from, 12, to, 14));
}

TEST_CASE("the other order meets accesses as the race shadow would") {
  // first: read x, write x; second: read x, write x (the sections).
  CriticalSection first = section(128, 1), second = section(0, 0);
  first.access(access(0x100, 12, false));
  first.access(access(0x100, 13, true));
  second.access(access(0x100, 12, false));
  second.access(access(0x100, 13, true));
  const Pairs p = conflicts(first, second);
  // second's read after first's write (RAW); second's write after first's
  // write (WAW). First's read was hidden by its own write.
  REQUIRE(p.size() == 2);
  CHECK(p[0] == std::make_tuple(Hazard::ReadAfterWrite, std::size_t{0}, std::size_t{1}, 4u));
  CHECK(p[1] == std::make_tuple(Hazard::WriteAfterWrite, std::size_t{1}, std::size_t{1}, 4u));
}

TEST_CASE("a write of the second section hides the first's history from its later accesses") {
  CriticalSection first = section(128, 1), second = section(0, 0);
  first.access(access(0x200, 12, true));
  second.access(access(0x200, 12, true));  // WAW with first's write
  second.access(access(0x200, 13, false)); // reads its own write: nothing
  const Pairs p = conflicts(first, second);
  REQUIRE(p.size() == 1);
  CHECK(std::get<0>(p[0]) == Hazard::WriteAfterWrite);
}

TEST_CASE("a read of the first section meets a later write of the second (WAR), by bytes") {
  CriticalSection first = section(128, 1), second = section(0, 0);
  first.access(access(0x300, 12, false, 8));
  second.access(access(0x304, 12, true, 2)); // two of the bytes read
  const Pairs p = conflicts(first, second);
  REQUIRE(p.size() == 1);
  CHECK(p[0] == std::make_tuple(Hazard::WriteAfterRead, std::size_t{0}, std::size_t{0}, 2u));
  CriticalSection apart = section(0, 0);
  apart.access(access(0x308, 12, true)); // next to, not on, the bytes read
  CHECK(conflicts(first, apart).empty());
}

TEST_CASE("a section keeps its first accesses and says it dropped the rest") {
  CriticalSection c = section(0, 0);
  for (std::size_t k = 0; k < CriticalSection::kMaxAccesses + 3; ++k)
    c.access(access(0x1000 + 4 * k, 11, true));
  CHECK(c.accesses.size() == CriticalSection::kMaxAccesses);
  CHECK(c.overflow);
}
