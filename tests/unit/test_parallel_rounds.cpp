// Unit tests of the parts of --jobs that are plain components: which block
// may touch which global bytes in a parallel phase (GranuleOwners), and the
// host threads that run jobs (HostWorkers), and how many by default.
#include <doctest/doctest.h>

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "DefaultJobs.h"
#include "GranuleOwners.h"
#include "HostWorkers.h"

using namespace warpsim::sim;

TEST_CASE("granule owners: a launch starts with every byte shared") {
  GranuleOwners o;
  o.beginLaunch();
  CHECK(o.mayRead(0x10000, 4, 1));
  CHECK(o.mayRead(0x10000, 64, 7));
  CHECK_FALSE(o.mayWrite(0x10000, 4, 1)); // a write needs the serial phase
}

TEST_CASE("granule owners: a serial write makes the writer the owner, of its 1 KiB chunk") {
  GranuleOwners o;
  o.beginLaunch();
  o.write(0x20000, 4, 3);
  CHECK(o.mayWrite(0x20000, 4, 3));
  CHECK(o.mayRead(0x20000, 4, 3));
  CHECK_FALSE(o.mayRead(0x20000, 4, 4)); // another block waits
  CHECK_FALSE(o.mayWrite(0x20000, 4, 4));
  // The rest of the chunk was untouched: claimed with it.
  CHECK(o.mayWrite(0x20000 + 1020, 4, 3));
  CHECK_FALSE(o.mayRead(0x20000 + 1020, 4, 4));
  // The next chunk is not.
  CHECK_FALSE(o.mayWrite(0x20000 + 1024, 4, 3));
  CHECK(o.mayRead(0x20000 + 1024, 4, 4));
  // An access spanning an owned and a shared granule is judged by both.
  CHECK_FALSE(o.mayWrite(0x20000 + 1020, 8, 3));
  CHECK(o.mayRead(0x20000 + 1020, 8, 3));
}

TEST_CASE("granule owners: a claim never takes bytes another block touched") {
  GranuleOwners o;
  o.beginLaunch();
  o.write(0x30010, 4, 5); // block 5 claims the chunk 0x30000..0x303ff
  o.write(0x30020, 4, 6); // block 6 takes one granule of it
  CHECK(o.mayWrite(0x30020, 4, 6));
  CHECK_FALSE(o.mayWrite(0x30020, 4, 5));
  CHECK(o.mayWrite(0x30010, 4, 5));
  CHECK(o.mayWrite(0x30100, 4, 5)); // still block 5's claim
}

TEST_CASE("granule owners: a serial read of another block's bytes makes them shared") {
  GranuleOwners o;
  o.beginLaunch();
  o.write(0x40000, 4, 2);
  o.read(0x40000, 4, 9);
  CHECK(o.mayRead(0x40000, 4, 9));
  CHECK(o.mayRead(0x40000, 4, 2));
  CHECK_FALSE(o.mayWrite(0x40000, 4, 2)); // the owner must come back through a serial phase
  // A read by the owner itself changes nothing.
  o.write(0x40100, 4, 2);
  o.read(0x40100, 4, 2);
  CHECK(o.mayWrite(0x40100, 4, 2));
}

TEST_CASE("granule owners: a new launch forgets every owner, also after 255 launches") {
  GranuleOwners o;
  o.beginLaunch();
  o.write(0x50000, 4, 1);
  for (int i = 0; i < 300; ++i) {
    o.beginLaunch();
    CHECK(o.mayRead(0x50000, 4, 2));
    CHECK_FALSE(o.mayWrite(0x50000, 4, 1));
    o.write(0x50000, 4, 1);
    CHECK(o.mayWrite(0x50000, 4, 1));
  }
}

TEST_CASE("host workers: forEach runs once on every worker; on runs on the one named") {
  for (unsigned n : {1u, 2u, 4u, 7u}) {
    std::atomic<int> inits{0};
    HostWorkers w(n, [&] { ++inits; });
    CHECK(w.size() == n);
    for (int round = 0; round < 50; ++round) {
      std::vector<std::thread::id> ids(n);
      std::vector<int> ran(n, 0);
      w.forEach([&](unsigned k) {
        ids[k] = std::this_thread::get_id();
        ++ran[k];
      });
      for (unsigned k = 0; k < n; ++k)
        CHECK(ran[k] == 1);
      CHECK(ids[0] == std::this_thread::get_id());
      for (unsigned k = 0; k < n; ++k) {
        std::thread::id where;
        w.on(k, [&](unsigned) { where = std::this_thread::get_id(); });
        CHECK(where == ids[k]); // a worker is one thread for its whole life
      }
    }
    CHECK(inits.load() == static_cast<int>(n) - 1);
  }
}

TEST_CASE("default jobs: the cores other work leaves idle, at least one") {
  CHECK(defaultJobs(16, 1.0) == 16); // only this process runs
  CHECK(defaultJobs(16, 0.2) == 16); // an idle machine
  CHECK(defaultJobs(2, 1.1) == 2);   // CI's two cores, idle but for us
  CHECK(defaultJobs(16, 4.6) == 12); // about 3.6 cores busy elsewhere
  CHECK(defaultJobs(2, 3.0) == 1);   // a build on both cores: one thread
  CHECK(defaultJobs(2, 17.0) == 1);  // far busier than its cores
  CHECK(defaultJobs(0, 0.0) == 1);   // no affinity information
  char why[96];
  CHECK(defaultJobsNow(why, sizeof why) >= 1);
  CHECK(std::string(why).find("core") != std::string::npos);
}
