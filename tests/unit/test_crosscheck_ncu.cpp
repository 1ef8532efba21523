// Unit tests of the cross-check's counters side: `ncu --csv` parsing
// (quoted fields with commas, thousands separators, launches per kernel),
// kernel name normalisation and the per-kernel comparison with warpsim's
// profile.
#include <doctest/doctest.h>

#include <string>

#include "crosscheck/Comparison.h"
#include "crosscheck/NcuCsv.h"

using namespace warpsim::driver;

namespace {

const char *kHeader =
    "\"ID\",\"Process ID\",\"Process Name\",\"Host Name\",\"Kernel Name\",\"Context\",\"Stream\","
    "\"Block Size\",\"Grid Size\",\"Device\",\"CC\",\"Section Name\",\"Metric Name\","
    "\"Metric Unit\",\"Metric Value\"\n";

std::string row(int id, const std::string &kernel, const std::string &metric,
                const std::string &value) {
  return "\"" + std::to_string(id) + "\",\"1\",\"prog\",\"127.0.0.1\",\"" + kernel +
         "\",\"1\",\"7\",\"(128, 1, 1)\",\"(1, 1, 1)\",\"0\",\"9.0\",\"Command line profiler "
         "metrics\",\"" +
         metric + "\",\"\",\"" + value + "\"\n";
}

} // namespace

TEST_CASE("kernel names: return type, parameters, template arguments, namespaces go") {
  CHECK(normaliseKernelName("void foo<32>(float *, int)") == "foo");
  CHECK(normaliseKernelName("softmax_kernel(LayoutTensor<float, 1>, int)") == "softmax_kernel");
  CHECK(normaliseKernelName("ns::bar(int)") == "bar");
  CHECK(normaliseKernelName("void a::b::c<1, 2>(LayoutTensor<float, RowMajor<T1, T2>>)") == "c");
  CHECK(normaliseKernelName("void ns::tmpl<x::y>(int)") == "tmpl");
  CHECK(normaliseKernelName("(anonymous namespace)::hidden(float *)") == "hidden");
  CHECK(normaliseKernelName("add_10") == "add_10");
  CHECK(normaliseKernelName("transpose_kernel<16, 8>") == "transpose_kernel");
}

TEST_CASE("ncu CSV: prologue skipped, quoted commas, thousands separators, launches") {
  std::string text = "==PROF== Connected to process 12858 (/work/p)\n"
                     "out[:5]: [1, 2, 3]\nPASS\n==PROF== Disconnected from process 12858\n";
  text += kHeader;
  const std::string soft = "softmax_kernel(LayoutTensor<float, RowMajor<128>>, int)";
  text += row(0, soft, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "40");
  text += row(0, soft, "smsp__inst_executed.sum", "544");
  text += row(0, soft, "smsp__thread_inst_executed.sum", "17,408");
  text += row(0, soft, "smsp__thread_inst_executed_per_inst_executed.ratio", "32");
  text += row(1, "void transpose<16, 8>(float *)", "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
              "1,024");
  text += row(2, "void transpose<20, 12>(float *)",
              "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum", "2,048");
  text += row(3, soft, "l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum", "1,000,002");
  NcuParse p = parseNcuCsv(text);
  REQUIRE_MESSAGE(p.csv, p.error);
  REQUIRE(p.csv->kernels.size() == 2);
  const NcuKernel &s = p.csv->kernels[0];
  CHECK(s.name == "softmax_kernel");
  CHECK(s.launches == 2);
  CHECK(s.counters.at("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum") == 1000042);
  CHECK(s.counters.count("l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum") == 0);
  CHECK(s.inst == 544);
  CHECK(s.thread_inst == 17408);
  // Two instances of one template are one kernel, as in warpsim's profile.
  const NcuKernel &t = p.csv->kernels[1];
  CHECK(t.name == "transpose");
  CHECK(t.launches == 2);
  CHECK(t.counters.at("l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum") == 3072);
  CHECK_FALSE(t.inst.has_value());
}

TEST_CASE("ncu CSV: errors with their line") {
  NcuParse none = parseNcuCsv("==PROF== nothing\nPASS\n");
  CHECK_FALSE(none.csv);
  CHECK(none.error_line == 0);
  CHECK(none.error.find("no CSV header") != std::string::npos);

  NcuParse open = parseNcuCsv(std::string(kHeader) + "\"0\",\"1\n");
  CHECK_FALSE(open.csv);
  CHECK(open.error_line == 2);

  NcuParse fields = parseNcuCsv(std::string(kHeader) + "\"0\",\"1\"\n");
  CHECK_FALSE(fields.csv);
  CHECK(fields.error_line == 2);
  CHECK(fields.error.find("2 fields") != std::string::npos);

  NcuParse value =
      parseNcuCsv(std::string(kHeader) + row(0, "k(int)", "smsp__inst_executed.sum", "12") +
                  row(0, "k(int)", "smsp__thread_inst_executed.sum", "n/a"));
  CHECK_FALSE(value.csv);
  CHECK(value.error_line == 3);
  CHECK(value.error.find("'n/a'") != std::string::npos);
}

TEST_CASE("compare counters: equal, differs, a kernel on one side, threads per instruction") {
  std::string text = kHeader;
  for (const char *m : kComparedMetrics)
    text += row(0, "k(float *)", m, "4");
  text += row(0, "k(float *)", "smsp__inst_executed.sum", "10");
  text += row(0, "k(float *)", "smsp__thread_inst_executed.sum", "320");
  text += row(1, "gpu_only(int)", kComparedMetrics[0], "0");
  NcuParse p = parseNcuCsv(text);
  REQUIRE(p.csv);
  SimKernel k{"k", 1, {}, 10, 250};
  for (const char *m : kComparedMetrics)
    k.counters[m] = 4;
  k.counters[kComparedMetrics[2]] = 5;
  SimKernel extra{"sim_only", 2, {}, 0, 0};
  std::vector<KernelComparison> c = compareCounters(*p.csv, {k, extra});
  REQUIRE(c.size() == 3);
  CHECK(c[0].name == "k");
  REQUIRE(c[0].counters.size() == 8);
  CHECK(c[0].counters[2].metric == kComparedMetrics[2]);
  CHECK(c[0].counters[2].ncu == 4);
  CHECK(c[0].counters[2].sim == 5);
  CHECK(*c[0].ncu_threads_per_inst == doctest::Approx(32.0));
  CHECK(*c[0].sim_threads_per_inst == doctest::Approx(25.0));
  CHECK(c[1].name == "gpu_only");
  CHECK_FALSE(c[1].in_sim);
  CHECK(c[2].name == "sim_only");
  CHECK_FALSE(c[2].in_ncu);
  CHECK(c[2].sim_launches == 2);

  std::vector<BufferComparison> none;
  std::vector<StaleKnown> stale = applyKnown({}, "p", none, c, true);
  CrosscheckTotals t = totalsOf(none, c, stale);
  CHECK(t.counters_equal == 7);
  CHECK(t.counters_differing == 3); // one counter, two one-sided kernels
  CHECK_FALSE(t.clean());
}
