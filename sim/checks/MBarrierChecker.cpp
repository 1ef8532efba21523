#include "MBarrierChecker.h"

#include "Describe.h"
#include "ObserverContext.h"

namespace warpsim::sim {

void MBarrierChecker::onMBarrier(const MBarrierEvent &e) {
  if (e.rule == model::MBarrierRule::Ok)
    return;
  auto [index, fresh] = table_.find({"mbarrier", static_cast<int>(e.rule), e.pc, 0});
  if (!fresh)
    return;
  Finding &f = table_.at(index).finding;
  f.kind = "mbarrier";
  f.space = "shared";
  f.address = e.addr;
  f.size = 8;
  f.object = describeAddress(cx_, e.block, e.addr, MemorySpace::Shared);
  std::string what = model::mbarrierOpName(e.op);
  if (e.op == model::MBarrierOp::Init || model::isMBarrierArrive(e.op))
    what += " (count " + std::to_string(e.count) + ")";
  if (e.op == model::MBarrierOp::ExpectTx || e.op == model::MBarrierOp::CompleteTx ||
      e.op == model::MBarrierOp::ArriveExpectTx)
    what += " (" + std::to_string(e.tx) + " tx bytes)";
  f.message = what + " on the mbarrier at " + f.object + ": " + model::mbarrierRuleText(e.rule);
  if (e.rule == model::MBarrierRule::ArrivalUnderflow ||
      e.rule == model::MBarrierRule::TxOutOfRange ||
      e.rule == model::MBarrierRule::PhaseNotObserved)
    f.message += " (phase " + std::to_string(e.phase) + ": " + std::to_string(e.pending) + " of " +
                 std::to_string(e.expected) + " arrivals pending, tx-count " +
                 std::to_string(e.tx_count) + ")";
  FindingSite s =
      threadSite(*e.block, e.warp * e.block->launch->warp_size + e.lane, e.pc, e.site, "access");
  s.detail = model::mbarrierOpName(e.op);
  f.sites.push_back(std::move(s));
}

void MBarrierChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

} // namespace warpsim::sim
