#include "WgmmaExecution.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>

#include "BlockExecutor.h"
#include "Lane.h"
#include "MatrixExecution.h"
#include "Runtime.h"
#include "SiteTable.h"

namespace warpsim::sim {

namespace {

using model::MatrixPos;
using model::WgmmaShape;

WgmmaQueue &queueOf(Lane *l) {
  if (!l->warp->wgmma)
    l->warp->wgmma = std::make_shared<WgmmaQueue>();
  return *l->warp->wgmma;
}

// Ends the launch at the lane's instruction: a form warpsim does not
// execute, or operands PTX leaves undefined.
[[noreturn]] void refuse(Lane *l, std::uintptr_t pc, std::string why) {
  Finding f;
  f.kind = "wgmma";
  f.message = std::move(why);
  f.sites.push_back(l->block->siteOf(l, pc, currentSiteId(), "issue"));
  l->block->abortLaunch(l, cudaErrorIllegalInstruction, std::move(f));
  __builtin_unreachable();
}

std::uint32_t elemBytes(model::MmaType t) { return model::mmaTypeBits(t) / 8; }

// The shared bytes (window offsets) of element (mn, k) of the A rows
// `rows` of warp part `w` (if A is in shared memory) and of B.
template <class F> void eachElement(const WgmmaQueue::Op &op, F &&f) {
  const WgmmaShape &s = op.shape;
  if (!op.regA)
    for (std::uint32_t r = 0; r < 16; ++r)
      for (std::uint32_t k = 0; k < s.k; ++k)
        f(true, r, k,
          model::wgmmaElementAddress(op.descA, op.transA, elemBytes(s.a), 16 * op.warpInGroup + r,
                                     k));
  for (std::uint32_t n = 0; n < s.n; ++n)
    for (std::uint32_t k = 0; k < s.k; ++k)
      f(false, n, k, model::wgmmaElementAddress(op.descB, op.transB, elemBytes(s.b), n, k));
}

// An element of the tiles at completion; one past the block's shared
// memory reads zero (its issue was reported as an invalid access already,
// and under --memory-error continue the wait must not read past the window).
std::uint64_t readElement(std::uintptr_t base, std::uint64_t size, std::uint64_t off,
                          std::uint32_t bytes) {
  std::uint64_t v = 0;
  if (off + bytes <= size)
    std::memcpy(&v, reinterpret_cast<const void *>(base + off), bytes);
  return v;
}

void issueOp(MatrixLane *const *ls, const MatrixLane &lead) {
  Lane *l = lead.self;
  WgmmaQueue &q = queueOf(l);
  const WgmmaLane &w = *lead.wg;
  WgmmaQueue::Op op;
  op.seq = ++q.seq;
  op.group = q.committed;
  op.shape = w.shape;
  op.regA = w.regA;
  op.scaleD = w.scaleD;
  op.negA = w.negA;
  op.negB = w.negB;
  op.transA = w.transA;
  op.transB = w.transB;
  op.descA = model::wgmmaDecode(w.descA);
  op.descB = model::wgmmaDecode(w.descB);
  op.warpInGroup = l->warp->index % 4;
  const WgmmaShape &s = w.shape;
  if (w.regA) {
    op.a.assign(16 * s.k, 0);
    for (std::uint32_t lane = 0; lane < 32; ++lane)
      for (std::uint32_t i = 0; i < model::wgmmaAElements(s) && ls[lane] != nullptr; ++i) {
        const MatrixPos p = model::wgmmaAElement(s, 0, lane, i);
        op.a[p.row * s.k + p.col] = ls[lane]->wg->a[i];
      }
  }
  // Lanes the warp lacks (exited, a partial last warp: the warp checker's
  // finding) hold no registers; their A elements read as zero.
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    if (ls[lane] == nullptr)
      continue;
    const WgmmaLane &x = *ls[lane]->wg;
    op.d[lane].resize(x.dregs);
    for (std::uint32_t r = 0; r < x.dregs; ++r) {
      WgmmaQueue::DReg &d = op.d[lane][r];
      d.ptr = x.d[r]->ptr;
      d.store = x.d[r]->store;
      d.bits = x.d[r]->bits;
      auto it = q.writer.find(d.ptr);
      d.chained = it != q.writer.end() && !q.ops.empty() && it->second >= q.ops.front().seq;
      q.writer[d.ptr] = op.seq;
    }
    ls[lane]->wg->seq = op.seq;
  }
  // The bytes it reads, as ranges of whole elements merged where adjacent
  // (A's and B's apart: two tiles side by side are two objects).
  std::vector<std::pair<std::uint64_t, std::uint32_t>> bytes[2];
  eachElement(op, [&](bool isA, std::uint32_t, std::uint32_t, std::uint64_t off) {
    bytes[isA ? 0 : 1].emplace_back(off, elemBytes(isA ? s.a : s.b));
  });
  const std::uintptr_t base = l->block->info.smem_base;
  for (auto &operand : bytes) {
    std::sort(operand.begin(), operand.end());
    const std::size_t first = op.ranges.size();
    for (const auto &[off, n] : operand) {
      if (op.ranges.size() > first &&
          op.ranges.back().first + op.ranges.back().second >= base + off) {
        auto &r = op.ranges.back();
        r.second =
            std::max<std::uint32_t>(r.second, static_cast<std::uint32_t>(base + off + n - r.first));
        continue;
      }
      op.ranges.emplace_back(base + off, n);
    }
  }
  if (!q.issued && !q.fenced)
    q.unfenced = op.seq;
  q.issued = true;
  q.ops.push_back(std::move(op));
}

void completeOp(WgmmaQueue &q, WgmmaQueue::Op &op, std::uintptr_t base, std::uint64_t size) {
  const WgmmaShape &s = op.shape;
  std::vector<std::uint64_t> a = op.regA ? op.a : std::vector<std::uint64_t>(16 * s.k);
  std::vector<std::uint64_t> b(s.k * s.n), c(16 * s.n), d(16 * s.n);
  eachElement(op, [&](bool isA, std::uint32_t mn, std::uint32_t k, std::uint64_t off) {
    if (isA)
      a[mn * s.k + k] = readElement(base, size, off, elemBytes(s.a));
    else
      b[k * s.n + mn] = readElement(base, size, off, elemBytes(s.b));
  });
  // C: each register as the operation found it (f16 D: two per register).
  const bool half = s.d == model::MmaType::F16;
  auto regBits = [&](const WgmmaQueue::DReg &r) {
    if (r.chained)
      if (auto it = q.value.find(r.ptr); it != q.value.end())
        return it->second;
    return r.bits;
  };
  for (std::uint32_t lane = 0; lane < 32; ++lane)
    for (std::uint32_t i = 0; i < model::wgmmaDElements(s); ++i) {
      const MatrixPos p = model::wgmmaDElement(0, lane, i);
      const std::uint32_t reg = half ? i / 2 : i;
      if (reg >= op.d[lane].size())
        continue;
      const std::uint64_t bits = regBits(op.d[lane][reg]);
      c[p.row * s.n + p.col] = half ? (bits >> (16 * (i % 2))) & 0xffff : bits & 0xffffffffu;
    }
  model::wgmmaCompute(s, 16, a.data(), b.data(), c.data(), d.data(), op.scaleD, op.negA, op.negB);
  for (std::uint32_t lane = 0; lane < 32; ++lane) {
    std::vector<std::uint64_t> regs(op.d[lane].size(), 0);
    for (std::uint32_t i = 0; i < model::wgmmaDElements(s); ++i) {
      const MatrixPos p = model::wgmmaDElement(0, lane, i);
      const std::uint32_t reg = half ? i / 2 : i;
      if (reg < regs.size())
        regs[reg] |= d[p.row * s.n + p.col] << (half ? 16 * (i % 2) : 0);
    }
    const auto issue = q.issueSites.find(op.seq);
    for (std::size_t r = 0; r < regs.size(); ++r) {
      const WgmmaQueue::DReg &reg = op.d[lane][r];
      // The variable holds what the asm operand read at the issue, or what
      // the earlier wgmma of the chain wrote there.
      const std::uint64_t expected = regBits(reg);
      q.value[reg.ptr] = regs[r];
      q.results[lane].push_back({reg, regs[r], expected,
                                 issue != q.issueSites.end() ? issue->second.first : 0,
                                 issue != q.issueSites.end() ? issue->second.second : kNoSite});
    }
  }
}

void waitOps(MatrixLane *const *, const MatrixLane &lead) {
  Lane *l = lead.self;
  WgmmaQueue &q = queueOf(l);
  const std::uint64_t n = lead.wg->waitN;
  const BlockInfo &info = l->block->info;
  std::size_t done = 0;
  while (done < q.ops.size() && q.ops[done].group + n < q.committed)
    completeOp(q, q.ops[done++], info.smem_base, info.smem_size);
  for (std::size_t i = 0; i < done; ++i)
    q.landed.push_back(std::move(q.ops[i]));
  q.ops.erase(q.ops.begin(), q.ops.begin() + static_cast<std::ptrdiff_t>(done));
  if (q.ops.empty()) {
    q.writer.clear();
    q.value.clear();
  }
}

void notifyRanges(Lane *l, const WgmmaQueue::Op &op, std::uintptr_t pc, std::uint32_t site,
                  bool landed) {
  BlockExecutor &b = *l->block;
  for (const auto &[addr, size] : op.ranges) {
    AsyncCopyEvent e{&b.info, l->tid, pc, addr, addr, 0, landed, AsyncCopyKind::Wgmma, size};
    e.site = site;
    for (Observer *o : Runtime::running().observers)
      o->onAsyncCopy(e);
  }
}

void warpOp(Lane *l, model::WarpOp op, WgmmaLane &w, std::uintptr_t pc) {
  MatrixLane m;
  m.op = op;
  m.wg = &w;
  m.self = l;
  matrixOp(l, m, pc);
}

void reportAccess(Lane *l, const WgmmaQueue::Reg &r, bool write, bool operand, std::uintptr_t pc,
                  std::uint32_t site, bool atWait = false) {
  BlockExecutor &b = *l->block;
  std::vector<std::uintptr_t> &reported = l->warp->wgmma->reported[l->lane];
  if (!atWait && std::find(reported.begin(), reported.end(), r.addr) == reported.end())
    reported.push_back(r.addr);
  if (Runtime::running().observers.empty())
    return;
  b.checkedSerialPoint(l, pc);
  WgmmaEvent e;
  e.kind = atWait ? WgmmaEvent::Kind::ChangedInFlight : WgmmaEvent::Kind::RegisterAccess;
  e.block = &b.info;
  e.warp = l->warp->index;
  e.thread = l->tid;
  e.pc = pc;
  e.site = site;
  e.write = write;
  e.accumulator = r.accumulator;
  e.operand = operand;
  e.issue_pc = r.pc;
  e.issue_site = r.site;
  for (Observer *o : Runtime::running().observers)
    o->onWgmma(e);
}

} // namespace

void completeWgmma(MatrixLane *const *ls, const MatrixLane &lead) {
  // The warp's events (the tiles' reads and landings) are its lowest
  // present lane's.
  for (std::uint32_t lane = 0; lane < 32; ++lane)
    if (ls[lane] != nullptr)
      ls[lane]->wg->leader = lead.self->lane;
  switch (lead.op) {
  case model::WarpOp::WgmmaMma:
    issueOp(ls, lead);
    break;
  case model::WarpOp::WgmmaCommit:
    ++queueOf(lead.self).committed;
    break;
  case model::WarpOp::WgmmaWait:
    waitOps(ls, lead);
    break;
  default: // wgmma.fence: orders register accesses, which happen in order here
    queueOf(lead.self).fenced = true;
    break;
  }
}

void wgmmaFence(Lane *l, std::uintptr_t pc) {
  WgmmaLane w;
  warpOp(l, model::WarpOp::WgmmaFence, w, pc);
}

void wgmmaCommit(Lane *l, std::uintptr_t pc) {
  WgmmaLane w;
  warpOp(l, model::WarpOp::WgmmaCommit, w, pc);
}

void wgmmaIssue(Lane *l, WgmmaLane &w, std::uintptr_t pc) {
  for (std::uint64_t desc : {w.regA ? 0 : w.descA, w.descB}) {
    const model::WgmmaDescriptor d = model::wgmmaDecode(desc);
    if (d.baseOffset != 0)
      refuse(l, pc,
             "wgmma.mma_async: a matrix descriptor with base offset " +
                 std::to_string(d.baseOffset) +
                 " (bits 49-51) is not executed by warpsim; start the swizzled tile at its "
                 "pattern's alignment (base offset 0)");
  }
  const std::uint32_t site = currentSiteId();
  warpOp(l, model::WarpOp::WgmmaMma, w, pc);
  WgmmaQueue &q = queueOf(l);
  // The registers are the operation's until its wait.
  for (std::uint32_t r = 0; r < w.dregs; ++r)
    q.regs[l->lane].push_back(
        {reinterpret_cast<std::uintptr_t>(w.d[r]->ptr), 4, true, w.seq, pc, site});
  // (Register A is not tracked: the C++ variable behind an A operand is
  // typically a new one each k step at the same stack slot, which the
  // lane's accesses cannot tell from an overwrite; the compiler gives each
  // its own registers, and ptxas protects those it reuses.)
  l->wgmma_regs = static_cast<std::uint32_t>(q.regs[l->lane].size());
  if (l->lane != w.leader)
    return;
  const auto it = std::find_if(q.ops.begin(), q.ops.end(),
                               [&](const WgmmaQueue::Op &o) { return o.seq == w.seq; });
  if (it == q.ops.end())
    return;
  q.issueSites[w.seq] = {pc, site};
  BlockExecutor &b = *l->block;
  // Its reads of shared memory, through the async proxy, as the issuing
  // warp's (its leader's) at the issue: the race detector and memory checker
  // see them here, the async-proxy rule at the same point.
  for (const auto &[addr, size] : it->ranges)
    b.access(l, addr, size, AccessKind::Load, MemoryOrder::NotAtomic, pc, Scope::Device,
             Proxy::Async);
  if (Runtime::running().observers.empty())
    return;
  b.checkedSerialPoint(l, pc);
  notifyRanges(l, *it, pc, site, false);
  WgmmaEvent e;
  e.kind = q.unfenced == w.seq ? WgmmaEvent::Kind::Unfenced : WgmmaEvent::Kind::Issue;
  e.block = &b.info;
  e.warp = l->warp->index;
  e.thread = l->tid;
  e.pc = pc;
  e.site = site;
  for (Observer *o : Runtime::running().observers)
    o->onWgmma(e);
}

void wgmmaWait(Lane *l, std::uint32_t n, std::uintptr_t pc) {
  WgmmaLane w;
  w.waitN = n;
  warpOp(l, model::WarpOp::WgmmaWait, w, pc);
  WgmmaQueue &q = queueOf(l);
  // The completed operations' results into this lane's registers (the
  // instrumented stores of the operands' types: not the lane's accesses).
  std::vector<WgmmaQueue::Result> mine;
  mine.swap(q.results[l->lane]);
  // A register below this frame on the lane's stack belongs to a function
  // that has returned (a wait after the accumulators went out of scope):
  // writing it could break live frames, and nobody can read it. A variable
  // that no longer holds what the wgmma found there was written while it
  // was in flight (an access the instrumentation did not carry, or its
  // storage reused after its scope ended): it keeps that value.
  const auto frame = reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0));
  std::vector<WgmmaQueue::Result> changed;
  l->wgmma_writing = true;
  for (const WgmmaQueue::Result &r : mine) {
    const auto at = reinterpret_cast<std::uintptr_t>(r.reg.ptr);
    if (r.reg.store == nullptr || (at - l->stack_lo < l->stack_hi - l->stack_lo && at < frame))
      continue;
    std::uint32_t now = 0;
    std::memcpy(&now, r.reg.ptr, 4);
    if (now != static_cast<std::uint32_t>(r.expected)) {
      changed.push_back(r);
      continue;
    }
    r.reg.store(r.reg.ptr, r.bits);
  }
  l->wgmma_writing = false;
  std::vector<std::uintptr_t> &reported = q.reported[l->lane];
  for (const WgmmaQueue::Result &r : changed) {
    const auto at = reinterpret_cast<std::uintptr_t>(r.reg.ptr);
    if (std::find(reported.begin(), reported.end(), at) != reported.end())
      continue;
    reported.push_back(at);
    reportAccess(l, {at, 4, true, 0, r.pc, r.site}, true, false, pc, currentSiteId(), true);
  }
  std::vector<WgmmaQueue::Reg> &regs = q.regs[l->lane];
  const std::uint64_t oldest = q.ops.empty() ? UINT64_MAX : q.ops.front().seq;
  regs.erase(std::remove_if(regs.begin(), regs.end(),
                            [&](const WgmmaQueue::Reg &r) { return r.seq < oldest; }),
             regs.end());
  l->wgmma_regs = static_cast<std::uint32_t>(regs.size());
  if (regs.empty())
    reported.clear();
  if (l->lane != w.leader || q.landed.empty())
    return;
  std::vector<WgmmaQueue::Op> landed;
  landed.swap(q.landed);
  if (Runtime::running().observers.empty())
    return;
  l->block->checkedSerialPoint(l, pc);
  for (const WgmmaQueue::Op &op : landed) {
    const auto site = q.issueSites.find(op.seq);
    if (site != q.issueSites.end()) {
      notifyRanges(l, op, site->second.first, site->second.second, true);
      q.issueSites.erase(site);
    }
  }
}

void wgmmaRegisterAccess(Lane *l, std::uintptr_t addr, std::uint32_t size, bool write,
                         std::uintptr_t pc) {
  // The wait's own write-back is not an access. Whether the program made
  // it or the next asm statement's operands read it is known only at that
  // statement (wgmmaBeforeStatement): the operand code (ptx_abi.h) runs
  // before it, and the static site of an access of the stack may be stale
  // (TSan's hooks do not set it), so the report names the pc alone.
  if (l->wgmma_writing || !l->warp->wgmma)
    return;
  WgmmaQueue &q = *l->warp->wgmma;
  for (const WgmmaQueue::Reg &r : q.regs[l->lane])
    if (addr < r.addr + r.size && r.addr < addr + size) {
      q.suspects[l->lane].push_back({r, write, pc});
      return;
    }
}

void wgmmaBeforeStatement(Lane *l, const PtxArg *args, unsigned count,
                          const std::vector<bool> &allowed, bool empty, std::uintptr_t pc) {
  WgmmaQueue &q = *l->warp->wgmma;
  auto isOperand = [&](std::uintptr_t at) {
    for (unsigned k = 0; k < count; ++k)
      if (reinterpret_cast<std::uintptr_t>(args[k].ptr != nullptr ? args[k].ptr : args[k].src) ==
          at)
        return true;
    return false;
  };
  std::vector<WgmmaQueue::Suspect> suspects;
  suspects.swap(q.suspects[l->lane]);
  for (const WgmmaQueue::Suspect &s : suspects)
    if (s.write || !isOperand(s.reg.addr))
      reportAccess(l, s.reg, s.write, false, s.pc, kNoSite);
  if (empty)
    return;
  const std::vector<WgmmaQueue::Reg> &regs = q.regs[l->lane];
  for (unsigned k = 0; k < count; ++k) {
    const auto *p = static_cast<const char *>(args[k].ptr != nullptr ? args[k].ptr : args[k].src);
    if (p == nullptr)
      continue;
    const auto at = reinterpret_cast<std::uintptr_t>(p);
    const bool write = args[k].ptr != nullptr;
    for (const WgmmaQueue::Reg &r : regs)
      if (at < r.addr + r.size && r.addr < at + 4) {
        if (k < allowed.size() && allowed[k])
          break; // a chained mma_async on the same accumulators
        reportAccess(l, r, write, true, pc, currentSiteId());
        return;
      }
  }
}

} // namespace warpsim::sim
