#include "Install.h"

#include "Runtime.h"

namespace warpsim::sim {

void installObservers(Runtime &rt) {
  installCheckers(rt);
  if (rt.options.profile)
    installProfiler(rt);
}

} // namespace warpsim::sim
