#include "crosscheck/CrosscheckReport.h"

#include <algorithm>
#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "crosscheck/FloatDistance.h"
#include "crosscheck/Fnv1a.h"

namespace warpsim::driver {
namespace {

const char *kBar = "========= ";
using Result = BufferComparison::Result;

std::string pad(std::string s, std::size_t w, bool right = false) {
  if (s.size() >= w)
    return s;
  return right ? std::string(w - s.size(), ' ') + s : s + std::string(w - s.size(), ' ');
}

std::string known(const KnownDifference &k) {
  return " (known: " + k.allowance + (k.reason.empty() ? "" : ", " + k.reason) + ")";
}

std::string fixed2(const std::optional<double> &v) {
  if (!v)
    return "-";
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.2f", *v);
  return buf;
}

} // namespace

std::string describeBuffer(const BufferComparison &b) {
  switch (b.result) {
  case Result::Identical:
    return b.ref_digest_only ? "identical (digest)" : "identical";
  case Result::Differs: {
    char abs[32];
    if (std::isinf(b.max_abs))
      std::snprintf(abs, sizeof abs, "inf");
    else
      std::snprintf(abs, sizeof abs, "%.3g", b.max_abs);
    return "differs: " + std::to_string(b.differing) + " of " + std::to_string(b.ref_count) +
           ", max abs " + abs + ", max ulp " +
           (b.max_ulp == kUlpUnordered ? std::string("NaN") : std::to_string(b.max_ulp));
  }
  case Result::DigestDiffers:
    return "differs (digest only): warpsim fnv1a64=" + hex16(b.sim_digest) + ", reference " +
           hex16(b.ref_digest);
  case Result::SizeMismatch:
    return "size mismatch: warpsim " + std::to_string(b.sim_count) + ", reference " +
           std::to_string(b.ref_count);
  case Result::MissingInSim:
    return "missing in simulation";
  case Result::MissingInRef:
    return "missing in reference";
  }
  return {};
}

std::string crosscheckSummaryLine(const CrosscheckTotals &t) {
  return std::string(kBar) + "crosscheck: outputs " + std::to_string(t.outputs_identical) +
         " identical, " + std::to_string(t.outputs_known) + " known, " +
         std::to_string(t.outputs_differing) + " differing; counters " +
         std::to_string(t.counters_equal) + " equal, " + std::to_string(t.counters_known) +
         " known, " + std::to_string(t.counters_differing) + " differing; " +
         std::to_string(t.stale) + " stale";
}

std::string renderCrosscheckText(const CrosscheckResult &r) {
  std::string out;
  auto line = [&](const std::string &s) { out += kBar + s + "\n"; };
  line("CROSSCHECK " + r.input + ": warpsim (" + r.arch + ", " + r.schedule + ") vs " +
       r.reference);
  for (const std::string &n : r.notes)
    line("  " + n);

  std::size_t nameW = 6, countW = 8;
  for (const BufferComparison &b : r.outputs) {
    nameW = std::max(nameW, b.name.size());
    countW = std::max(countW, std::to_string(std::max(b.sim_count, b.ref_count)).size());
  }
  if (r.outputs.empty())
    line("  no buffers on either side");
  else
    line("  " + pad("buffer", nameW) + "  " + pad("elements", countW, true) + "  result");
  for (const BufferComparison &b : r.outputs) {
    std::size_t n = b.result == Result::MissingInRef ? b.sim_count : b.ref_count;
    std::string s = describeBuffer(b);
    if (b.verdict == Verdict::Known)
      s += known(*b.known);
    line("  " + pad(b.name, nameW) + "  " + pad(std::to_string(n), countW, true) + "  " + s);
  }

  std::size_t metricW = std::string("threads per instruction (info)").size();
  for (const char *m : kComparedMetrics)
    metricW = std::max(metricW, std::string(m).size());
  for (const KernelComparison &k : r.kernels) {
    auto launches = [](bool present, std::uint64_t n) {
      return present ? std::to_string(n) + (n == 1 ? " launch" : " launches")
                     : std::string("no launch");
    };
    std::string head = "COUNTERS " + k.name + ": ncu " + launches(k.in_ncu, k.ncu_launches) +
                       ", warpsim " + launches(k.in_sim, k.sim_launches);
    if (!k.in_ncu || !k.in_sim) {
      line(head + ": differs, the kernel is missing in " + (k.in_ncu ? "warpsim" : "the ncu CSV"));
      continue;
    }
    line(head);
    std::size_t valueW = 8;
    for (const CounterComparison &c : k.counters)
      valueW = std::max({valueW, std::to_string(c.ncu).size(), std::to_string(c.sim).size()});
    line("  " + pad("metric", metricW) + "  " + pad("ncu", valueW, true) + "  " +
         pad("warpsim", valueW, true) + "  result");
    for (const CounterComparison &c : k.counters) {
      std::string s = c.ncu == c.sim ? "equal" : "differs";
      if (c.verdict == Verdict::Known)
        s += known(*c.known);
      line("  " + pad(c.metric, metricW) + "  " + pad(std::to_string(c.ncu), valueW, true) + "  " +
           pad(std::to_string(c.sim), valueW, true) + "  " + s);
    }
    line("  " + pad("threads per instruction (info)", metricW) + "  " +
         pad(fixed2(k.ncu_threads_per_inst), valueW, true) + "  " +
         pad(fixed2(k.sim_threads_per_inst), valueW, true));
  }

  for (const StaleKnown &s : r.stale)
    line("STALE known difference " + s.entry->program + " " + s.entry->item + " " +
         s.entry->allowance + " (" + r.known_path + ":" + std::to_string(s.entry->line) +
         "): " + s.why);
  out += crosscheckSummaryLine(r.totals) + "\n";
  return out;
}

} // namespace warpsim::driver
