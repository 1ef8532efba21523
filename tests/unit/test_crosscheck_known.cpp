// Unit tests of the cross-check's known differences: the file format, which
// differences an entry covers, stale entries (a difference no longer seen),
// and the summary line the docs generator parses.
#include <doctest/doctest.h>

#include <string>

#include "crosscheck/Comparison.h"
#include "crosscheck/CrosscheckReport.h"
#include "crosscheck/KnownDifferences.h"

using namespace warpsim::driver;

namespace {

std::vector<KnownDifference> known(const char *text) {
  KnownParse p = parseKnownDifferences(text);
  REQUIRE_MESSAGE(p.entries, p.error);
  return *p.entries;
}

BufferComparison differs(const char *name, std::uint64_t maxUlp) {
  BufferComparison b;
  b.name = name;
  b.result = BufferComparison::Result::Differs;
  b.sim_count = b.ref_count = 4;
  b.differing = 1;
  b.max_ulp = maxUlp;
  return b;
}

KernelComparison kernel(const char *name, std::uint64_t ncu, std::uint64_t sim) {
  KernelComparison k;
  k.name = name;
  k.in_ncu = k.in_sim = true;
  k.counters.push_back({"l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", ncu, sim});
  return k;
}

} // namespace

TEST_CASE("known differences: entries, comments, reasons") {
  auto k = known("# header\n\n"
                 "p16 out:out ulp<=2  # expf differs from glibc\n"
                 "p19 out:out#2 digest\n"
                 "  p17 counter:softmax_kernel:l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum "
                 "warpsim=96 # sectors, # in the reason\n");
  REQUIRE(k.size() == 3);
  CHECK(k[0].program == "p16");
  CHECK(k[0].kind == KnownDifference::Kind::OutputUlp);
  CHECK(k[0].buffer == "out");
  CHECK(k[0].ulp == 2);
  CHECK(k[0].reason == "expf differs from glibc");
  CHECK(k[0].line == 3);
  CHECK(k[1].kind == KnownDifference::Kind::OutputDigest);
  CHECK(k[1].buffer == "out#2"); // '#' inside a word is not a comment
  CHECK(k[1].reason.empty());
  CHECK(k[2].kind == KnownDifference::Kind::Counter);
  CHECK(k[2].kernel == "softmax_kernel");
  CHECK(k[2].metric == "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum");
  CHECK(k[2].warpsim == 96);
  CHECK(k[2].reason == "sectors, # in the reason");
}

TEST_CASE("known differences: malformed lines are errors with their line") {
  struct Case {
    const char *text;
    unsigned line;
    const char *what;
  } cases[] = {
      {"p out:out\n", 1, "found 2 fields"},
      {"# c\np out:out ulp<=1 extra\n", 2, "found 4 fields"},
      {"p out:out ulp<2\n", 1, "'ulp<=N' or 'digest'"},
      {"p out:out ulp<=x\n", 1, "'ulp<=N' or 'digest'"},
      {"p out: digest\n", 1, "needs a buffer name"},
      {"p counter:k digest\n", 1, "'counter:<kernel>:<metric>'"},
      {"p counter:k:no_such_metric warpsim=1\n", 1, "not one of the compared counters"},
      {"p counter:k:l1tex__t_requests_pipe_lsu_mem_global_op_st.sum 5\n", 1, "'warpsim=<value>'"},
      {"p buffer:out digest\n", 1, "an item is 'out:<buffer>'"},
      {"p out:a digest\n\np out:a ulp<=3\n", 3, "a second entry for p out:a"},
  };
  for (const Case &c : cases) {
    CAPTURE(c.text);
    KnownParse p = parseKnownDifferences(c.text);
    CHECK_FALSE(p.entries);
    CHECK(p.error_line == c.line);
    CHECK(p.error.find(c.what) != std::string::npos);
  }
}

TEST_CASE("known differences: what an entry covers") {
  auto k = known("p out:a ulp<=2\np out:b ulp<=2\np out:c digest\np out:d digest\n"
                 "p counter:k:l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum warpsim=8\n"
                 "other out:e ulp<=9\n");
  std::vector<BufferComparison> out = {differs("a", 2), differs("b", 3), differs("c", 1000),
                                       differs("d", 1), differs("e", 1)};
  out[3].result = BufferComparison::Result::DigestDiffers;
  std::vector<KernelComparison> kernels = {kernel("k", 4, 8)};
  std::vector<StaleKnown> stale = applyKnown(k, "p", out, kernels, true);
  CHECK(out[0].verdict == Verdict::Known);
  CHECK(out[0].known == &k[0]);
  CHECK(out[1].verdict == Verdict::Unexpected); // 3 ulp > 2
  CHECK(out[2].verdict == Verdict::Known);      // digest: any difference of the values
  CHECK(out[3].verdict == Verdict::Known);
  CHECK(out[4].verdict == Verdict::Unexpected); // the entry is another program's
  CHECK(kernels[0].counters[0].verdict == Verdict::Known);
  REQUIRE(stale.size() == 1);
  CHECK(stale[0].entry == &k[1]);
  CHECK(stale[0].why == "max ulp is now 3");
  CrosscheckTotals t = totalsOf(out, kernels, stale);
  CHECK(t.outputs_known == 3);
  CHECK(t.outputs_differing == 2);
  CHECK(t.counters_known == 1);
  CHECK(t.stale == 1);
}

TEST_CASE("known differences: stale when the difference is gone or warpsim's number changed") {
  auto k = known("p out:a ulp<=2\n"
                 "p out:gone digest\n"
                 "p out:big ulp<=1\n"
                 "p counter:k:l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum warpsim=8\n"
                 "p counter:j:l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum warpsim=8\n"
                 "p counter:nowhere:l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum warpsim=1\n");
  BufferComparison a;
  a.name = "a"; // identical now
  BufferComparison big = differs("big", 0);
  big.result = BufferComparison::Result::DigestDiffers;
  std::vector<BufferComparison> out = {a, big};
  std::vector<KernelComparison> kernels = {kernel("k", 4, 4), kernel("j", 4, 9)};
  std::vector<StaleKnown> stale = applyKnown(k, "p", out, kernels, true);
  REQUIRE(stale.size() == 6);
  CHECK(stale[0].why == "the buffer is now identical");
  CHECK(stale[1].why == "no buffer 'gone' on either side");
  CHECK(stale[2].why == "only a digest to compare: the allowance can only be 'digest'");
  CHECK(stale[3].why == "the counter is now equal (4)");
  CHECK(stale[4].why == "warpsim now counts 9 (ncu 4)");
  CHECK(stale[5].why == "no kernel 'nowhere' on either side");
  CHECK(out[0].verdict == Verdict::Match);
  CHECK(out[1].verdict == Verdict::Unexpected);
  CHECK(kernels[1].counters[0].verdict == Verdict::Unexpected);

  // Without --ncu the counters are not compared: their entries are not stale.
  std::vector<KernelComparison> noKernels;
  std::vector<BufferComparison> out2 = {a, big};
  CHECK(applyKnown(k, "p", out2, noKernels, false).size() == 3);
}

TEST_CASE("summary line: the shape the docs generator parses") {
  CrosscheckTotals t;
  t.outputs_identical = 1;
  t.outputs_known = 1;
  t.counters_equal = 8;
  CHECK(crosscheckSummaryLine(t) == "========= crosscheck: outputs 1 identical, 1 known, 0 "
                                    "differing; counters 8 equal, 0 known, 0 differing; 0 stale");
  CHECK(t.clean());
}
