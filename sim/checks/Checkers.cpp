// The correctness checkers, installed as observers according to
// Options::checks ("race,barrier,memory,init,warp,async", or "all"). See
// docs/checks.md. They see the engine only through their ObserverContext.
#include <memory>
#include <sstream>
#include <string>

#include "AsyncCopyChecker.h"
#include "BarrierChecker.h"
#include "ClusterChecker.h"
#include "InitChecker.h"
#include "MBarrierChecker.h"
#include "MemoryChecker.h"
#include "ObserverInstallers.h"
#include "ProxyFenceChecker.h"
#include "RaceDetector.h"
#include "StreamRaceChecker.h"
#include "WarpOpChecker.h"
#include "WgmmaChecker.h"

namespace warpsim::sim {

namespace {

void installCheckers(ObserverSet &set) {
  ObserverContext &cx = set.context();
  bool race = false, barrier = false, memory = false, init = false, warp = false, async = false;
  std::stringstream in(cx.options().checks);
  std::string name;
  while (std::getline(in, name, ',')) {
    const bool all = name == "all";
    race |= all || name == "race";
    barrier |= all || name == "barrier";
    memory |= all || name == "memory";
    init |= all || name == "init";
    warp |= all || name == "warp";
    async |= all || name == "async";
  }
  if (memory)
    set.setAccessGuard(static_cast<MemoryChecker &>(set.add(std::make_unique<MemoryChecker>(cx))));
  if (race) { // also told the values of same-instruction writes
    set.addStoreObserver(set.add(std::make_unique<RaceDetector>(cx)));
    set.add(std::make_unique<StreamRaceChecker>(cx));
  }
  if (barrier) {
    set.add(std::make_unique<BarrierChecker>(cx));
    set.add(std::make_unique<MBarrierChecker>(cx));
    set.add(std::make_unique<ClusterChecker>(cx));
  }
  if (init)
    set.add(std::make_unique<InitChecker>(cx));
  if (async) {
    set.add(std::make_unique<AsyncCopyChecker>(cx));
    set.add(std::make_unique<ProxyFenceChecker>(cx));
    set.add(std::make_unique<WgmmaChecker>(cx));
  }
  if (warp)
    set.add(std::make_unique<WarpOpChecker>(cx));
}

// Linked whole into the program (the driver's link line): installs the
// checkers at program start, before any other constructor could start the
// runtime.
[[gnu::constructor(101)]] void registerCheckers() {
  registerObserverInstaller(0, &installCheckers);
}

} // namespace

} // namespace warpsim::sim

// Named by the linker scripts warpsim-nvcc gives CMake (EXTERN: linker scripts
// cannot say --whole-archive), so that this object and its constructor above
// are linked.
extern "C" void warpsim_link_checkers() {}
