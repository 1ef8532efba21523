#include "CrosscheckJson.h"

#include <cinttypes>
#include <cmath>
#include <cstdio>

#include "crosscheck/FloatDistance.h"
#include "crosscheck/Fnv1a.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

namespace warpsim::driver {
namespace {

using Result = BufferComparison::Result;

const char *verdictName(Verdict v) {
  return v == Verdict::Match ? "ok" : v == Verdict::Known ? "known" : "unexpected";
}

const char *resultName(Result r) {
  switch (r) {
  case Result::Identical:
    return "identical";
  case Result::Differs:
    return "differs";
  case Result::DigestDiffers:
    return "differs (digest only)";
  case Result::SizeMismatch:
    return "size mismatch";
  case Result::MissingInSim:
    return "missing in simulation";
  case Result::MissingInRef:
    return "missing in reference";
  }
  return "";
}

llvm::json::Value knownJson(const KnownDifference *k) {
  if (k == nullptr)
    return nullptr;
  return llvm::json::Object{{"allowance", k->allowance}, {"reason", k->reason}, {"line", k->line}};
}

} // namespace

std::string renderCrosscheckJson(const CrosscheckResult &r, int exitStatus) {
  llvm::json::Array outputs;
  for (const BufferComparison &b : r.outputs) {
    llvm::json::Object o{{"buffer", b.name},
                         {"result", resultName(b.result)},
                         {"verdict", verdictName(b.verdict)},
                         {"known", knownJson(b.known)}};
    if (b.result != Result::MissingInSim)
      o["warpsim_elements"] = static_cast<std::int64_t>(b.sim_count);
    if (b.result != Result::MissingInRef)
      o["reference_elements"] = static_cast<std::int64_t>(b.ref_count);
    if (b.result == Result::Differs || (b.result == Result::Identical && !b.ref_digest_only)) {
      o["differing"] = static_cast<std::int64_t>(b.differing);
      // JSON has no infinity: a lone NaN's distance is null.
      o["max_abs"] = std::isinf(b.max_abs) ? llvm::json::Value(nullptr) : b.max_abs;
      o["max_ulp"] = b.max_ulp == kUlpUnordered ? llvm::json::Value(nullptr)
                                                : static_cast<std::int64_t>(b.max_ulp);
    }
    if (b.ref_digest_only) {
      o["warpsim_fnv1a64"] = hex16(b.sim_digest);
      o["reference_fnv1a64"] = hex16(b.ref_digest);
    }
    outputs.push_back(std::move(o));
  }
  llvm::json::Array kernels;
  for (const KernelComparison &k : r.kernels) {
    llvm::json::Array counters;
    for (const CounterComparison &c : k.counters)
      counters.push_back(llvm::json::Object{{"metric", c.metric},
                                            {"ncu", static_cast<std::int64_t>(c.ncu)},
                                            {"warpsim", static_cast<std::int64_t>(c.sim)},
                                            {"result", c.ncu == c.sim ? "equal" : "differs"},
                                            {"verdict", verdictName(c.verdict)},
                                            {"known", knownJson(c.known)}});
    auto opt = [](const std::optional<double> &v) {
      return v ? llvm::json::Value(*v) : llvm::json::Value(nullptr);
    };
    kernels.push_back(llvm::json::Object{
        {"kernel", k.name},
        {"ncu_launches", k.in_ncu ? llvm::json::Value(static_cast<std::int64_t>(k.ncu_launches))
                                  : llvm::json::Value(nullptr)},
        {"warpsim_launches", k.in_sim ? llvm::json::Value(static_cast<std::int64_t>(k.sim_launches))
                                      : llvm::json::Value(nullptr)},
        {"verdict", verdictName(k.verdict)},
        {"counters", std::move(counters)},
        {"threads_per_instruction", llvm::json::Object{{"ncu", opt(k.ncu_threads_per_inst)},
                                                       {"warpsim", opt(k.sim_threads_per_inst)}}}});
  }
  llvm::json::Array stale;
  for (const StaleKnown &s : r.stale)
    stale.push_back(llvm::json::Object{{"file", r.known_path},
                                       {"line", s.entry->line},
                                       {"program", s.entry->program},
                                       {"item", s.entry->item},
                                       {"allowance", s.entry->allowance},
                                       {"reason", s.entry->reason},
                                       {"why", s.why}});
  const CrosscheckTotals &t = r.totals;
  llvm::json::Array notes;
  for (const std::string &n : r.notes)
    notes.push_back(n);
  llvm::json::Object root{
      {"version", 1},
      {"tool", "warpsim"},
      {"command", "crosscheck"},
      {"input", r.input},
      {"arch", r.arch},
      {"schedule", r.schedule},
      {"reference", r.reference},
      {"notes", std::move(notes)},
      {"counters_compared", r.counters_compared},
      {"outputs", std::move(outputs)},
      {"kernels", std::move(kernels)},
      {"stale", std::move(stale)},
      {"totals", llvm::json::Object{{"outputs_identical", t.outputs_identical},
                                    {"outputs_known", t.outputs_known},
                                    {"outputs_differing", t.outputs_differing},
                                    {"counters_equal", t.counters_equal},
                                    {"counters_known", t.counters_known},
                                    {"counters_differing", t.counters_differing},
                                    {"stale", t.stale}}},
      {"exit_status", exitStatus}};
  std::string out;
  llvm::raw_string_ostream os(out);
  os << llvm::formatv("{0:2}", llvm::json::Value(std::move(root))) << "\n";
  os.flush();
  return out;
}

} // namespace warpsim::driver
