// Misused warp operations, as the engine's warp-operation events describe
// them: a mask that does not name the calling lane, lanes of one operation
// passing different masks, shuffles reading a lane that does not take part
// or passing an invalid width, and (at a deadlock) operations waiting for
// lanes of their mask that never arrive. Each is reported once per call
// site and kind of problem in a launch, as soon as it happens.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include "FindingTable.h"
#include "Observer.h"

namespace warpsim::sim {
class ObserverContext;

class WarpOpChecker final : public Observer {
public:
  explicit WarpOpChecker(ObserverContext &cx) : cx_(cx) {}
  unsigned interests() const override { return kWarpOps; }
  void onLaunchBegin(const LaunchInfo &l) override { launch_ = &l; }
  void onLaunchEnd(const LaunchInfo &l) override;
  void onWarpOpArrive(const WarpOpArrival &) override;
  void onWarpOp(const WarpOpEvent &) override;
  void onWarpOpStuck(const WarpOpStuck &) override;
  void onWarpOpSkipped(const WarpOpSkipped &) override;

private:
  enum Problem { Self, Differ, Width, Source, Stuck, Skipped, Matrix };
  void report(const BlockInfo &b, std::uint32_t warp, std::uint32_t lane, std::uintptr_t pc,
              std::uint32_t site, WarpOp op, const char *kind, Problem p, std::string message,
              std::uint64_t lanes);

  void reportSkipped(const WarpOpSkipped &s);

  ObserverContext &cx_;
  const LaunchInfo *launch_ = nullptr;
  FindingTable<> table_;
  // __syncwarp calls with one mask meet wherever they are, so lanes that
  // went past a waiting __syncwarp may still meet it at another one: the
  // finding waits until one of them exits first (keyed by block and warp).
  std::map<std::pair<std::uint64_t, std::uint32_t>, WarpOpSkipped> syncwarpSkipped_;
};

} // namespace warpsim::sim
