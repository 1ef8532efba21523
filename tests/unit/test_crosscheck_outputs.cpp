// Unit tests of the cross-check's outputs side: the outputs file format
// (kernels/puzzle.h's puzzle_output, digests of large buffers), float
// distances, the FNV-1a digest and the buffer comparison.
#include <doctest/doctest.h>

#include <cmath>
#include <cstring>
#include <limits>

#include "crosscheck/Comparison.h"
#include "crosscheck/FloatDistance.h"
#include "crosscheck/Fnv1a.h"
#include "crosscheck/OutputFile.h"

using namespace warpsim::driver;

namespace {

float next(float f) { return std::nextafter(f, std::numeric_limits<float>::infinity()); }

OutputFile parsed(const char *text) {
  OutputParse p = parseOutputFile(text);
  REQUIRE_MESSAGE(p.file, p.error);
  return *p.file;
}

} // namespace

TEST_CASE("outputs file: values, digests, blank lines") {
  OutputFile f = parsed("out 4 10 11 12 13\n\nsum 1 0.999999821\n"
                        "big 2097152 #fnv1a64=7f04460b8722e5f0\n");
  REQUIRE(f.buffers.size() == 3);
  CHECK(f.buffers[0].name == "out");
  CHECK(f.buffers[0].count == 4);
  CHECK(f.buffers[0].values == std::vector<float>{10, 11, 12, 13});
  CHECK(f.buffers[1].name == "sum");
  CHECK(f.buffers[1].line == 3);
  CHECK(f.buffers[1].values[0] == 0.999999821f);
  CHECK(f.buffers[2].digest_only);
  CHECK(f.buffers[2].count == 2097152);
  CHECK(f.buffers[2].digest == 0x7f04460b8722e5f0ull);
  CHECK(f.buffers[2].values.empty());
}

TEST_CASE("outputs file: a name written twice is name#2, then name#3") {
  OutputFile f = parsed("out 1 1\nout 1 2\nx 0\nout 1 3\n");
  REQUIRE(f.buffers.size() == 4);
  CHECK(f.buffers[0].name == "out");
  CHECK(f.buffers[1].name == "out#2");
  CHECK(f.buffers[2].name == "x");
  CHECK(f.buffers[2].count == 0);
  CHECK(f.buffers[3].name == "out#3");
  CHECK(f.find("out#2")->values[0] == 2.0f);
}

TEST_CASE("outputs file: nan, -nan, inf and %.9g exponents parse as strtof does") {
  OutputFile f = parsed("v 5 nan -nan inf -inf 4.65661287e-10\n");
  const auto &v = f.buffers[0].values;
  CHECK(std::isnan(v[0]));
  CHECK(std::isnan(v[1]));
  CHECK(v[2] == std::numeric_limits<float>::infinity());
  CHECK(v[3] == -std::numeric_limits<float>::infinity());
  CHECK(v[4] == 4.65661287e-10f);
}

TEST_CASE("outputs file: malformed lines are errors with their line number") {
  struct Case {
    const char *text;
    unsigned line;
    const char *what;
  } cases[] = {
      {"out 4 1 2 3\n", 1, "is followed by 3 values"},
      {"a 1 1\nout 2 1 2 3\n", 2, "is followed by 3 values"},
      {"a 1 1\n\nout\n", 3, "no element count"},
      {"out x 1\n", 1, "element count 'x' is not a number"},
      {"out 2 1 zwei\n", 1, "value 2 'zwei' is not a number"},
      {"out 2 1.5.2 3\n", 1, "value 1 '1.5.2' is not a number"},
      {"out 9 #fnv1a64=12ab\n", 1, "not 16 hex digits"},
      {"out 9 #fnv1a64=7f04460b8722e5fg\n", 1, "not 16 hex digits"},
      {"out 9 #fnv1a64=7f04460b8722e5f0 1\n", 1, "text after the digest"},
  };
  for (const Case &c : cases) {
    CAPTURE(c.text);
    OutputParse p = parseOutputFile(c.text);
    CHECK_FALSE(p.file);
    CHECK(p.error_line == c.line);
    CHECK(p.error.find(c.what) != std::string::npos);
  }
}

TEST_CASE("ulp distance: neighbours, signed zeros, negatives, NaN") {
  CHECK(ulpDistance(1.0f, 1.0f) == 0);
  CHECK(ulpDistance(1.0f, next(1.0f)) == 1);
  CHECK(ulpDistance(next(1.0f), 1.0f) == 1);
  CHECK(ulpDistance(1.0f, next(next(1.0f))) == 2);
  // +0 and -0 are the same value: 0 ulp, but not the same bits.
  CHECK(ulpDistance(0.0f, -0.0f) == 0);
  CHECK_FALSE(sameFloat(0.0f, -0.0f));
  // Across zero: the smallest subnormals on either side are 2 apart.
  const float tiny = std::numeric_limits<float>::denorm_min();
  CHECK(ulpDistance(tiny, -tiny) == 2);
  CHECK(ulpDistance(0.0f, tiny) == 1);
  CHECK(ulpDistance(-1.0f, std::nextafter(-1.0f, 0.0f)) == 1);
  CHECK(ulpDistance(-2.0f, 2.0f) == 2 * 0x40000000ull);
  const float nan = std::numeric_limits<float>::quiet_NaN();
  CHECK(ulpDistance(nan, nan) == 0);
  CHECK(ulpDistance(nan, 1.0f) == kUlpUnordered);
  CHECK(ulpDistance(1.0f, -nan) == kUlpUnordered);
  CHECK(sameFloat(nan, -nan)); // any NaN matches any NaN
  CHECK_FALSE(sameFloat(nan, 1.0f));
}

TEST_CASE("FNV-1a 64 of float bit patterns: the empty input and the single float 1.0f") {
  CHECK(fnv1a64Floats(nullptr, 0) == 0xcbf29ce484222325ull);
  // 1.0f is 0x3f800000, little-endian bytes 00 00 80 3f; h = offset, then per
  // byte h ^= byte, h *= 0x100000001b3:
  //   00 -> 0xaf63bd4c8601b7df   00 -> 0x08328807b4eb6fed
  //   80 -> 0xd94c92186c0e5637   3f -> 0x4b72477f9c5c2f98
  const float one = 1.0f;
  CHECK(fnv1a64Floats(&one, 1) == 0x4b72477f9c5c2f98ull);
}

TEST_CASE("compare outputs: identical, differs, size, missing, digests") {
  OutputFile ref = parsed("a 3 1 2 3\nb 2 1 -0\nc 2 1 2\nd 1 5\nnan 1 nan\n");
  const float one = 1.0f;
  char line[80];
  std::snprintf(line, sizeof line, "e 1 #fnv1a64=%016llx\n",
                static_cast<unsigned long long>(fnv1a64Floats(&one, 1)));
  OutputFile refE = parsed(line);
  ref.buffers.push_back(refE.buffers[0]);
  ref.buffers.push_back(parsed("f 1 #fnv1a64=0000000000000000\n").buffers[0]);
  OutputFile sim = parsed("a 3 1 2 3\nb 2 1.00000012 0\nc 3 1 2 3\nnan 1 -nan\ne 1 1\n"
                          "f 1 1\nz 1 0\n");
  std::vector<BufferComparison> c = compareOutputs(sim, ref);
  using R = BufferComparison::Result;
  REQUIRE(c.size() == 8);
  CHECK(c[0].name == "a");
  CHECK(c[0].result == R::Identical);
  CHECK(c[1].name == "b");
  CHECK(c[1].result == R::Differs);
  CHECK(c[1].differing == 2); // one ulp, and +0 for -0
  CHECK(c[1].max_ulp == 1);
  CHECK(c[1].max_abs == doctest::Approx(1.1920929e-07));
  CHECK(c[2].result == R::SizeMismatch);
  CHECK(c[2].sim_count == 3);
  CHECK(c[2].ref_count == 2);
  CHECK(c[3].name == "d");
  CHECK(c[3].result == R::MissingInSim);
  CHECK(c[4].result == R::Identical); // NaN matches NaN
  CHECK(c[5].name == "e");
  CHECK(c[5].result == R::Identical);
  CHECK(c[5].ref_digest_only);
  CHECK(c[6].name == "f");
  CHECK(c[6].result == R::DigestDiffers);
  CHECK(c[6].sim_digest == 0x4b72477f9c5c2f98ull);
  CHECK(c[7].name == "z");
  CHECK(c[7].result == R::MissingInRef);
}
