// Unit tests of the livelock evidence of reads (ReadRecurrence.h, issue 27
// item 6): a spin's reads come back, a finite loop's reads walk on.
#include <doctest/doctest.h>

#include "ReadRecurrence.h"

using namespace warpsim::sim;

TEST_CASE("read recurrence: a spin re-reads its flags, a walk reads new addresses") {
  ReadTrace spin, walk;
  std::uint64_t since = 1000;
  // Both make their first pass: nothing judged yet.
  for (std::uint32_t i = 0; i < kSpinPassReads; ++i, ++since) {
    CHECK_FALSE(readWalks(spin, 1, since, 0x40, 0x1000 + 4 * (i % 4)));
    CHECK_FALSE(readWalks(walk, 1, since, 0x80, 0x2000 + 4 * i));
  }
  // The spin polls the same four flags for ever; the walk's next read is new.
  for (int i = 0; i < 1000; ++i, ++since)
    CHECK_FALSE(readWalks(spin, 1, since, 0x40, 0x1000 + 4 * (i % 4)));
  CHECK(readWalks(walk, 1, since, 0x80, 0x2000 + 4 * kSpinPassReads));
  // The same address read by another instruction is no read of the pass.
  CHECK(readWalks(spin, 1, since, 0x44, 0x1000));
}

TEST_CASE("read recurrence: a walk starts its pass over; a new window forgets") {
  ReadTrace t;
  std::uint64_t since = 10;
  for (std::uint32_t i = 0; i <= kSpinPassReads; ++i)
    readWalks(t, 1, since++, 0x40, 0x1000 + 4 * i);
  // It walked at its last read: the next reads are a new first pass.
  for (std::uint32_t i = 0; i < kSpinPassReads; ++i)
    CHECK_FALSE(readWalks(t, 1, since++, 0x40, 0x9000 + 4 * i));
  CHECK_FALSE(readWalks(t, 1, since++, 0x40, 0x9000));
  // Another window (progress in between): what was read before is forgotten,
  // so the first pass is taken again before anything is judged.
  for (std::uint32_t i = 0; i < kSpinPassReads; ++i)
    CHECK_FALSE(readWalks(t, 2, since++, 0x40, 0x5000 + 4 * i));
  CHECK(readWalks(t, 2, since++, 0x40, 0x9000));
  for (std::uint32_t i = 0; i < kSpinPassReads; ++i)
    CHECK_FALSE(readWalks(t, 2, since++, 0x40, 0x5000 + 4 * i));
  // The count fell (progress the window id did not show): forgotten too, so
  // a read outside the pass above is a first pass's, not a walk.
  CHECK_FALSE(readWalks(t, 2, 5, 0x40, 0x7000));
}

TEST_CASE("read recurrence: the window is the last half of the limit, in the count's units") {
  Options o;
  o.spin_limit = 20000;
  CHECK(livelockLimit(o) == 20000);
  CHECK(readWindowFrom(livelockLimit(o)) == 10000);
  o.schedule = Schedule::Fast;
  o.fast_quantum = 1024;
  CHECK(livelockLimit(o) == 20000 / 1024 + 1);
  CHECK(readWindowFrom(21) == 11);
  CHECK(readWindowFrom(1) == 1);
}
