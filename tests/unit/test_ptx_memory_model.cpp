// Unit tests of model/PtxMemoryModel.h: the 16 litmus tests of DESIGN.md's
// table (and coherence, atomicity and barrier twins) driven against the
// model alone, with every interleaving and every read and store-placement
// choice explored exhaustively. Forbidden outcomes must never appear;
// allowed weak outcomes the model can reach must appear.
#include <doctest/doctest.h>

#include <functional>
#include <map>
#include <set>
#include <vector>

#include "warpsim/model/PtxMemoryModel.h"

using namespace warpsim::model;

namespace {

constexpr std::uint64_t X = 0x100, Y = 0x200, Z = 0x300;
constexpr MemoryOrder W = MemoryOrder::NotAtomic, Rlx = MemoryOrder::Relaxed,
                      Acq = MemoryOrder::Acquire, Rel = MemoryOrder::Release;
constexpr Scope Cta = Scope::Block, Gpu = Scope::Device;

struct Op {
  enum Kind { Ld, St, StReg, RmwAdd, Fence, FenceSc, BarArrive, BarDepart } kind;
  std::uint64_t addr = 0; // location, or the barrier's key
  std::uint64_t val = 0;  // stored value; BarDepart: participants
  MemoryOrder mo = W;
  Scope scope = Gpu;
  int reg = -1; // Ld/RmwAdd: register written; StReg: register stored
};
Op ld(int reg, std::uint64_t a, MemoryOrder mo = W, Scope s = Gpu) {
  return {Op::Ld, a, 0, mo, s, reg};
}
Op st(std::uint64_t a, std::uint64_t v, MemoryOrder mo = W, Scope s = Gpu) {
  return {Op::St, a, v, mo, s, -1};
}
Op stReg(std::uint64_t a, int reg) { return {Op::StReg, a, 0, W, Gpu, reg}; }
Op add(int reg, std::uint64_t a, std::uint64_t v) { return {Op::RmwAdd, a, v, Rlx, Gpu, reg}; }
Op fence(Scope s) { return {Op::Fence, 0, 0, W, s, -1}; }
Op fenceSc(Scope s) { return {Op::FenceSc, 0, 0, W, s, -1}; }

struct Thread {
  PtxPlace where;
  std::vector<Op> ops;
};
struct Litmus {
  std::vector<Thread> threads;
  std::vector<std::uint64_t> finals; // locations whose final value is part of the outcome
};

// Outcome: registers r0..r3, then the final values of `finals`.
using Outcome = std::vector<std::uint64_t>;

struct Result {
  std::map<Outcome, std::uint64_t> counts;
  std::uint64_t executions = 0;
  bool has(const Outcome &o) const { return counts.count(o) != 0; }
};

// Every execution: the choice sequence (scheduling, read choices, store
// placements) is enumerated like an odometer, depth first.
Result explore(const Litmus &t, PtxMemoryModel::Bounds bounds = {}) {
  Result res;
  std::vector<std::pair<std::uint64_t, std::uint64_t>> script; // (choice, of n)
  std::size_t pos = 0;
  auto choose = [&](std::uint64_t n) -> std::uint64_t {
    if (pos < script.size()) {
      script[pos].second = n;
      return script[pos++].first;
    }
    script.emplace_back(0, n);
    ++pos;
    return 0;
  };
  for (;;) {
    pos = 0;
    PtxMemoryModel m(choose, bounds);
    std::map<std::uint64_t, std::uint64_t> mem; // latest values; 0 initially
    std::map<std::uint64_t, std::uint64_t> arrived;
    std::vector<std::uint64_t> regs(4, 0);
    std::vector<std::size_t> pc(t.threads.size(), 0);
    for (std::size_t i = 0; i < t.threads.size(); ++i)
      m.place(i, t.threads[i].where);
    for (;;) {
      std::vector<std::size_t> ready;
      for (std::size_t i = 0; i < t.threads.size(); ++i) {
        if (pc[i] == t.threads[i].ops.size())
          continue;
        const Op &o = t.threads[i].ops[pc[i]];
        if (o.kind == Op::BarDepart && arrived[o.addr] < o.val)
          continue;
        ready.push_back(i);
      }
      if (ready.empty())
        break;
      const std::size_t i = ready[ready.size() > 1 ? choose(ready.size()) : 0];
      const Op &o = t.threads[i].ops[pc[i]++];
      switch (o.kind) {
      case Op::Ld:
        regs[o.reg] = m.load(i, o.addr, 4, o.mo, o.scope, mem[o.addr]);
        break;
      case Op::St:
      case Op::StReg: {
        const std::uint64_t v = o.kind == Op::St ? o.val : regs[o.reg];
        if (m.store(i, o.addr, 4, v, o.mo, o.scope, mem[o.addr]))
          mem[o.addr] = v;
        break;
      }
      case Op::RmwAdd:
        regs[o.reg] = mem[o.addr];
        m.rmw(i, o.addr, 4, mem[o.addr] + o.val, o.mo, o.scope, mem[o.addr]);
        mem[o.addr] += o.val;
        break;
      case Op::Fence:
      case Op::FenceSc:
        m.fence(i, o.kind == Op::FenceSc, o.scope);
        break;
      case Op::BarArrive:
        m.syncArrive(i, o.addr, o.scope);
        ++arrived[o.addr];
        break;
      case Op::BarDepart:
        m.syncDepart(i, o.addr);
        break;
      }
    }
    Outcome out = regs;
    for (std::uint64_t a : t.finals)
      out.push_back(mem[a]);
    ++res.counts[out];
    ++res.executions;
    script.resize(pos);
    while (!script.empty() && script.back().first + 1 >= script.back().second)
      script.pop_back();
    if (script.empty())
      break;
    ++script.back().first;
  }
  return res;
}

const PtxPlace cta0{0, 0}, cta1{1, 1}, cta2{2, 2}, cta3{3, 3};

// Message passing between two threads, with `mid` between the writer's
// stores and `midR` between the reader's loads.
Litmus mp(PtxPlace a, PtxPlace b, std::vector<Op> wr, std::vector<Op> rd) {
  return {{{a, wr}, {b, rd}}, {}};
}

} // namespace

TEST_CASE("litmus CoRR: weak loads in one CTA may read new then old (allowed)") {
  Result r = explore({{{cta0, {st(X, 1)}}, {cta0, {ld(0, X), ld(1, X)}}}, {}});
  CHECK(r.has({1, 0, 0, 0}));
  CHECK(r.has({1, 1, 0, 0}));
  CHECK(r.has({0, 0, 0, 0}));
}

TEST_CASE("litmus CoRR-strong: release/acquire.gpu then a weak load never reads older "
          "(forbidden)") {
  Result r = explore({{{cta0, {st(X, 1, Rel, Gpu)}}, {cta1, {ld(0, X, Acq, Gpu), ld(1, X)}}}, {}});
  CHECK_FALSE(r.has({1, 0, 0, 0}));
  CHECK(r.has({1, 1, 0, 0}));
  CHECK(r.has({0, 0, 0, 0}));
  CHECK(r.has({0, 1, 0, 0}));
  // Twin: two relaxed strong loads obey coherence too.
  Result s = explore({{{cta0, {st(X, 1, Rlx)}}, {cta1, {ld(0, X, Rlx), ld(1, X, Rlx)}}}, {}});
  CHECK_FALSE(s.has({1, 0, 0, 0}));
}

TEST_CASE("litmus MP: weak message passing across CTAs (allowed), with fence.cta (allowed), "
          "with fence.gpu (forbidden)") {
  Result plain = explore(mp(cta0, cta1, {st(X, 1), st(Y, 1)}, {ld(0, Y), ld(1, X)}));
  CHECK(plain.has({1, 0, 0, 0}));
  // 6 interleavings; the read choices make 13 executions (the explorer
  // enumerates choices, not only schedules).
  CHECK(plain.executions == 13);
  Result fcta = explore(
      mp(cta0, cta1, {st(X, 1), fenceSc(Cta), st(Y, 1)}, {ld(0, Y), fenceSc(Cta), ld(1, X)}));
  CHECK(fcta.has({1, 0, 0, 0}));
  Result fgpu = explore(
      mp(cta0, cta1, {st(X, 1), fenceSc(Gpu), st(Y, 1)}, {ld(0, Y), fenceSc(Gpu), ld(1, X)}));
  CHECK_FALSE(fgpu.has({1, 0, 0, 0}));
  CHECK(fgpu.has({1, 1, 0, 0}));
  CHECK(fgpu.has({0, 0, 0, 0}));
  // fence.acq_rel.gpu is enough for MP.
  Result fAcqRel =
      explore(mp(cta0, cta1, {st(X, 1), fence(Gpu), st(Y, 1)}, {ld(0, Y), fence(Gpu), ld(1, X)}));
  CHECK_FALSE(fAcqRel.has({1, 0, 0, 0}));
  // One side's fence at CTA scope breaks it: not morally strong.
  Result mixed = explore(
      mp(cta0, cta1, {st(X, 1), fenceSc(Gpu), st(Y, 1)}, {ld(0, Y), fenceSc(Cta), ld(1, X)}));
  CHECK(mixed.has({1, 0, 0, 0}));
  // fence.cta is enough inside one CTA.
  Result sameCta = explore(
      mp(cta0, cta0, {st(X, 1), fenceSc(Cta), st(Y, 1)}, {ld(0, Y), fenceSc(Cta), ld(1, X)}));
  CHECK_FALSE(sameCta.has({1, 0, 0, 0}));
}

TEST_CASE("litmus MP rel/acq: .gpu in one CTA forbidden, .cta across CTAs allowed") {
  Result gpu =
      explore(mp(cta0, cta0, {st(X, 1), st(Y, 1, Rel, Gpu)}, {ld(0, Y, Acq, Gpu), ld(1, X)}));
  CHECK_FALSE(gpu.has({1, 0, 0, 0}));
  CHECK(gpu.has({1, 1, 0, 0}));
  Result cta =
      explore(mp(cta0, cta1, {st(X, 1), st(Y, 1, Rel, Cta)}, {ld(0, Y, Acq, Cta), ld(1, X)}));
  CHECK(cta.has({1, 0, 0, 0}));
  // Twins: .gpu across CTAs forbidden; .cta in one CTA forbidden; a
  // cluster scope reaches a CTA of the same cluster.
  Result gpuX =
      explore(mp(cta0, cta1, {st(X, 1), st(Y, 1, Rel, Gpu)}, {ld(0, Y, Acq, Gpu), ld(1, X)}));
  CHECK_FALSE(gpuX.has({1, 0, 0, 0}));
  Result ctaIn =
      explore(mp(cta0, cta0, {st(X, 1), st(Y, 1, Rel, Cta)}, {ld(0, Y, Acq, Cta), ld(1, X)}));
  CHECK_FALSE(ctaIn.has({1, 0, 0, 0}));
  const PtxPlace c0{0, 9}, c1{1, 9};
  Result cl = explore(mp(c0, c1, {st(X, 1), st(Y, 1, Rel, Scope::Cluster)},
                         {ld(0, Y, Acq, Scope::Cluster), ld(1, X)}));
  CHECK_FALSE(cl.has({1, 0, 0, 0}));
  Result clOut = explore(mp(cta0, cta1, {st(X, 1), st(Y, 1, Rel, Scope::Cluster)},
                            {ld(0, Y, Acq, Scope::Cluster), ld(1, X)}));
  CHECK(clOut.has({1, 0, 0, 0}));
  // A .thread-scope release reaches no other thread.
  Result thr = explore(
      mp(cta0, cta0, {st(X, 1), st(Y, 1, Rel, Scope::Thread)}, {ld(0, Y, Acq, Gpu), ld(1, X)}));
  CHECK(thr.has({1, 0, 0, 0}));
  // A relaxed store does not release.
  Result rlx =
      explore(mp(cta0, cta0, {st(X, 1), st(Y, 1, Rlx, Gpu)}, {ld(0, Y, Acq, Gpu), ld(1, X)}));
  CHECK(rlx.has({1, 0, 0, 0}));
}

TEST_CASE("litmus ISA2: rel.cta / acq.cta then rel.gpu / acq.gpu is transitive (forbidden)") {
  Litmus t{{{cta0, {st(X, 1), st(Y, 1, Rel, Cta)}},
            {cta0, {ld(0, Y, Acq, Cta), st(Z, 1, Rel, Gpu)}},
            {cta1, {ld(1, Z, Acq, Gpu), ld(2, X)}}},
           {}};
  Result r = explore(t);
  CHECK_FALSE(r.has({1, 1, 0, 0}));
  CHECK(r.has({1, 1, 1, 0}));
  CHECK(r.has({0, 1, 0, 0})); // T1 read y=0: nothing is promised
  // Twin: the first link at .cta across CTAs breaks the chain.
  Litmus u{{{cta2, {st(X, 1), st(Y, 1, Rel, Cta)}},
            {cta0, {ld(0, Y, Acq, Cta), st(Z, 1, Rel, Gpu)}},
            {cta1, {ld(1, Z, Acq, Gpu), ld(2, X)}}},
           {}};
  CHECK(explore(u).has({1, 1, 0, 0}));
}

TEST_CASE("litmus SB: allowed plain; forbidden with fence.sc.gpu (CTAs) and fence.sc.cta (one "
          "CTA); allowed with fence.acq_rel.cta") {
  auto sb = [](PtxPlace a, PtxPlace b, std::vector<Op> mid, MemoryOrder so = W,
               MemoryOrder lo = W) {
    std::vector<Op> t0{st(X, 1, so, Cta)}, t1{st(Y, 1, so, Cta)};
    t0.insert(t0.end(), mid.begin(), mid.end());
    t1.insert(t1.end(), mid.begin(), mid.end());
    t0.push_back(ld(0, Y, lo, Cta));
    t1.push_back(ld(1, X, lo, Cta));
    return explore({{{a, t0}, {b, t1}}, {}});
  };
  CHECK(sb(cta0, cta1, {}).has({0, 0, 0, 0}));
  Result gpu = sb(cta0, cta1, {fenceSc(Gpu)});
  CHECK_FALSE(gpu.has({0, 0, 0, 0}));
  CHECK(gpu.has({1, 1, 0, 0}));
  CHECK(gpu.has({0, 1, 0, 0}));
  Result cta = sb(cta0, cta0, {fenceSc(Cta)});
  CHECK_FALSE(cta.has({0, 0, 0, 0}));
  CHECK(sb(cta0, cta1, {fenceSc(Cta)}).has({0, 0, 0, 0})); // twin: .cta across CTAs
  CHECK(sb(cta0, cta0, {fence(Cta)}, Rel, Acq).has({0, 0, 0, 0}));
}

TEST_CASE("litmus LB and out-of-thin-air: never produced (the model has no promises)") {
  Result lb = explore({{{cta0, {ld(0, Y), st(X, 1)}}, {cta1, {ld(1, X), st(Y, 1)}}}, {}});
  CHECK_FALSE(lb.has({1, 1, 0, 0})); // allowed by PTX, unreachable here (documented)
  CHECK(lb.has({0, 1, 0, 0}));
  CHECK(lb.has({0, 0, 0, 0}));
  Result lbf = explore(
      {{{cta0, {ld(0, Y), fenceSc(Gpu), st(X, 1)}}, {cta1, {ld(1, X), fenceSc(Gpu), st(Y, 1)}}},
       {}});
  CHECK_FALSE(lbf.has({1, 1, 0, 0}));
  Result oota =
      explore({{{cta0, {ld(0, Y), stReg(X, 0)}}, {cta1, {ld(1, X), stReg(Y, 1)}}}, {X, Y}});
  for (const auto &[o, n] : oota.counts)
    for (std::uint64_t v : o)
      CHECK(v == 0); // no value but the initial one ever appears
}

TEST_CASE("litmus IRIW: readers may disagree (allowed); not with fence.sc.gpu in both readers") {
  auto iriw = [](std::vector<Op> mid, MemoryOrder lo) {
    std::vector<Op> r0{ld(0, X, lo)}, r1{ld(2, Y, lo)};
    r0.insert(r0.end(), mid.begin(), mid.end());
    r1.insert(r1.end(), mid.begin(), mid.end());
    r0.push_back(ld(1, Y, lo));
    r1.push_back(ld(3, X, lo));
    return explore({{{cta0, {st(X, 1)}}, {cta1, {st(Y, 1)}}, {cta2, r0}, {cta3, r1}}, {}});
  };
  CHECK(iriw({}, W).has({1, 0, 1, 0}));
  CHECK(iriw({}, Rlx).has({1, 0, 1, 0}));
  Result f = iriw({fenceSc(Gpu)}, W);
  CHECK_FALSE(f.has({1, 0, 1, 0}));
  CHECK(f.has({1, 1, 1, 1}));
  CHECK_FALSE(iriw({fenceSc(Gpu)}, Rlx).has({1, 0, 1, 0}));
  // Twin: fence.acq_rel is not enough, fence.sc.cta across CTAs neither.
  CHECK(iriw({fence(Gpu)}, Rlx).has({1, 0, 1, 0}));
  CHECK(iriw({fenceSc(Cta)}, W).has({1, 0, 1, 0}));
}

TEST_CASE("litmus 2+2W: both first stores last in coherence order (allowed)") {
  Result r = explore({{{cta0, {st(X, 2), st(Y, 1)}}, {cta1, {st(Y, 2), st(X, 1)}}}, {X, Y}});
  CHECK(r.has({0, 0, 0, 0, 2, 2}));
  CHECK(r.has({0, 0, 0, 0, 1, 2}));
  CHECK(r.has({0, 0, 0, 0, 2, 1}));
  // Twin: with fence.sc.gpu between the stores it is forbidden.
  Result f = explore(
      {{{cta0, {st(X, 2), fenceSc(Gpu), st(Y, 1)}}, {cta1, {st(Y, 2), fenceSc(Gpu), st(X, 1)}}},
       {X, Y}});
  CHECK_FALSE(f.has({0, 0, 0, 0, 2, 2}));
}

TEST_CASE("coherence: a thread's own stores stay in order and it reads its own latest") {
  Result ww =
      explore({{{cta0, {st(X, 1), st(X, 2), ld(0, X)}}, {cta1, {ld(1, X), ld(2, X, Rlx)}}}, {X}});
  for (const auto &[o, n] : ww.counts) {
    CHECK(o[4] == 2); // CoWW: the last store of one thread is last
    CHECK(o[0] == 2); // CoWR
  }
  // CoRW: a store after a read goes above what was read.
  Result rw = explore({{{cta0, {st(X, 1)}}, {cta1, {ld(0, X), st(X, 2)}}}, {X}});
  CHECK_FALSE(rw.has({1, 0, 0, 0, 1}));
  CHECK(rw.has({0, 0, 0, 0, 1})); // 2 went below 1
}

TEST_CASE("atomicity: read-modify-writes read the latest and nothing goes between") {
  Result r = explore({{{cta0, {add(0, X, 1)}}, {cta1, {add(1, X, 1)}}, {cta2, {st(X, 10)}}}, {X}});
  for (const auto &[o, n] : r.counts) {
    CHECK(o[0] != o[1]);
    const std::uint64_t fin = o[4];
    CHECK((fin == 10 || fin == 11 || fin == 12));
  }
  CHECK(r.has({0, 1, 0, 0, 10}));
  CHECK(r.has({10, 11, 0, 0, 12}));
}

TEST_CASE("barriers: arrive/depart order a CTA's accesses; a thread past the barrier reads "
          "what was written before it") {
  Op arrive{Op::BarArrive, 7, 0, W, Cta, -1}, depart{Op::BarDepart, 7, 2, W, Cta, -1};
  Result r = explore(mp(cta0, cta0, {st(X, 1), arrive, depart}, {arrive, depart, ld(0, X)}));
  CHECK_FALSE(r.has({0, 0, 0, 0}));
  CHECK(r.has({1, 0, 0, 0}));
  // Twin: without the barrier the old value is readable.
  CHECK(explore(mp(cta0, cta0, {st(X, 1)}, {ld(0, X)})).has({0, 0, 0, 0}));
}

TEST_CASE("bounds: history depth, location cap, forget, writes outside the model") {
  std::uint64_t next = 0;
  PtxMemoryModel m([&](std::uint64_t n) { return next % n; }, {2, 4, 1u << 14});
  m.place(0, cta0);
  m.place(1, cta1);
  std::uint64_t mem = 0;
  for (std::uint64_t v = 1; v <= 5; ++v) {
    CHECK(m.store(0, X, 4, v, W, Gpu, mem)); // choice 0 among one gap: append
    mem = v;
  }
  CHECK(m.history(X) == 2);
  next = 0; // thread 1 may read the two kept messages only
  CHECK(m.load(1, X, 4, W, Gpu, mem) == 4);
  next = 1;
  CHECK(m.load(1, X, 4, W, Gpu, mem) == 5);
  // Memory changed behind the model's back: only the new value is readable.
  next = 0;
  CHECK(m.load(1, X, 4, W, Gpu, 77) == 77);
  CHECK(m.history(X) == 1);
  // Another shape over the same bytes forgets the old location.
  m.load(1, X, 8, W, Gpu, 77);
  CHECK(m.history(X) == 1);
  m.forget(X, 8);
  CHECK(m.history(X) == 0);
  // More locations than the cap: every history is forgotten (sound: SC).
  for (std::uint64_t a = 0; a < 6; ++a)
    m.store(0, 0x1000 + 8 * a, 4, 1, W, Gpu, 0);
  CHECK(m.collapses() >= 1);
  CHECK(m.locations() <= 4);
  // An exited thread's state goes; what it stored stays readable.
  CHECK(m.threads() == 2);
  m.retire(0);
  CHECK(m.threads() == 1);
}

TEST_CASE("a weak store placed below a later one is not the latest; the same choices replay") {
  auto run = [](std::uint64_t seed) {
    std::uint64_t s = seed;
    PtxMemoryModel m([&](std::uint64_t n) {
      s = s * 6364136223846793005ull + 1442695040888963407ull;
      return (s >> 33) % n;
    });
    m.place(0, cta0);
    m.place(1, cta1);
    std::uint64_t mem = 0;
    std::vector<std::uint64_t> trace;
    for (std::uint64_t v = 1; v <= 20; ++v) {
      const bool latest = m.store(v % 2, X, 4, v, W, Gpu, mem);
      if (latest)
        mem = v;
      trace.push_back(latest);
      trace.push_back(m.load((v + 1) % 2, X, 4, W, Gpu, mem));
    }
    return trace;
  };
  CHECK(run(3) == run(3));
  bool someBelow = false;
  for (std::uint64_t seed = 0; seed < 8; ++seed)
    for (std::size_t i = 0; i < run(seed).size(); i += 2)
      someBelow |= run(seed)[i] == 0;
  CHECK(someBelow);
}

namespace {

// Every outcome of `t` under sequential consistency: all interleavings over
// one plain memory (independent of the model).
std::set<Outcome> scOutcomes(const Litmus &t) {
  std::set<Outcome> out;
  std::vector<std::size_t> pc(t.threads.size(), 0);
  std::map<std::uint64_t, std::uint64_t> mem;
  std::vector<std::uint64_t> regs(4, 0);
  std::function<void()> step = [&] {
    bool any = false;
    for (std::size_t i = 0; i < t.threads.size(); ++i) {
      if (pc[i] == t.threads[i].ops.size())
        continue;
      any = true;
      const Op &o = t.threads[i].ops[pc[i]++];
      const auto savedMem = mem;
      const auto savedRegs = regs;
      if (o.kind == Op::Ld)
        regs[o.reg] = mem[o.addr];
      else if (o.kind == Op::St)
        mem[o.addr] = o.val;
      step();
      mem = savedMem;
      regs = savedRegs;
      --pc[i];
    }
    if (!any) {
      Outcome o = regs;
      for (std::uint64_t a : t.finals)
        o.push_back(mem[a]);
      out.insert(o);
    }
  };
  step();
  return out;
}

// A random program of loads and stores over x and y; with `fenced`, a
// fence.sc.gpu between every two accesses of a thread.
Litmus randomProgram(std::uint64_t seed, bool fenced) {
  std::uint64_t s = seed * 0x9e3779b97f4a7c15ull + 1;
  auto next = [&](std::uint64_t n) {
    s = s * 6364136223846793005ull + 1442695040888963407ull;
    return (s >> 33) % n;
  };
  Litmus t;
  t.finals = {X, Y};
  const std::size_t threads = 2 + next(2), ops = threads == 2 ? 3 : 2;
  int reg = 0;
  std::uint64_t value = 1;
  for (std::size_t i = 0; i < threads; ++i) {
    Thread th{{i, i}, {}};
    for (std::size_t k = 0; k < ops; ++k) {
      if (fenced && k > 0)
        th.ops.push_back(fenceSc(Gpu));
      const std::uint64_t a = next(2) ? X : Y;
      if (reg < 4 && next(2))
        th.ops.push_back(ld(reg++, a));
      else
        th.ops.push_back(st(a, value++));
    }
    t.threads.push_back(th);
  }
  return t;
}

std::set<Outcome> modelOutcomes(const Litmus &t) {
  std::set<Outcome> out;
  for (const auto &[o, n] : explore(t).counts)
    out.insert(o);
  return out;
}

} // namespace

TEST_CASE("random programs: with fence.sc.gpu between all accesses the model gives exactly the "
          "SC outcomes; without fences at least all of them") {
  int weaker = 0;
  for (std::uint64_t seed = 1; seed <= 60; ++seed) {
    const Litmus fenced = randomProgram(seed, true);
    const std::set<Outcome> sc = scOutcomes(fenced);
    CHECK_MESSAGE(modelOutcomes(fenced) == sc, "seed " << seed);
    const Litmus plain = randomProgram(seed, false);
    const std::set<Outcome> weak = modelOutcomes(plain);
    for (const Outcome &o : scOutcomes(plain))
      CHECK_MESSAGE(weak.count(o) == 1, "seed " << seed);
    weaker += weak.size() > sc.size();
  }
  CHECK(weaker > 10); // and without fences it is weaker, often
}

TEST_CASE("views: own entries over a shared base; joins share or merge bases exactly") {
  PtxView a;
  a.raise(X, 5);
  a.raise(Y, 7);
  auto base = a.flatten(); // {X:5, Y:7}
  PtxView t;
  t.rebase(base);
  t.raise(Z, 3);
  CHECK(t.get(X) == 5);
  CHECK(t.get(Z) == 3);
  CHECK(t.size() == 1); // the base is shared, not copied
  // A view flattened from t's base is a superset: joining it keeps it as
  // the base, still without copying.
  PtxView u;
  u.rebase(base);
  u.raise(X, 9);
  auto newer = u.flatten(); // {X:9, Y:7}, derived from `base`
  PtxView v;
  v.rebase(newer);
  t.join(v);
  CHECK(t.get(X) == 9);
  CHECK(t.get(Y) == 7);
  CHECK(t.get(Z) == 3);
  CHECK(t.size() == 1);
  // Joining the older base back changes nothing.
  PtxView old;
  old.rebase(base);
  t.join(old);
  CHECK(t.get(X) == 9);
  CHECK(t.size() == 1);
  // An unrelated base is merged entry by entry.
  PtxView w;
  w.raise(0x400, 11);
  w.raise(X, 2);
  PtxView other;
  other.rebase(w.flatten());
  t.join(other);
  CHECK(t.get(0x400) == 11);
  CHECK(t.get(X) == 9);
  CHECK(t.get(Y) == 7);
}
