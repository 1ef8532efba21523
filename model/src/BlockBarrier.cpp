#include "warpsim/model/BlockBarrier.h"

namespace warpsim::model {

const char *barrierRuleText(BarrierRule r) {
  switch (r) {
  case BarrierRule::Ok:
    return "ok";
  case BarrierRule::CountNotWarpMultiple:
    return "the thread count of bar.sync/bar.arrive must be a multiple of the warp size";
  case BarrierRule::CountMismatch:
    return "threads arrive at one named barrier phase with different thread counts";
  case BarrierRule::RedMixed:
    return "bar.red and bar.sync/bar.arrive are mixed on one barrier in one phase";
  case BarrierRule::CountAboveBlock:
    return "the thread count exceeds the threads of the block: the barrier can never complete";
  }
  return "";
}

} // namespace warpsim::model
