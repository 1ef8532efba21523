#include "crosscheck/Comparison.h"

#include <cmath>
#include <limits>
#include <map>
#include <set>

#include "crosscheck/FloatDistance.h"
#include "crosscheck/Fnv1a.h"

namespace warpsim::driver {
namespace {

using Result = BufferComparison::Result;

std::uint64_t digestOf(const OutputBuffer &b) {
  return b.digest_only ? b.digest : fnv1a64Floats(b.values.data(), b.values.size());
}

BufferComparison compareBuffer(const OutputBuffer &sim, const OutputBuffer &ref) {
  BufferComparison c;
  c.name = ref.name;
  c.sim_count = sim.count;
  c.ref_count = ref.count;
  if (sim.count != ref.count) {
    c.result = Result::SizeMismatch;
    return c;
  }
  if (ref.digest_only || sim.digest_only) {
    // Only the digests can be compared: equal or not, with no numbers.
    c.ref_digest_only = true;
    c.sim_digest = digestOf(sim);
    c.ref_digest = digestOf(ref);
    c.result = c.sim_digest == c.ref_digest ? Result::Identical : Result::DigestDiffers;
    return c;
  }
  for (std::size_t i = 0; i < ref.values.size(); ++i) {
    const float a = sim.values[i], b = ref.values[i];
    if (sameFloat(a, b))
      continue;
    ++c.differing;
    const std::uint64_t ulp = ulpDistance(a, b);
    const double abs = ulp == kUlpUnordered ? std::numeric_limits<double>::infinity()
                                            : std::fabs(static_cast<double>(a) - b);
    c.max_ulp = std::max(c.max_ulp, ulp);
    c.max_abs = std::max(c.max_abs, abs);
  }
  c.result = c.differing == 0 ? Result::Identical : Result::Differs;
  return c;
}

const char *resultWords(Result r) {
  switch (r) {
  case Result::Identical:
    return "identical";
  case Result::Differs:
  case Result::DigestDiffers:
    return "different";
  case Result::SizeMismatch:
    return "of a different size";
  case Result::MissingInSim:
    return "missing in the simulation";
  case Result::MissingInRef:
    return "missing in the reference";
  }
  return "";
}

} // namespace

std::vector<BufferComparison> compareOutputs(const OutputFile &sim, const OutputFile &ref) {
  std::vector<BufferComparison> out;
  for (const OutputBuffer &r : ref.buffers) {
    if (const OutputBuffer *s = sim.find(r.name)) {
      out.push_back(compareBuffer(*s, r));
    } else {
      BufferComparison c;
      c.name = r.name;
      c.ref_count = r.count;
      c.result = Result::MissingInSim;
      out.push_back(c);
    }
  }
  for (const OutputBuffer &s : sim.buffers) {
    if (ref.find(s.name) != nullptr)
      continue;
    BufferComparison c;
    c.name = s.name;
    c.sim_count = s.count;
    c.result = Result::MissingInRef;
    out.push_back(c);
  }
  return out;
}

std::vector<KernelComparison> compareCounters(const NcuCsv &ncu,
                                              const std::vector<SimKernel> &sim) {
  std::vector<KernelComparison> out;
  auto simKernel = [&](const std::string &name) -> const SimKernel * {
    for (const SimKernel &k : sim)
      if (k.name == name)
        return &k;
    return nullptr;
  };
  for (const NcuKernel &n : ncu.kernels) {
    KernelComparison c;
    c.name = n.name;
    c.in_ncu = true;
    c.ncu_launches = n.launches;
    if (n.inst && n.thread_inst && *n.inst != 0)
      c.ncu_threads_per_inst = static_cast<double>(*n.thread_inst) / static_cast<double>(*n.inst);
    if (const SimKernel *s = simKernel(n.name)) {
      c.in_sim = true;
      c.sim_launches = s->launches;
      if (s->warp_instructions != 0)
        c.sim_threads_per_inst =
            static_cast<double>(s->active_lanes) / static_cast<double>(s->warp_instructions);
      for (const char *m : kComparedMetrics) {
        auto ni = n.counters.find(m);
        auto si = s->counters.find(m);
        if (ni == n.counters.end() || si == s->counters.end())
          continue; // not recorded: nothing to compare
        c.counters.push_back({m, ni->second, si->second, Verdict::Match, nullptr});
      }
    }
    out.push_back(std::move(c));
  }
  for (const SimKernel &s : sim) {
    if (ncu.find(s.name) != nullptr)
      continue;
    KernelComparison c;
    c.name = s.name;
    c.in_sim = true;
    c.sim_launches = s.launches;
    out.push_back(std::move(c));
  }
  return out;
}

std::vector<StaleKnown> applyKnown(const std::vector<KnownDifference> &known,
                                   const std::string &program,
                                   std::vector<BufferComparison> &outputs,
                                   std::vector<KernelComparison> &kernels, bool countersCompared) {
  std::map<std::string, const KnownDifference *> byItem;
  for (const KnownDifference &k : known)
    if (k.program == program)
      byItem[k.item] = &k;
  std::set<const KnownDifference *> used;
  auto entry = [&](const std::string &item) -> const KnownDifference * {
    auto it = byItem.find(item);
    return it == byItem.end() ? nullptr : it->second;
  };

  for (BufferComparison &b : outputs) {
    if (b.result == Result::Identical) {
      b.verdict = Verdict::Match;
      continue;
    }
    b.verdict = Verdict::Unexpected;
    const KnownDifference *k = entry("out:" + b.name);
    if (k == nullptr)
      continue;
    // `digest` allows any difference of the values (against a native run the
    // full values are there, yet the entry says only that they differ).
    const bool covered = (k->kind == KnownDifference::Kind::OutputDigest &&
                          (b.result == Result::Differs || b.result == Result::DigestDiffers)) ||
                         (k->kind == KnownDifference::Kind::OutputUlp &&
                          b.result == Result::Differs && b.max_ulp <= k->ulp);
    if (covered) {
      b.verdict = Verdict::Known;
      b.known = k;
      used.insert(k);
    }
  }
  for (KernelComparison &kc : kernels) {
    kc.verdict = kc.in_ncu && kc.in_sim ? Verdict::Match : Verdict::Unexpected;
    for (CounterComparison &c : kc.counters) {
      if (c.ncu == c.sim) {
        c.verdict = Verdict::Match;
        continue;
      }
      c.verdict = Verdict::Unexpected;
      const KnownDifference *k = entry("counter:" + kc.name + ":" + c.metric);
      if (k != nullptr && k->warpsim == c.sim) {
        c.verdict = Verdict::Known;
        c.known = k;
        used.insert(k);
      }
    }
  }

  std::vector<StaleKnown> stale;
  for (const KnownDifference &k : known) {
    if (k.program != program || used.count(&k) != 0)
      continue;
    if (k.kind == KnownDifference::Kind::Counter) {
      if (!countersCompared)
        continue; // no --ncu: counters are not looked at
      std::string why = "no kernel '" + k.kernel + "' on either side";
      for (const KernelComparison &kc : kernels) {
        if (kc.name != k.kernel)
          continue;
        why = !kc.in_sim   ? "kernel '" + k.kernel + "' is not in warpsim's profile"
              : !kc.in_ncu ? "kernel '" + k.kernel + "' is not in the ncu CSV"
                           : "the ncu CSV has no " + k.metric;
        for (const CounterComparison &c : kc.counters)
          if (c.metric == k.metric)
            why = c.ncu == c.sim ? "the counter is now equal (" + std::to_string(c.sim) + ")"
                                 : "warpsim now counts " + std::to_string(c.sim) + " (ncu " +
                                       std::to_string(c.ncu) + ")";
      }
      stale.push_back({&k, why});
      continue;
    }
    std::string why = "no buffer '" + k.buffer + "' on either side";
    for (const BufferComparison &b : outputs) {
      if (b.name != k.buffer)
        continue;
      if (b.result == Result::Differs && k.kind == KnownDifference::Kind::OutputUlp)
        why = "max ulp is now " + (b.max_ulp == kUlpUnordered ? std::string("unordered (NaN)")
                                                              : std::to_string(b.max_ulp));
      else if (b.result == Result::DigestDiffers)
        why = "only a digest to compare: the allowance can only be 'digest'";
      else
        why = std::string("the buffer is now ") + resultWords(b.result);
    }
    stale.push_back({&k, why});
  }
  return stale;
}

CrosscheckTotals totalsOf(const std::vector<BufferComparison> &outputs,
                          const std::vector<KernelComparison> &kernels,
                          const std::vector<StaleKnown> &stale) {
  CrosscheckTotals t;
  for (const BufferComparison &b : outputs)
    ++(b.verdict == Verdict::Match   ? t.outputs_identical
       : b.verdict == Verdict::Known ? t.outputs_known
                                     : t.outputs_differing);
  for (const KernelComparison &k : kernels) {
    if (k.verdict == Verdict::Unexpected) // on one side only: one difference
      ++t.counters_differing;
    for (const CounterComparison &c : k.counters)
      ++(c.verdict == Verdict::Match   ? t.counters_equal
         : c.verdict == Verdict::Known ? t.counters_known
                                       : t.counters_differing);
  }
  t.stale = static_cast<unsigned>(stale.size());
  return t;
}

} // namespace warpsim::driver
