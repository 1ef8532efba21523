// The cross-check proper: the simulated run's outputs and counters against the
// GPU's, item by item, then the known differences applied. Pure data in and
// out; printing is CrosscheckReport's, running programs CrosscheckCommand's.
#pragma once

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "crosscheck/KnownDifferences.h"
#include "crosscheck/NcuCsv.h"
#include "crosscheck/OutputFile.h"

namespace warpsim::driver {

// What the comparison makes of one item, before known differences.
enum class Verdict { Match, Known, Unexpected };

struct BufferComparison {
  enum class Result { Identical, Differs, DigestDiffers, SizeMismatch, MissingInSim, MissingInRef };
  std::string name;
  Result result = Result::Identical;
  std::size_t sim_count = 0, ref_count = 0;
  std::size_t differing = 0;    // elements not bit-identical (Differs)
  double max_abs = 0;           // largest |sim - ref| (Differs; inf with a lone NaN)
  std::uint64_t max_ulp = 0;    // largest ulp distance (Differs; kUlpUnordered with a lone NaN)
  bool ref_digest_only = false; // the reference recorded only a digest
  std::uint64_t sim_digest = 0, ref_digest = 0; // when ref_digest_only
  Verdict verdict = Verdict::Match;
  const KnownDifference *known = nullptr; // the entry that covers it (Known)
};

// One kernel of warpsim's profile, as the cross-check needs it.
struct SimKernel {
  std::string name; // normalised like ncu's
  std::uint64_t launches = 0;
  std::map<std::string, std::uint64_t> counters; // kComparedMetrics
  std::uint64_t warp_instructions = 0, active_lanes = 0;
};

struct CounterComparison {
  std::string metric;
  std::uint64_t ncu = 0, sim = 0;
  Verdict verdict = Verdict::Match;
  const KnownDifference *known = nullptr;
};

struct KernelComparison {
  std::string name;
  bool in_ncu = false, in_sim = false;
  std::uint64_t ncu_launches = 0, sim_launches = 0;
  std::vector<CounterComparison> counters; // metrics both sides have, when in both
  // Threads per warp instruction, information only: nvcc predicates short
  // branches, so the GPU's count is higher than warpsim's by design.
  std::optional<double> ncu_threads_per_inst, sim_threads_per_inst;
  Verdict verdict = Verdict::Match; // Unexpected when on one side only
};

struct StaleKnown {
  const KnownDifference *entry = nullptr;
  std::string why; // what is seen now instead
};

struct CrosscheckTotals {
  unsigned outputs_identical = 0, outputs_known = 0, outputs_differing = 0;
  unsigned counters_equal = 0, counters_known = 0, counters_differing = 0;
  unsigned stale = 0;
  bool clean() const { return outputs_differing == 0 && counters_differing == 0 && stale == 0; }
};

// Buffers matched by name, in the reference's order, then the simulation's
// extra ones.
std::vector<BufferComparison> compareOutputs(const OutputFile &sim, const OutputFile &ref);
// Kernels in ncu's order, then warpsim's extra ones.
std::vector<KernelComparison> compareCounters(const NcuCsv &ncu, const std::vector<SimKernel> &sim);
// Marks covered differences Known and the rest Unexpected; returns the
// entries of `program` that cover nothing seen now. Counter entries are
// checked only when `countersCompared` (with --ncu).
std::vector<StaleKnown> applyKnown(const std::vector<KnownDifference> &known,
                                   const std::string &program,
                                   std::vector<BufferComparison> &outputs,
                                   std::vector<KernelComparison> &kernels, bool countersCompared);
CrosscheckTotals totalsOf(const std::vector<BufferComparison> &outputs,
                          const std::vector<KernelComparison> &kernels,
                          const std::vector<StaleKnown> &stale);

} // namespace warpsim::driver
