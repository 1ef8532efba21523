// Where observers come from: the libraries linked into the program (the
// checkers, sim/checks/Checkers.cpp; the profiler, sim/profile/Profiler.cpp)
// each register an installer at program start, from a constructor that runs
// before any other (priority 101); the runtime, when it starts, runs them
// in rank order with its ObserverSet. The runtime itself names no checker.
#pragma once

#include <memory>

#include "AccessGuard.h"
#include "Observer.h"
#include "ObserverContext.h"

namespace warpsim::sim {

class ObserverSet {
public:
  virtual ObserverContext &context() = 0;
  // Keeps `o` for the rest of the process; it gets the callbacks its
  // interests() name. Observers are called in the order they were added.
  virtual Observer &add(std::unique_ptr<Observer> o) = 0;
  // `o` (added) is also told what each store left (onStoreDone).
  virtual void addStoreObserver(Observer &o) = 0;
  // `g` (added) vets every access before it happens (AccessGuard.h).
  virtual void setAccessGuard(AccessGuard &g) = 0;

protected:
  ~ObserverSet() = default;
};

using ObserverInstaller = void (*)(ObserverSet &);
// `rank`: installers run in increasing rank (checkers 0, profiler 1), so
// observers, and the findings they flush, keep one order.
void registerObserverInstaller(int rank, ObserverInstaller install);
void runObserverInstallers(ObserverSet &set);

} // namespace warpsim::sim
