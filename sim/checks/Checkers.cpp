// The correctness checkers, installed as observers according to
// Options::checks ("race,barrier,memory,init,warp,async", or "all"). See docs/checks.md.
#include <memory>
#include <sstream>
#include <string>

#include "AsyncCopyChecker.h"
#include "BarrierChecker.h"
#include "ClusterChecker.h"
#include "InitChecker.h"
#include "Install.h"
#include "MBarrierChecker.h"
#include "MemoryChecker.h"
#include "ProxyFenceChecker.h"
#include "RaceDetector.h"
#include "Runtime.h"
#include "WarpOpChecker.h"

namespace warpsim::sim {

void installCheckers(Runtime &rt) {
  bool race = false, barrier = false, memory = false, init = false, warp = false, async = false;
  std::stringstream in(rt.options.checks);
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
  // Observers live as long as the runtime (until the process exits).
  if (memory) {
    static MemoryChecker checker(rt);
    rt.grid.setAccessGuard(&checker);
    rt.observers.push_back(&checker);
  }
  if (race) {
    static RaceDetector detector(rt);
    rt.observers.push_back(&detector);
    rt.storeObservers.push_back(&detector); // values of same-instruction writes
  }
  if (barrier) {
    static BarrierChecker checker(rt);
    rt.observers.push_back(&checker);
    static MBarrierChecker mbarriers(rt);
    rt.observers.push_back(&mbarriers);
    static ClusterChecker clusters(rt);
    rt.observers.push_back(&clusters);
  }
  if (init) {
    static InitChecker checker(rt);
    rt.observers.push_back(&checker);
  }
  if (async) {
    static AsyncCopyChecker checker(rt);
    rt.observers.push_back(&checker);
    static ProxyFenceChecker proxies(rt);
    rt.observers.push_back(&proxies);
  }
  if (warp) {
    static WarpOpChecker checker(rt);
    rt.observers.push_back(&checker);
  }
}

} // namespace warpsim::sim
