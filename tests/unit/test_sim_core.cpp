// Unit tests of sim/ components that stand alone: stacks, memory map, options.
#include <doctest/doctest.h>

#include "MemoryMap.h"
#include "Options.h"
#include "StackPool.h"

#include <sys/wait.h>
#include <unistd.h>

#include <csignal>
#include <fstream>
#include <string>
#include <vector>

using namespace warpsim::sim;

namespace {
std::size_t mappingCount() {
  std::ifstream maps("/proc/self/maps");
  std::size_t n = 0;
  for (std::string line; std::getline(maps, line);)
    ++n;
  return n;
}

// Whether writing at `a` kills a forked child with SIGSEGV.
bool faults(std::uintptr_t a) {
  const pid_t child = fork();
  if (child == 0) {
    *reinterpret_cast<volatile char *>(a) = 1;
    _exit(0);
  }
  int status = 0;
  waitpid(child, &status, 0);
  return WIFSIGNALED(status) && WTERMSIG(status) == SIGSEGV;
}
} // namespace

TEST_CASE("stack pool: usable stacks above guard pages, reused after release") {
  StackPool pool;
  pool.init(64 * 1024, 8);
  auto a = pool.acquire();
  auto b = pool.acquire();
  CHECK(a != b);
  CHECK(pool.hi(a) - pool.lo(a) >= 64 * 1024);
  // The usable range is writable; the page below it is the guard.
  *reinterpret_cast<volatile char *>(pool.lo(a)) = 1;
  *reinterpret_cast<volatile char *>(pool.hi(a) - 1) = 1;
  CHECK(pool.inGuard(pool.lo(a) - 1));
  CHECK_FALSE(pool.inGuard(pool.lo(a)));
  CHECK(pool.indexOf(pool.lo(b) + 100) == b);
  pool.release(a);
  CHECK(pool.acquire() == a);
}

TEST_CASE("stack pool: a whole GPU's threads without a mapping per stack") {
  // sm_90's 132 SMs x 2048 threads, as a cooperative grid may have resident.
  StackPool pool;
  pool.init(64 * 1024, 132 * 2048);
  if (!pool.guardMarkers()) {
    MESSAGE("this kernel has no MADV_GUARD_INSTALL (Linux 6.13+): stacks are mprotect'ed");
    return;
  }
  const std::size_t before = mappingCount();
  // More stacks than vm.max_map_count's default (65530) allows two mappings each.
  std::vector<std::uint32_t> got;
  for (int i = 0; i < 40000; ++i)
    got.push_back(pool.acquire());
  CHECK(pool.committed() == 40000);
  CHECK(mappingCount() < before + 16);
  // Every guard still faults, every stack is writable (first, middle, last).
  for (std::uint32_t i : {got.front(), got[20000], got.back()}) {
    *reinterpret_cast<volatile char *>(pool.lo(i)) = 1;
    *reinterpret_cast<volatile char *>(pool.hi(i) - 1) = 1;
    CHECK(faults(pool.lo(i) - 1));
    CHECK_FALSE(faults(pool.lo(i)));
  }
  for (std::uint32_t i : got)
    pool.release(i);
  // Trimmed stacks give their memory back (zeros again) and keep their guards.
  *reinterpret_cast<volatile char *>(pool.lo(got.back())) = 7;
  pool.trim(16);
  CHECK(*reinterpret_cast<volatile char *>(pool.lo(got.back())) == 0);
  CHECK(faults(pool.lo(got.back()) - 1));
  CHECK(pool.acquire() == got.back()); // still usable
}

TEST_CASE("memory map: allocations, classification, symbols") {
  MemoryMap m;
  m.init(4);
  void *p = m.allocate(1000, warpsim::MemorySpace::Global);
  void *q = m.allocate(24, warpsim::MemorySpace::Managed);
  REQUIRE(p != nullptr);
  REQUIRE(q != nullptr);
  auto pa = reinterpret_cast<std::uintptr_t>(p);
  auto qa = reinterpret_cast<std::uintptr_t>(q);
  CHECK(pa % 256 == 0);
  CHECK(qa % 256 == 0);
  CHECK(qa >= pa + 1000 + MemoryMap::kRedzone);
  CHECK(m.inGlobalRegion(pa));
  CHECK(m.inGlobalRegion(pa + 1000 + 8)); // redzone is mapped
  CHECK(m.findAllocation(pa + 999)->base == pa);
  CHECK(m.findAllocation(qa + 3)->space == warpsim::MemorySpace::Managed);
  CHECK(m.isDeviceRange(pa, 1000));
  CHECK_FALSE(m.isDeviceRange(pa, 1001));
  CHECK_FALSE(m.isDeviceRange(pa + 999, 2));
  CHECK(m.bytesInUse() == 1024);
  const Allocation *freed = m.release(p);
  REQUIRE(freed != nullptr);
  CHECK(freed->freed);
  CHECK(m.release(p) == nullptr); // double free
  CHECK_FALSE(m.isDeviceRange(pa, 4));

  int sym[4] = {1, 2, 3, 4};
  m.registerSymbol(Symbol{reinterpret_cast<std::uintptr_t>(sym), sizeof sym, "sym",
                          warpsim::MemorySpace::Constant, "f.cu", 3});
  CHECK(m.symbolAt(reinterpret_cast<std::uintptr_t>(sym))->name == "sym");
  CHECK(m.findSymbol(reinterpret_cast<std::uintptr_t>(&sym[3]))->space ==
        warpsim::MemorySpace::Constant);
  CHECK(m.findSymbol(reinterpret_cast<std::uintptr_t>(&sym[3]) + 4) == nullptr);

  m.prepareSharedWindow(1, 100, 0xab);
  auto w = m.sharedWindow(1);
  CHECK(m.inSharedRegion(w + 50));
  CHECK(m.sharedSlotOf(w + 50) == 1);
  CHECK(*reinterpret_cast<unsigned char *>(w + 99) == 0xab);
  CHECK(m.inParam(m.paramBase()));
}

TEST_CASE("runtime options parse and reject bad values") {
  Options o;
  std::string err;
  CHECK(parseOptions("arch=cdna3 warp_size=64 schedule=random seed=7 spin_limit=5", o, err));
  CHECK(o.arch == "cdna3");
  CHECK(o.warp_size == 64);
  CHECK(o.schedule == Schedule::Random);
  CHECK(o.seed == 7);
  CHECK(o.spin_limit == 5);
  Options bad;
  CHECK_FALSE(parseOptions("warp_size=48", bad, err));
  CHECK(err.find("warp_size") != std::string::npos);
  CHECK_FALSE(parseOptions("colour=blue", bad, err));
  CHECK_FALSE(parseOptions("schedule=eager", bad, err));
}
