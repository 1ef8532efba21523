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

void WarpOpChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

} // namespace warpsim::sim
