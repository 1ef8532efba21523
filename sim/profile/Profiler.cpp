// The performance counters (warp-model issue): an Observer that measures
// every warp instruction: bank conflicts of shared accesses, sectors per
// request of global accesses, active lanes (SIMT efficiency, divergence).
// Per launch and per call site (raw PC); at the end of each launch one
// {"type":"profile",...} line goes to the raw report, and the driver
// symbolizes and renders it (sim/driver/ProfileReport.cpp).
#include <algorithm>
#include <cstdio>
#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "DivergenceCounter.h"
#include "GlobalCoalescingCounter.h"
#include "JsonString.h"
#include "LaneActivityTrace.h"
#include "ObserverInstallers.h"
#include "SharedBankCounter.h"

namespace warpsim::sim {
namespace profile {

const char *opName(Op op) {
  switch (op) {
  case Op::Load:
    return "ld";
  case Op::Store:
    return "st";
  case Op::Atomic:
    return "atom";
  case Op::Barrier:
    return "bar";
  case Op::Fence:
    return "fence";
  case Op::WarpOp:
    return "warp";
  case Op::Bulk:
    return "bulk";
  case Op::Mma:
    return "mma";
  }
  return "ld";
}

namespace {

Op opOf(AccessKind k) {
  switch (k) {
  case AccessKind::Load:
    return Op::Load;
  case AccessKind::Store:
    return Op::Store;
  case AccessKind::Atomic:
    return Op::Atomic;
  }
  return Op::Load;
}

std::string dim(const Dim3 &d) {
  return "[" + std::to_string(d.x) + "," + std::to_string(d.y) + "," + std::to_string(d.z) + "]";
}

class Profiler final : public Observer {
public:
  explicit Profiler(ObserverContext &cx) : cx_(cx), banks_(cx.arch()), sectors_(cx.arch()) {}

  void onLaunchBegin(const LaunchInfo &L) override {
    sites_.clear();
    lastPc_ = 0;
    lastSite_ = nullptr;
    divergence_.clear();
    trace_.launchBegin(L);
  }

  void onBlockBegin(const BlockInfo &b) override { divergence_.blockBegin(b); }

  void onThreadExit(const BlockInfo &b, std::uint32_t thread) override {
    divergence_.threadExit(b, thread);
  }

  void onWarpAccess(const WarpAccess &a) override {
    if (a.copy_write)
      return; // a cp.async's shared write: part of its LDGSTS, counted with the read
    if (a.proxy == Proxy::TensorMap)
      return; // the TMA unit's read of a tensor map: part of the tensor copy
    if (a.proxy == Proxy::Async) {
      // A bulk copy's source read and destination write: one instruction.
      if (a.kind != AccessKind::Load)
        other(a.block, a.warp, a.active_mask, a.pc, Op::Bulk);
      return;
    }
    const Op op = opOf(a.kind);
    profile::SiteCounters &s = site(a.pc, op);
    s.memory = true;
    s.space = a.space;
    divergence_.count(a.block, a.warp, a.active_mask, s);
    if (a.space == MemorySpace::Shared)
      banks_.count(a, s);
    else if (a.space == MemorySpace::Global || a.space == MemorySpace::Managed)
      sectors_.count(a, s);
    if (trace_.active())
      trace_.record(a.block, a.warp, a.active_mask, op, a.pc);
  }

  void onAsyncCopy(const AsyncCopyEvent &e) override {
    if (!e.landed && e.kind != AsyncCopyKind::CpAsync && e.kind != AsyncCopyKind::Wgmma)
      site(e.pc, Op::Bulk).bulk_bytes += e.size;
  }

  void onBarrierArrive(const BarrierEvent &e) override {
    other(e.block, e.warp, e.mask, e.pc, Op::Barrier);
  }
  void onFence(const FenceEvent &e) override { other(e.block, e.warp, e.mask, e.pc, Op::Fence); }
  void onWarpOp(const WarpOpEvent &e) override {
    const bool mma = e.op == model::WarpOp::WmmaMma || e.op == model::WarpOp::MmaSync ||
                     e.op == model::WarpOp::WgmmaMma;
    other(e.block, e.warp, e.active_mask, e.pc, mma ? Op::Mma : Op::WarpOp);
  }

  void onLaunchEnd(const LaunchInfo &L) override {
    trace_.stop();
    std::vector<std::pair<std::uintptr_t, const profile::SiteCounters *>> order;
    order.reserve(sites_.size());
    for (const auto &[key, s] : sites_)
      order.emplace_back(key, &s);
    std::sort(order.begin(), order.end(),
              [](const auto &a, const auto &b) { return a.first < b.first; });
    std::string j = "{\"type\":\"profile\",\"launch\":" + std::to_string(L.id) + ",\"kernel\":";
    appendJsonString(j, L.site != nullptr ? L.site->kernel_name : "");
    j += ",\"kernel_file\":";
    appendJsonString(j, L.site != nullptr ? L.site->file : "");
    j += ",\"kernel_line\":" + std::to_string(L.site != nullptr ? L.site->line : 0);
    j += ",\"arch\":";
    appendJsonString(j, L.arch != nullptr ? L.arch->name.c_str() : cx_.arch().name.c_str());
    j += ",\"schedule\":";
    appendJsonString(j, scheduleName(cx_.options().schedule));
    j += ",\"warp_size\":" + std::to_string(L.warp_size);
    j += ",\"bank_count\":" + std::to_string(banks_.bankCount());
    j += ",\"grid\":" + dim(L.grid) + ",\"block\":" + dim(L.block);
    j += ",\"sites\":[";
    bool first = true;
    for (const auto &[key, s] : order) {
      j += first ? "" : ",";
      first = false;
      j += "{\"pc\":" + std::to_string(key >> 3) + ",\"op\":\"" + profile::opName(s->op) + "\"";
      if (s->memory) {
        j += ",\"space\":";
        appendJsonString(j, spaceName(s->space));
      }
      j += ",\"instructions\":" + std::to_string(s->instructions) +
           ",\"active_lanes\":" + std::to_string(s->active_lanes) +
           ",\"partial\":" + std::to_string(s->partial);
      if (s->memory && s->space == MemorySpace::Shared) {
        j += ",\"wavefronts\":" + std::to_string(s->wavefronts) +
             ",\"ideal_wavefronts\":" + std::to_string(s->ideal_wavefronts) + ",\"bank_load\":[";
        for (std::size_t b = 0; b < s->bank_load.size(); ++b)
          j += (b ? "," : "") + std::to_string(s->bank_load[b]);
        j += "],\"worst_bank_load\":[";
        for (std::size_t b = 0; b < s->worst_bank_load.size(); ++b)
          j += (b ? "," : "") + std::to_string(s->worst_bank_load[b]);
        j += "]";
      }
      if (s->bulk_bytes != 0)
        j += ",\"bulk_bytes\":" + std::to_string(s->bulk_bytes);
      if (s->requests != 0)
        j += ",\"requests\":" + std::to_string(s->requests) +
             ",\"sectors\":" + std::to_string(s->sectors) +
             ",\"ideal_sectors\":" + std::to_string(s->ideal_sectors);
      j += "}";
    }
    j += "]}";
    cx_.findings().addRecord(j);
    if (std::string t = trace_.json(); !t.empty() && traceOwed_) {
      cx_.findings().addRecord(t);
      traceOwed_ = false;
    }
    sites_.clear();
  }

private:
  // Sites are keyed by PC and operation (PCs are at least 8 apart... not
  // guaranteed, so the op goes into the low bits of the key).
  profile::SiteCounters &site(std::uintptr_t pc, Op op) {
    const std::uintptr_t key = (pc << 3) | static_cast<std::uintptr_t>(op);
    if (key == lastPc_ && lastSite_ != nullptr)
      return *lastSite_;
    profile::SiteCounters &s = sites_[key];
    s.op = op;
    lastPc_ = key;
    lastSite_ = &s;
    return s;
  }

  void other(const BlockInfo *b, std::uint32_t warp, std::uint64_t mask, std::uintptr_t pc, Op op) {
    profile::SiteCounters &s = site(pc, op);
    divergence_.count(b, warp, mask, s);
    if (trace_.active())
      trace_.record(b, warp, mask, op, pc);
  }

  ObserverContext &cx_;
  profile::SharedBankCounter banks_;
  profile::GlobalCoalescingCounter sectors_;
  profile::DivergenceCounter divergence_;
  profile::LaneActivityTrace trace_;
  bool traceOwed_ = true;
  std::unordered_map<std::uintptr_t, profile::SiteCounters> sites_;
  std::uintptr_t lastPc_ = 0;
  profile::SiteCounters *lastSite_ = nullptr;
};

} // namespace
} // namespace profile

namespace {
void installProfiler(ObserverSet &set) {
  if (set.context().options().profile)
    set.add(std::make_unique<profile::Profiler>(set.context()));
}

// Linked whole into the program, as the checkers (sim/checks/Checkers.cpp);
// after them (rank 1).
[[gnu::constructor(101)]] void registerProfiler() {
  registerObserverInstaller(1, &installProfiler);
}
} // namespace

} // namespace warpsim::sim

// Named by the linker scripts warpsim-nvcc gives CMake (EXTERN: linker scripts
// cannot say --whole-archive), so that this object and its constructor above
// are linked.
extern "C" void warpsim_link_profiler() {}
