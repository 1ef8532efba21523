#include "BarrierChecker.h"

#include <algorithm>

#include "Describe.h"
#include "ObserverContext.h"
#include "ThreadList.h"

namespace warpsim::sim {

BarrierChecker::BarrierChecker(ObserverContext &cx) : cx_(cx) {
  slots_.resize(cx.options().resident_blocks);
}

BarrierChecker::Slot &BarrierChecker::slotOf(const BlockInfo *b) {
  return slots_[cx_.memory().sharedSlotOf(b->smem_base)];
}

void BarrierChecker::onLaunchBegin(const LaunchInfo &l) {
  launch_ = &l;
  slots_.resize(l.slots);
  table_.reserveShards(l.slots);
  ws_ = l.warp_size;
}

void BarrierChecker::onBlockBegin(const BlockInfo &b) {
  Slot &s = slotOf(&b);
  s.firstPc = 0;
  s.loopSkip = false;
  s.exited.clear();
  s.lastPc.assign(b.launch->block.volume(), 0);
}

FindingSite BarrierChecker::site(const BlockInfo &b, std::uint32_t thread, std::uintptr_t pc,
                                 std::uint32_t staticSite, const char *role, std::string detail) {
  FindingSite s = threadSite(b, thread, pc, staticSite, role);
  s.detail = std::move(detail);
  return s;
}

void BarrierChecker::add(std::string kind, std::uintptr_t a, std::uintptr_t b, Finding f) {
  auto [index, fresh] = table_.find({kind, 0, a, b});
  if (fresh) {
    f.kind = std::move(kind);
    table_.at(index).finding = std::move(f);
  }
}

void BarrierChecker::onBarrierArrive(const BarrierEvent &e) {
  Slot &s = slotOf(e.block);
  const std::uint32_t first = e.warp * ws_ + static_cast<std::uint32_t>(__builtin_ctzll(e.mask));
  if (e.rule != model::BarrierRule::Ok) {
    Finding f;
    f.message = std::string(e.flavor == model::BlockBarrier::Flavor::Arrive ? "bar.arrive "
                            : e.flavor == model::BlockBarrier::Flavor::Red  ? "bar.red "
                                                                            : "bar.sync ") +
                std::to_string(e.object.id) + ", " + std::to_string(e.count) + ": " +
                model::barrierRuleText(e.rule);
    f.sites.push_back(site(*e.block, first, e.pc, e.site, "waits", "arrives at the barrier"));
    add("named-barrier", e.pc, static_cast<std::uintptr_t>(e.rule), std::move(f));
  }
  // Named barriers (and counted ones) are meant to be reached from
  // different call sites (producer and consumer): only __syncthreads'
  // barrier must be one site per phase.
  if (e.object.id != 0 || e.count != 0)
    return;
  if (s.firstPc == 0) {
    s.firstPc = e.pc;
    s.firstSite = e.site;
    s.firstThread = first;
  } else if (e.pc != s.firstPc) {
    // Did these threads come back to a barrier the others are still looping at?
    bool loop = false;
    for (std::uint64_t m = e.mask; m != 0; m &= m - 1)
      loop |= s.lastPc[e.warp * ws_ + __builtin_ctzll(m)] == s.firstPc;
    loop |= s.lastPc[s.firstThread] == e.pc;
    Finding f;
    f.message = loop ? "threads of one block reach different __syncthreads() "
                       "in the same "
                       "barrier phase: the barrier is in a loop whose trip "
                       "count differs "
                       "per thread"
                     : "threads of one block reach different __syncthreads() "
                       "call sites in "
                       "the same barrier phase (divergent barrier)";
    f.sites.push_back(
        site(*e.block, s.firstThread, s.firstPc, s.firstSite, "waits", "waits at a barrier"));
    f.sites.push_back(site(*e.block, first, e.pc, e.site, "waits", "waits at another barrier"));
    add(loop ? "barrier-in-divergent-loop" : "barrier-divergence", s.firstPc, e.pc, std::move(f));
  }
  for (std::uint64_t m = e.mask; m != 0; m &= m - 1)
    s.lastPc[e.warp * ws_ + __builtin_ctzll(m)] = e.pc;
}

void BarrierChecker::onThreadExit(const BlockInfo &b, std::uint32_t thread) {
  Slot &s = slotOf(&b);
  s.exited.push_back(thread);
}

void BarrierChecker::onBarrierComplete(const BarrierEvent &e) {
  if (e.object.id != 0)
    return;
  Slot &s = slotOf(e.block);
  if (!s.exited.empty() && s.firstPc != 0) {
    std::vector<std::uint32_t> ids = s.exited;
    std::sort(ids.begin(), ids.end());
    bool loop = false;
    for (std::uint32_t t : ids)
      loop |= s.lastPc[t] == s.firstPc;
    // Whole warps, or lanes of a warp whose other lanes wait?
    const std::uint32_t tpb = static_cast<std::uint32_t>(e.block->launch->block.volume());
    bool partial = false;
    for (std::uint32_t t : ids) {
      const std::uint32_t w = t / ws_;
      const std::uint32_t lanes = std::min(ws_, tpb - w * ws_);
      const auto n = static_cast<std::uint32_t>(
          std::count_if(ids.begin(), ids.end(), [&](std::uint32_t x) { return x / ws_ == w; }));
      partial |= n != lanes;
    }
    Finding f;
    f.message = std::string(partial ? "threads" : "whole warps") +
                " of the block exited without "
                "reaching the __syncthreads() the other threads waited at" +
                (loop ? ": the barrier is in a loop whose trip count differs per thread" : "");
    f.sites.push_back(
        site(*e.block, s.firstThread, s.firstPc, s.firstSite, "waits", "waits at the barrier"));
    FindingSite gone = site(*e.block, ids.front(), 0, kNoSite, "exited", "exited without arriving");
    gone.thread_count = static_cast<std::uint32_t>(ids.size());
    gone.threads = threadList(ids);
    f.sites.push_back(std::move(gone));
    add(loop ? "barrier-in-divergent-loop" : "barrier-skipped", s.firstPc, 0, std::move(f));
  }
  s.firstPc = 0;
  s.exited.clear();
}

void BarrierChecker::onLaunchEnd(const LaunchInfo &l) { table_.flush(cx_.findings(), l); }

} // namespace warpsim::sim
