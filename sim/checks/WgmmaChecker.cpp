#include "WgmmaChecker.h"

#include <string>

#include "Describe.h"
#include "ObserverContext.h"

namespace warpsim::sim {

WgmmaChecker::WgmmaChecker(ObserverContext &cx) : cx_(cx) {
  slots_.resize(cx.options().resident_blocks);
}

WgmmaChecker::Slot &WgmmaChecker::slotOf(const BlockInfo *b) {
  return slots_[cx_.memory().sharedSlotOf(b->smem_base)];
}

void WgmmaChecker::onBlockBegin(const BlockInfo &b) {
  Slot &s = slotOf(&b);
  s.tiles.clear();
  s.warps.clear();
}

void WgmmaChecker::onAsyncCopy(const AsyncCopyEvent &e) {
  if (e.kind != AsyncCopyKind::Wgmma)
    return;
  std::vector<Tile> &t = slotOf(e.block).tiles;
  if (!e.landed) {
    FindingSite issue = threadSite(*e.block, e.thread, e.pc, e.site, "wgmma");
    t.push_back(Tile{e.src, e.src_size, e.thread, e.pc, e.site, std::move(issue.stack)});
    return;
  }
  for (std::size_t i = 0; i < t.size(); ++i)
    if (t[i].addr == e.src && t[i].thread == e.thread && t[i].pc == e.pc) {
      t.erase(t.begin() + static_cast<std::ptrdiff_t>(i));
      return;
    }
}

void WgmmaChecker::onWarpAccess(const WarpAccess &a) {
  std::vector<Tile> &tiles = slotOf(a.block).tiles;
  if (tiles.empty() || a.kind == AccessKind::Load || a.atomic_load)
    return;
  for (std::uint32_t i = 0; i < a.count; ++i) {
    const LaneAccess &la = a.lanes[i];
    for (const Tile &t : tiles) {
      if (!(la.addr < t.addr + t.size && t.addr < la.addr + la.size))
        continue;
      auto [index, fresh] = table_.find({"wgmma", 0, a.pc, t.pc});
      if (!fresh)
        return;
      Finding &x = table_.at(index).finding;
      const bool async = a.proxy == Proxy::Async;
      x.kind = "wgmma";
      x.space = spaceName(a.space);
      x.address = la.addr;
      x.size = la.size;
      x.object = describeAddress(cx_, a.block, la.addr, a.space);
      x.message = std::string(async ? "an async copy writes " : "write to ") + x.object +
                  ", which a wgmma.mma_async still in flight reads: it may multiply the new "
                  "bytes (PTX: the shared operands must not be modified until the "
                  "wgmma.wait_group that covers the wgmma)";
      const std::uint32_t tid = a.warp * a.block->launch->warp_size + la.lane;
      FindingSite now = threadSite(*a.block, tid, a.pc, a.site, "write");
      now.detail = async ? "async copy writes it" : "write";
      FindingSite issue = threadSite(*a.block, t.thread, t.pc, t.site, "wgmma");
      issue.stack = t.stack;
      issue.detail = "wgmma.mma_async issued, not yet waited for";
      x.sites.push_back(std::move(now));
      x.sites.push_back(std::move(issue));
      return;
    }
  }
}

void WgmmaChecker::onWgmma(const WgmmaEvent &e) {
  const BlockInfo &b = *e.block;
  if (e.kind == WgmmaEvent::Kind::Unfenced) {
    auto [index, fresh] = table_.find({"wgmma", 6, e.pc, 0});
    if (fresh) {
      Finding &x = table_.at(index).finding;
      x.kind = "wgmma";
      x.message = "the first wgmma.mma_async of warp " + std::to_string(e.warp) +
                  " has no wgmma.fence before it: its accumulator and A registers may be read "
                  "before the writes that precede it (PTX: wgmma.fence comes before the first "
                  "wgmma.mma_async of a warpgroup, and between a register access and a "
                  "wgmma.mma_async that uses the register)";
      FindingSite issue = threadSite(b, e.thread, e.pc, e.site, "wgmma");
      issue.detail = "wgmma.mma_async without a wgmma.fence before it";
      x.sites.push_back(std::move(issue));
    }
  }
  if (e.kind == WgmmaEvent::Kind::Issue || e.kind == WgmmaEvent::Kind::Unfenced) {
    std::vector<Issues> &w = slotOf(&b).warps;
    if (w.size() <= e.warp)
      w.resize(e.warp + 1);
    if (w[e.warp].count++ == 0) {
      w[e.warp].pc = e.pc;
      w[e.warp].site = e.site;
      w[e.warp].thread = e.thread;
      w[e.warp].stack = threadSite(b, e.thread, e.pc, e.site, "wgmma").stack;
    }
    return;
  }
  if (e.kind == WgmmaEvent::Kind::ChangedInFlight) {
    auto [index, fresh] = table_.find({"wgmma", 7, e.pc, e.issue_pc});
    if (!fresh)
      return;
    Finding &x = table_.at(index).finding;
    x.kind = "wgmma";
    x.space = "local";
    x.message = "an accumulator register's variable changed while its wgmma.mma_async was in "
                "flight (a write warpsim did not see, or the variable's storage reused after "
                "its scope ended before the wait): the wgmma's result for it is not written "
                "(PTX: accessing the registers before the wgmma.wait_group that covers the "
                "wgmma is undefined)";
    FindingSite now = threadSite(b, e.thread, e.pc, e.site, "wait");
    now.detail = "wgmma.wait_group finds the register changed";
    FindingSite issue = threadSite(b, e.thread, e.issue_pc, e.issue_site, "wgmma");
    issue.stack.clear();
    issue.detail = "wgmma.mma_async issued";
    x.sites.push_back(std::move(now));
    x.sites.push_back(std::move(issue));
    return;
  }
  auto [index, fresh] =
      table_.find({"wgmma", 1 + (e.write ? 1 : 0) + (e.accumulator ? 0 : 2), e.pc, e.issue_pc});
  if (!fresh)
    return;
  Finding &x = table_.at(index).finding;
  x.kind = "wgmma";
  x.space = "local";
  const std::string what = e.accumulator ? "an accumulator register" : "an A register";
  x.message = std::string(e.write ? "write to " : "read of ") + what +
              (e.operand ? " (an inline PTX operand)" : "") +
              " of a wgmma.mma_async still in flight: " +
              (e.write ? "the wgmma may overwrite it or read the new value"
                       : "it holds the value from before the wgmma") +
              " (PTX: accessing the registers before the wgmma.wait_group that covers the wgmma "
              "is undefined)";
  FindingSite now = threadSite(b, e.thread, e.pc, e.site, e.write ? "write" : "read");
  now.detail = e.write ? "write" : "read";
  FindingSite issue = threadSite(b, e.thread, e.issue_pc, e.issue_site, "wgmma");
  issue.stack.clear(); // the thread's call stack now, not at the issue
  issue.detail = "wgmma.mma_async issued, not yet waited for";
  x.sites.push_back(std::move(now));
  x.sites.push_back(std::move(issue));
}

void WgmmaChecker::onBlockEnd(const BlockInfo &b) {
  Slot &s = slotOf(&b);
  const std::uint32_t ws = b.launch->warp_size;
  const std::uint32_t warps = (b.launch->block.volume() + ws - 1) / ws;
  for (std::uint32_t g = 0; 4 * g < s.warps.size(); ++g) {
    // The warp of the group that issued most, and one that issued fewer.
    std::uint32_t most = 4 * g, fewer = UINT32_MAX;
    auto count = [&](std::uint32_t w) { return w < s.warps.size() ? s.warps[w].count : 0; };
    for (std::uint32_t w = 4 * g; w < 4 * g + 4; ++w)
      if (count(w) > count(most))
        most = w;
    for (std::uint32_t w = 4 * g; w < 4 * g + 4; ++w)
      if (count(w) < count(most)) {
        fewer = w;
        break;
      }
    if (fewer == UINT32_MAX)
      continue;
    const Issues &m = s.warps[most];
    auto [index, fresh] = table_.find({"wgmma", 5, m.pc, fewer});
    if (!fresh)
      continue;
    Finding &x = table_.at(index).finding;
    x.kind = "wgmma";
    x.message =
        "warp " + std::to_string(most) + " issued " + std::to_string(m.count) +
        " wgmma.mma_async, warp " + std::to_string(fewer) + " of the same warpgroup (warps " +
        std::to_string(4 * g) + ".." + std::to_string(4 * g + 3) + ") " +
        (fewer >= warps
             ? std::string("does not exist (the block has ") + std::to_string(warps) + " warps)"
             : "issued " + std::to_string(count(fewer))) +
        ": all four warps of a warpgroup must execute each wgmma.mma_async (PTX: .aligned)";
    FindingSite issue = threadSite(b, m.thread, m.pc, m.site, "wgmma");
    issue.stack = m.stack;
    issue.detail = "first wgmma.mma_async of warp " + std::to_string(most);
    x.sites.push_back(std::move(issue));
  }
  s.warps.clear();
  s.tiles.clear();
}

void WgmmaChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

} // namespace warpsim::sim
