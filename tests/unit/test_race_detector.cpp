// The race detector driven by synthetic events, as the engine would send
// them, through a test's own ObserverContext: no runtime, no program. Each
// race has a clean twin that stays silent.
#include <doctest/doctest.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <string>
#include <unistd.h>
#include <vector>

#include "ObserverContext.h"
#include "RaceDetector.h"

using namespace warpsim::sim;
using warpsim::KernelSite;
using warpsim::MemorySpace;
using warpsim::SharedVar;

namespace {

class TestContext final : public ObserverContext {
public:
  TestContext() {
    opts.resident_blocks = 1;
    mem.init(1);
    mem.prepareSharedWindow(0, 4096, 0);
    char name[] = "/tmp/warpsim_race_unitXXXXXX";
    const int fd = mkstemp(name);
    REQUIRE(fd >= 0);
    close(fd);
    path = name;
    sink.open(path.c_str());
  }
  ~TestContext() { std::remove(path.c_str()); }

  const Options &options() const override { return opts; }
  const warpsim::model::ArchSpec &arch() const override { return spec; }
  FindingSink &findings() override { return sink; }
  const MemoryMap &memory() const override { return mem; }
  const BlockInfo *blockInSlot(std::uint32_t) const override { return nullptr; }
  const HeapBlock *heapBlock(std::uintptr_t) const override { return nullptr; }
  std::vector<const HeapBlock *> liveHeapBlocks() const override { return {}; }
  bool checkersParallel() const override { return false; }

  // The finding lines written so far.
  std::vector<std::string> findingLines() {
    sink.flush();
    std::ifstream in(path);
    std::vector<std::string> out;
    for (std::string line; std::getline(in, line);)
      if (line.find("\"type\":\"finding\"") != std::string::npos)
        out.push_back(line);
    return out;
  }

  Options opts;
  warpsim::model::ArchSpec spec;
  FindingSink sink;
  MemoryMap mem;
  std::string path;
};

// One launch of one block of 64 threads (two warps) in slot 0.
struct Launch {
  explicit Launch(TestContext &cx) : cx(cx), detector(cx) {
    launch.id = 1;
    launch.site = &site;
    launch.grid = {1, 1, 1};
    launch.block = {64, 1, 1};
    launch.dynamic_smem = 0;
    launch.static_smem = 0;
    launch.warp_size = 32;
    launch.arch = &cx.spec;
    launch.shared_vars = &vars;
    launch.slots = 1;
    block.launch = &launch;
    block.linear = 0;
    block.index = {0, 0, 0};
    block.smem_base = cx.mem.sharedWindow(0);
    block.smem_size = 4096;
    detector.onLaunchBegin(launch);
    detector.onBlockBegin(block);
  }
  // A one-lane warp instruction of `warp`'s lane 0: 4 bytes at `addr`.
  void access(std::uint32_t warp, AccessKind kind, MemorySpace space, std::uintptr_t addr,
              std::uintptr_t pc, MemoryOrder order = MemoryOrder::NotAtomic) {
    WarpAccess a{};
    a.block = &block;
    a.warp = warp;
    a.active_mask = 1;
    a.kind = kind;
    a.space = space;
    a.order = order;
    a.scope = Scope::Device;
    a.proxy = warpsim::model::Proxy::Generic;
    a.pc = pc;
    a.site = kNoSite;
    a.count = 1;
    a.lanes[0] = LaneAccess{0, 4, addr};
    detector.onWarpAccess(a);
  }
  // __syncthreads: both warps arrive, the barrier completes.
  void syncthreads(std::uintptr_t pc) {
    for (std::uint32_t w = 0; w < 2; ++w)
      detector.onBarrierArrive(BarrierEvent{&block, w, 0xffffffffull, pc, BarrierKind::Block, phase,
                                            SyncObjectRef{SyncObjectKind::Barrier, 0}, 64});
    detector.onBarrierComplete(BarrierEvent{&block, 0, 0, 0, BarrierKind::Block, phase,
                                            SyncObjectRef{SyncObjectKind::Barrier, 0}, 64});
    ++phase;
  }
  std::vector<std::string> end() {
    detector.onBlockEnd(block);
    detector.onLaunchEnd(launch);
    return cx.findingLines();
  }

  TestContext &cx;
  RaceDetector detector;
  KernelSite site{"kernel", "k.cu", 1, 1, 0, nullptr};
  std::vector<const SharedVar *> vars;
  LaunchInfo launch{};
  BlockInfo block{};
  std::uint64_t phase = 0;
};

bool has(const std::string &line, const std::string &part) {
  return line.find(part) != std::string::npos;
}

} // namespace

TEST_CASE("race detector: a read of another warp's shared write without a barrier is a RAW race") {
  TestContext cx;
  Launch l(cx);
  const std::uintptr_t x = l.block.smem_base + 64;
  l.access(0, AccessKind::Store, MemorySpace::Shared, x, 0x1000);
  l.access(1, AccessKind::Load, MemorySpace::Shared, x, 0x2000);
  const std::vector<std::string> f = l.end();
  REQUIRE(f.size() == 1);
  CHECK(has(f[0], "\"kind\":\"race\""));
  CHECK(has(f[0], "\"hazard\":\"RAW\""));
  CHECK(has(f[0], "\"space\":\"shared\""));
  CHECK(has(f[0], "\"severity\":\"error\""));
  // The read's site first, then the earlier write's.
  CHECK(has(f[0], "{\"role\":\"read\",\"pc\":8192"));
  CHECK(has(f[0], "{\"role\":\"write\",\"pc\":4096"));
  CHECK(has(f[0], "\"address\":" + std::to_string(x)));
}

TEST_CASE("race detector: the same accesses ordered by __syncthreads do not race") {
  TestContext cx;
  Launch l(cx);
  const std::uintptr_t x = l.block.smem_base + 64;
  l.access(0, AccessKind::Store, MemorySpace::Shared, x, 0x1000);
  l.syncthreads(0x1800);
  l.access(1, AccessKind::Load, MemorySpace::Shared, x, 0x2000);
  CHECK(l.end().empty());
}

TEST_CASE("race detector: two warps writing different values to one global word is a WAW race") {
  TestContext cx;
  auto *word = static_cast<std::uint32_t *>(cx.mem.allocate(256, MemorySpace::Global));
  REQUIRE(word != nullptr);
  const auto x = reinterpret_cast<std::uintptr_t>(word);
  Launch l(cx);
  // Each lane makes its store after its event, as lanes do.
  l.access(0, AccessKind::Store, MemorySpace::Global, x, 0x1000);
  *word = 1;
  l.access(1, AccessKind::Store, MemorySpace::Global, x, 0x2000);
  *word = 2;
  const std::vector<std::string> f = l.end();
  REQUIRE(f.size() == 1);
  CHECK(has(f[0], "\"kind\":\"race\""));
  CHECK(has(f[0], "\"hazard\":\"WAW\""));
  CHECK(has(f[0], "\"space\":\"global\""));
  CHECK(has(f[0], "\"severity\":\"error\""));
  CHECK(has(f[0], "{\"role\":\"write\",\"pc\":8192"));
}

TEST_CASE("race detector: the same writes ordered by __syncthreads do not race") {
  TestContext cx;
  auto *word = static_cast<std::uint32_t *>(cx.mem.allocate(256, MemorySpace::Global));
  REQUIRE(word != nullptr);
  const auto x = reinterpret_cast<std::uintptr_t>(word);
  Launch l(cx);
  l.access(0, AccessKind::Store, MemorySpace::Global, x, 0x1000);
  *word = 1;
  l.syncthreads(0x1800);
  l.access(1, AccessKind::Store, MemorySpace::Global, x, 0x2000);
  *word = 2;
  CHECK(l.end().empty());
}

TEST_CASE("race detector: atomics of two warps on one word do not race; a plain write does") {
  TestContext cx;
  auto *word = static_cast<std::uint32_t *>(cx.mem.allocate(256, MemorySpace::Global));
  REQUIRE(word != nullptr);
  const auto x = reinterpret_cast<std::uintptr_t>(word);
  {
    Launch l(cx);
    l.access(0, AccessKind::Atomic, MemorySpace::Global, x, 0x1000, MemoryOrder::Relaxed);
    *word += 1;
    l.access(1, AccessKind::Atomic, MemorySpace::Global, x, 0x2000, MemoryOrder::Relaxed);
    *word += 1;
    CHECK(l.end().empty());
  }
  {
    TestContext cx2;
    auto *w2 = static_cast<std::uint32_t *>(cx2.mem.allocate(256, MemorySpace::Global));
    const auto y = reinterpret_cast<std::uintptr_t>(w2);
    Launch l(cx2);
    l.access(0, AccessKind::Atomic, MemorySpace::Global, y, 0x1000, MemoryOrder::Relaxed);
    *w2 += 1;
    l.access(1, AccessKind::Store, MemorySpace::Global, y, 0x2000);
    *w2 = 7;
    const std::vector<std::string> f = l.end();
    REQUIRE(f.size() == 1);
    CHECK(has(f[0], "\"hazard\":\"WAW\""));
  }
}
