#include "WarpOpChecker.h"

#include "Describe.h"
#include "ObserverContext.h"
#include "ThreadList.h"

namespace warpsim::sim {

void WarpOpChecker::report(const BlockInfo &b, std::uint32_t warp, std::uint32_t lane,
                           std::uintptr_t pc, std::uint32_t site, WarpOp op, const char *kind,
                           Problem p, std::string message, std::uint64_t lanes) {
  if (!table_.firstTime({kind, p, pc, 0}))
    return;
  const std::uint32_t first = warp * b.launch->warp_size;
  Finding f;
  f.kind = kind;
  f.severity = Severity::Error;
  f.kernel = b.launch->site->kernel_name;
  f.launch = b.launch->id;
  f.message = std::move(message);
  FindingSite at = threadSite(b, first + lane, pc, site, "warp-op");
  at.detail = std::string("calls ") + model::warpOpName(op);
  if (lanes != 0) {
    std::vector<std::uint32_t> ids;
    for (std::uint64_t m = lanes; m != 0; m &= m - 1)
      ids.push_back(first + static_cast<std::uint32_t>(__builtin_ctzll(m)));
    at.thread_count = static_cast<std::uint32_t>(ids.size());
    at.threads = threadList(ids);
  }
  f.sites.push_back(std::move(at));
  cx_.findings().add(f);
}

void WarpOpChecker::onWarpOpArrive(const WarpOpArrival &a) {
  if (a.not_in_mask == 0)
    return;
  report(*a.block, a.warp, static_cast<std::uint32_t>(__builtin_ctzll(a.not_in_mask)), a.pc, a.site,
         a.op, "warp-sync-mask", Self,
         std::string(model::warpOpName(a.op)) + " is called by " + laneList(a.not_in_mask) +
             " with mask " + hexMask(a.mask, a.block->launch->warp_size) +
             ", which does not name the calling lane (CUDA: undefined behaviour)",
         a.not_in_mask);
}

void WarpOpChecker::onWarpOp(const WarpOpEvent &e) {
  if (e.op == WarpOp::SyncWarp && !syncwarpSkipped_.empty()) {
    // The lanes that went past met the waiting ones at another __syncwarp.
    auto it = syncwarpSkipped_.find(std::make_pair(e.block->linear, e.warp));
    if (it != syncwarpSkipped_.end() && (it->second.waiting & e.active_mask) != 0)
      syncwarpSkipped_.erase(it);
  }
  const unsigned ws = e.block->launch->warp_size;
  if (e.masks_differ_at >= 0)
    report(*e.block, e.warp, static_cast<std::uint32_t>(e.masks_differ_at), e.pc, e.site, e.op,
           "warp-sync-mask", Differ,
           std::string("lanes ") + "of a warp call " + model::warpOpName(e.op) +
               " together with different masks (CUDA: all lanes named in the mask "
               "must pass the same mask)",
           e.active_mask);
  if (e.bad_width != 0)
    report(*e.block, e.warp, static_cast<std::uint32_t>(__builtin_ctzll(e.bad_width)), e.pc, e.site,
           e.op, "warp-shfl-width", Width,
           std::string(model::warpOpName(e.op)) + " with width " +
               std::to_string(e.bad_width_value) + ", which is not a power of two in 1.." +
               std::to_string(ws) + " (CUDA: undefined; the warp size is used)",
           e.bad_width);
  if (e.bad_source != 0)
    report(*e.block, e.warp, static_cast<std::uint32_t>(__builtin_ctzll(e.bad_source)), e.pc,
           e.site, e.op, "warp-shfl-source", Source,
           std::string(model::warpOpName(e.op)) + " on " + laneList(e.bad_source) +
               " reads a lane that does not take part (not named in the mask, exited "
               "or past the end of the block); CUDA leaves the value undefined, the lane "
               "gets its own value",
           e.bad_source);
  if (e.missing_lanes != 0)
    report(*e.block, e.warp, static_cast<std::uint32_t>(__builtin_ctzll(e.active_mask)), e.pc,
           e.site, e.op, "warp-sync-mask", Matrix,
           std::string(model::warpOpName(e.op)) +
               " needs all 32 lanes of the warp (a .sync.aligned matrix instruction), but " +
               laneList(e.missing_lanes) +
               " did not take part (exited, or past the end of the block); their registers "
               "read as zero (CUDA: undefined)",
           e.active_mask);
}

void WarpOpChecker::onWarpOpStuck(const WarpOpStuck &s) {
  std::string where;
  switch (s.elsewhere) {
  case WarpOpStuck::Elsewhere::AtBarrier:
    where = "waiting at __syncthreads()";
    break;
  case WarpOpStuck::Elsewhere::AtOtherWarpOp:
    where = std::string("waiting at another ") + model::warpOpName(s.other_op);
    break;
  case WarpOpStuck::Elsewhere::Running:
    where = "running elsewhere";
    break;
  case WarpOpStuck::Elsewhere::Unknown:
    break;
  }
  report(*s.block, s.warp, s.lane, s.pc, s.site, s.op, "warp-sync-mask", Stuck,
         std::string(model::warpOpName(s.op)) + " with mask " +
             hexMask(s.mask, s.block->launch->warp_size) + " waits for " + laneList(s.missing) +
             " named in the mask, which never arrive" + (where.empty() ? "" : " (" + where + ")"),
         s.lanes);
}

// Lanes of the mask went past a waiting operation in its function (an
// event there at a later code position) or exited (past_pc 0). An exit
// alone is not reported: the engine cannot tell a lane that returned early
// before a call to a helper with a full-mask operation (`if (i >= n) {
// out[i] = 0; return; } v = warpReduce(v);`, allowed) from one that skipped
// such a call, as it knows no code position of the call.
void WarpOpChecker::onWarpOpSkipped(const WarpOpSkipped &s) {
  if (s.op != WarpOp::SyncWarp) {
    if (s.past_pc != 0)
      reportSkipped(s);
    return;
  }
  const auto key = std::make_pair(s.block->linear, s.warp);
  auto it = syncwarpSkipped_.find(key);
  if (s.past_pc != 0) {
    if (it == syncwarpSkipped_.end())
      syncwarpSkipped_.emplace(key, s);
    else if (it->second.pc == s.pc)
      it->second.skipped |= s.skipped;
    return;
  }
  if (it != syncwarpSkipped_.end() && (it->second.skipped & s.skipped) != 0) {
    reportSkipped(it->second);
    syncwarpSkipped_.erase(it);
  }
}

void WarpOpChecker::reportSkipped(const WarpOpSkipped &s) {
  const BlockInfo &b = *s.block;
  if (!table_.firstTime({"warp-sync-mask", Skipped, s.pc, 0}))
    return;
  const unsigned ws = b.launch->warp_size;
  const std::uint32_t first = s.warp * ws;
  Finding f;
  f.kind = "warp-sync-mask";
  f.severity = Severity::Error;
  f.kernel = b.launch->site->kernel_name;
  f.launch = b.launch->id;
  f.message = std::string(model::warpOpName(s.op)) + " with mask " + hexMask(s.mask, ws) +
              " waits for " + laneList(s.skipped) +
              " named in the mask, which went on past it without executing it (CUDA: every "
              "non-exited lane named in the mask must execute the same operation; undefined "
              "behaviour)";
  auto lanesOf = [&](std::uint64_t lanes, FindingSite &at) {
    std::vector<std::uint32_t> ids;
    for (std::uint64_t m = lanes; m != 0; m &= m - 1)
      ids.push_back(first + static_cast<std::uint32_t>(__builtin_ctzll(m)));
    at.thread_count = static_cast<std::uint32_t>(ids.size());
    at.threads = threadList(ids);
  };
  FindingSite at = threadSite(b, first + s.lane, s.pc, s.site, "warp-op");
  at.detail = std::string("waits at ") + model::warpOpName(s.op);
  lanesOf(s.waiting, at);
  f.sites.push_back(std::move(at));
  const std::uint32_t other = first + static_cast<std::uint32_t>(__builtin_ctzll(s.skipped));
  FindingSite past = threadSite(b, other, s.past_pc, s.past_site, "warp-op");
  past.detail = "goes on past it";
  lanesOf(s.skipped, past);
  f.sites.push_back(std::move(past));
  cx_.findings().add(f);
}

void WarpOpChecker::onLaunchEnd(const LaunchInfo &l) {
  syncwarpSkipped_.clear(); // still waiting: a deadlock, reported as such
  table_.flush(cx_.findings(), l);
}

} // namespace warpsim::sim
