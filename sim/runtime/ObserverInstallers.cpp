#include "ObserverInstallers.h"

#include <algorithm>
#include <utility>
#include <vector>

namespace warpsim::sim {
namespace {
// A function-local static: registrations run from constructors.
std::vector<std::pair<int, ObserverInstaller>> &installers() {
  static std::vector<std::pair<int, ObserverInstaller>> list;
  return list;
}
} // namespace

void registerObserverInstaller(int rank, ObserverInstaller install) {
  installers().emplace_back(rank, install);
}

void runObserverInstallers(ObserverSet &set) {
  std::vector<std::pair<int, ObserverInstaller>> list = installers();
  std::sort(list.begin(), list.end()); // by rank (one installer per rank)
  for (const auto &[rank, install] : list)
    install(set);
}

} // namespace warpsim::sim
