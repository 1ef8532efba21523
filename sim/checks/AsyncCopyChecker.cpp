#include "AsyncCopyChecker.h"

#include "Describe.h"
#include "MemoryMap.h"
#include "ObserverContext.h"

namespace warpsim::sim {

AsyncCopyChecker::AsyncCopyChecker(ObserverContext &cx) : cx_(cx) {
  slots_.resize(cx.options().resident_blocks);
}

std::vector<AsyncCopyChecker::InFlight> &AsyncCopyChecker::slotOf(const BlockInfo *b) {
  return slots_[cx_.memory().sharedSlotOf(b->smem_base)];
}

void AsyncCopyChecker::onBlockBegin(const BlockInfo &b) { slotOf(&b).clear(); }

std::vector<AsyncCopyChecker::InFlight> &AsyncCopyChecker::slotOfCopy(const AsyncCopyEvent &e) {
  const MemoryMap &mem = cx_.memory();
  if (e.kind == AsyncCopyKind::BulkLoad && e.dst - e.block->smem_base >= MemoryMap::kSharedWindow &&
      mem.inSharedRegion(e.dst) && mem.sharedSlotOf(e.dst) < slots_.size())
    return slots_[mem.sharedSlotOf(e.dst)];
  return slotOf(e.block);
}

void AsyncCopyChecker::onAsyncCopy(const AsyncCopyEvent &e) {
  if (e.kind == AsyncCopyKind::Wgmma) // the wgmma checker's
    return;
  std::vector<InFlight> &f = slotOfCopy(e);
  if (!e.landed) {
    f.push_back(InFlight{e.dst, e.size, e.thread, e.pc, e.src, e.kind, e.src_size,
                         threadSite(*e.block, e.thread, e.pc, e.site, "copy")});
    return;
  }
  for (std::size_t i = 0; i < f.size(); ++i)
    if (f[i].dst == e.dst && f[i].thread == e.thread && f[i].pc == e.pc) {
      f.erase(f.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
}

void AsyncCopyChecker::onWarpAccess(const WarpAccess &a) {
  std::vector<InFlight> &f = slotOf(a.block);
  if (f.empty())
    return;
  auto overlaps = [](const LaneAccess &la, std::uintptr_t b, std::uint32_t n) {
    return la.addr < b + n && b < la.addr + la.size;
  };
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    for (const InFlight &c : f) {
      if (overlaps(la, c.dst, c.size)) {
        report(a, la, c, false);
        break;
      }
      // A copy reads its source when it lands (PTX: until the wait, the
      // source must not be modified): a write before then may be copied.
      if (a.kind != AccessKind::Load && overlaps(la, c.src, c.srcSize)) {
        report(a, la, c, true);
        break;
      }
    }
  }
}

void AsyncCopyChecker::report(const WarpAccess &a, const LaneAccess &la, const InFlight &c,
                              bool source) {
  auto [index, fresh] = table_.find({"async-copy", static_cast<int>(a.kind), a.pc, c.pc});
  if (!fresh)
    return;
  Finding &x = table_.at(index).finding;
  const bool read = a.kind == AccessKind::Load;
  const bool bulk = c.kind != AsyncCopyKind::CpAsync;
  x.kind = "async-copy";
  x.space = spaceName(a.space);
  x.address = la.addr;
  x.size = la.size;
  x.object = describeAddress(cx_, a.block, la.addr, a.space);
  if (source)
    x.message = "write to " + x.object +
                ", the source of an async copy still in flight: the copy may read the new bytes " +
                (c.kind == AsyncCopyKind::BulkStore
                     ? std::string("(wait first: cp.async.bulk.wait_group.read)")
                 : bulk ? std::string("(wait first: the mbarrier whose tx-count it completes)")
                        : std::string("(wait first: cp.async.wait_group / __pipeline_wait_prior / "
                                      "the barrier it completes)"));
  else
    x.message = std::string(read ? "read of " : "write to ") + x.object +
                ", the destination of an async copy still in flight: " +
                (read ? "it reads the bytes from before the copy"
                      : "the copy may overwrite it when it lands") +
                (bulk ? std::string(" (wait for the copy first: the mbarrier whose tx-count it "
                                    "completes / cp.async.bulk.wait_group)")
                      : std::string(" (wait for the copy first: cp.async.wait_group / "
                                    "__pipeline_wait_prior / the barrier it completes)"));
  const std::uint32_t tid = a.warp * a.block->launch->warp_size + la.lane;
  FindingSite now = threadSite(*a.block, tid, a.pc, a.site, read ? "read" : "write");
  now.detail = read ? "read" : "write";
  FindingSite copy = c.issue;
  copy.detail =
      bulk ? "bulk copy issued, not yet waited for" : "async copy issued, not yet waited for";
  x.sites.push_back(std::move(now));
  x.sites.push_back(std::move(copy));
}

void AsyncCopyChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

} // namespace warpsim::sim
