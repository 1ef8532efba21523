// The warpgroup MMA model (model/Wgmma.h): the forms, the descriptor's
// fields, the shared-memory layouts and swizzles, the D and register-A
// fragments, the numerics (8-bit floats exact, negation, scale-d), and the
// inline PTX parse of the wgmma instructions and setmaxnreg.
#include <doctest/doctest.h>

#include <cmath>
#include <cstdint>
#include <set>
#include <string>
#include <utility>

#include "warpsim/model/Ptx.h"
#include "warpsim/model/TensorMap.h"
#include "warpsim/model/Wgmma.h"

using namespace warpsim::model;

TEST_CASE("wgmma: the forms PTX has that warpsim executes") {
  CHECK(wgmmaUnsupported({8, 16, MmaType::F16, MmaType::F16, MmaType::F32}).empty());
  CHECK(wgmmaUnsupported({256, 16, MmaType::F16, MmaType::F16, MmaType::F16}).empty());
  CHECK(wgmmaUnsupported({24, 16, MmaType::BF16, MmaType::BF16, MmaType::F32}).empty());
  CHECK(wgmmaUnsupported({64, 8, MmaType::TF32, MmaType::TF32, MmaType::F32}).empty());
  CHECK(wgmmaUnsupported({16, 32, MmaType::E4M3, MmaType::E5M2, MmaType::F16}).empty());
  CHECK(!wgmmaUnsupported({12, 16, MmaType::F16, MmaType::F16, MmaType::F32}).empty());
  CHECK(!wgmmaUnsupported({264, 16, MmaType::F16, MmaType::F16, MmaType::F32}).empty());
  CHECK(!wgmmaUnsupported({8, 16, MmaType::BF16, MmaType::BF16, MmaType::F16}).empty());
  CHECK(!wgmmaUnsupported({8, 16, MmaType::TF32, MmaType::TF32, MmaType::F32}).empty());
  CHECK(!wgmmaUnsupported({8, 32, MmaType::S8, MmaType::S8, MmaType::S32}).empty());
  CHECK(!wgmmaUnsupported({8, 16, MmaType::F16, MmaType::BF16, MmaType::F32}).empty());
  CHECK(wgmmaDRegisters({256, 16, MmaType::F16, MmaType::F16, MmaType::F32}) == 128);
  CHECK(wgmmaDRegisters({256, 16, MmaType::F16, MmaType::F16, MmaType::F16}) == 64);
}

TEST_CASE("wgmma: the D fragment covers the 64 x N tile once, warp w rows 16w..16w+15") {
  std::set<std::pair<std::uint32_t, std::uint32_t>> seen;
  for (std::uint32_t w = 0; w < 4; ++w)
    for (std::uint32_t lane = 0; lane < 32; ++lane)
      for (std::uint32_t i = 0; i < 24 / 2; ++i) {
        const MatrixPos p = wgmmaDElement(w, lane, i);
        CHECK(p.row / 16 == w);
        CHECK(p.col < 24);
        CHECK(seen.insert({p.row, p.col}).second);
      }
  CHECK(seen.size() == 64 * 24);
  // PTX ISA figure: thread 5 (lane 5 of warp 0) holds row 1, columns 2 and 3.
  CHECK(wgmmaDElement(0, 5, 0).row == 1);
  CHECK(wgmmaDElement(0, 5, 1).col == 3);
  CHECK(wgmmaDElement(0, 5, 2).row == 9);
  CHECK(wgmmaDElement(0, 5, 4).col == 10);
  // Register A (f16): the warp's 16 x 16 block as mma.m16n8k16's A.
  const WgmmaShape s{8, 16, MmaType::F16, MmaType::F16, MmaType::F32};
  CHECK(wgmmaAElements(s) == 8);
  CHECK(wgmmaAElement(s, 2, 4, 5).row == 32 + 1 + 0);
  CHECK(wgmmaAElement(s, 2, 4, 5).col == 1 + 8);
}

TEST_CASE("wgmma: the matrix descriptor and the shared-memory layouts") {
  const std::uint64_t raw = (0x1230u >> 4) | (std::uint64_t{128 >> 4} << 16) |
                            (std::uint64_t{1024 >> 4} << 32) | (std::uint64_t{1} << 62);
  const WgmmaDescriptor d = wgmmaDecode(raw);
  CHECK(d.start == 0x1230);
  CHECK(d.lbo == 128);
  CHECK(d.sbo == 1024);
  CHECK(d.swizzle == 128);
  CHECK(wgmmaDecode(std::uint64_t{2} << 62).swizzle == 64);
  CHECK(wgmmaDecode(std::uint64_t{3} << 62).swizzle == 32);
  CHECK(wgmmaDecode(std::uint64_t{5} << 49).baseOffset == 5);
  // K-major without swizzle: core matrices of 8 rows x 16 bytes.
  WgmmaDescriptor k{0, 128, 256, 0, 0};
  CHECK(wgmmaElementAddress(k, false, 2, 1, 0) == 16);
  CHECK(wgmmaElementAddress(k, false, 2, 0, 8) == 128);
  CHECK(wgmmaElementAddress(k, false, 2, 8, 0) == 256);
  // K-major, 128-byte swizzle: the TMA's pattern (chunk ^ row % 8).
  WgmmaDescriptor sw{1024, 16, 1024, 0, 128};
  for (std::uint32_t row = 0; row < 16; ++row)
    for (std::uint32_t col = 0; col < 64; ++col)
      CHECK(wgmmaElementAddress(sw, false, 2, row, col) ==
            swizzleAddress(1024 + row * 128 + col * 2, 128));
  CHECK(wgmmaElementAddress(sw, false, 2, 1, 0) == 1024 + 128 + 16);
  // MN-major (transposed) without swizzle: SBO along MN, LBO along K.
  WgmmaDescriptor mn{0, 512, 128, 0, 0};
  CHECK(wgmmaElementAddress(mn, true, 2, 1, 0) == 2);
  CHECK(wgmmaElementAddress(mn, true, 2, 8, 0) == 128);
  CHECK(wgmmaElementAddress(mn, true, 2, 0, 1) == 16);
  CHECK(wgmmaElementAddress(mn, true, 2, 0, 8) == 512);
  // MN-major, 64-byte swizzle: 64-byte k-rows, LBO between 32-element
  // column blocks, SBO between 8-row groups.
  WgmmaDescriptor mn64{0, 512, 1024, 0, 64};
  CHECK(wgmmaElementAddress(mn64, true, 2, 32, 0) == 512);
  CHECK(wgmmaElementAddress(mn64, true, 2, 0, 8) == 1024);
  CHECK(wgmmaElementAddress(mn64, true, 2, 0, 2) == swizzleAddress(128, 64));
}

TEST_CASE("wgmma: 8-bit floats convert exactly; negation and scale-d") {
  CHECK(mmaToDouble(MmaType::E4M3, 0x7e) == 448.0);
  CHECK(std::isnan(mmaToDouble(MmaType::E4M3, 0x7f)));
  CHECK(mmaToDouble(MmaType::E4M3, 0x01) == std::ldexp(1.0, -9));
  CHECK(mmaToDouble(MmaType::E4M3, 0xb8) == -1.0);
  CHECK(mmaToDouble(MmaType::E5M2, 0x7b) == 57344.0);
  CHECK(std::isinf(mmaToDouble(MmaType::E5M2, 0x7c)));
  CHECK(mmaToDouble(MmaType::E5M2, 0x01) == std::ldexp(1.0, -16));
  // One row, n = 8, k = 32 of e4m3 ones against e5m2 twos: 64 per element.
  WgmmaShape s{8, 32, MmaType::E4M3, MmaType::E5M2, MmaType::F32};
  std::uint64_t a[32], b[32 * 8], c[8], d[8];
  for (auto &x : a)
    x = 0x38; // 1.0
  for (auto &x : b)
    x = 0x40; // 2.0
  for (auto &x : c)
    x = 0x3f800000u; // 1.0f
  wgmmaCompute(s, 1, a, b, c, d, true, false, false);
  CHECK(d[0] == 0x42820000u); // 65
  wgmmaCompute(s, 1, a, b, c, d, false, true, false);
  CHECK(d[3] == 0xc2800000u); // -64, C ignored
  wgmmaCompute(s, 1, a, b, c, d, true, true, true);
  CHECK(d[7] == 0x42820000u); // (-a)(-b) + c
}

TEST_CASE("inline PTX: the wgmma instructions and setmaxnreg") {
  PtxProgram p;
  std::string err;
  REQUIRE(parsePtx("wgmma.fence.sync.aligned;", p, err));
  CHECK(p.code[0].op == PtxOp::WgmmaFence);
  REQUIRE(parsePtx("wgmma.commit_group.sync.aligned;", p, err));
  CHECK(p.code[0].op == PtxOp::WgmmaCommit);
  REQUIRE(parsePtx("wgmma.wait_group.sync.aligned 1;", p, err));
  CHECK(p.code[0].op == PtxOp::WgmmaWait);
  REQUIRE(parsePtx("setmaxnreg.inc.sync.aligned.u32 232;", p, err));
  CHECK(p.code[0].op == PtxOp::Setmaxnreg);
  REQUIRE(parsePtx("setmaxnreg.dec.sync.aligned.u32 40;", p, err));
  REQUIRE(parsePtx("wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, %4, %5, "
                   "p, 1, -1, 0, 1;",
                   p, err) == false); // p is not declared: a malformed operand
  REQUIRE(parsePtx("{.reg .pred p;\nsetp.ne.b32 p, %6, 0;\n"
                   "wgmma.mma_async.sync.aligned.m64n8k16.f32.bf16.bf16 {%0, %1, %2, %3}, %4, %5, "
                   "p, 1, -1, 0, 1;}",
                   p, err));
  CHECK(p.code[1].op == PtxOp::WgmmaMma);
  CHECK(!p.code[1].wgmmaRegA);
  CHECK(p.code[1].wgmma.n == 8);
  REQUIRE(parsePtx("wgmma.mma_async.sync.aligned.m64n16k16.f16.f16.f16 {%0, %1, %2, %3}, "
                   "{%4, %5, %6, %7}, %8, 1, 1, 1, 1;",
                   p, err));
  CHECK(p.code[0].wgmmaRegA);
  REQUIRE(parsePtx("wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0, %1, %2, %3}, %4, %5, "
                   "1, 1, 1;",
                   p, err));
  REQUIRE(parsePtx("wgmma.mma_async.sync.aligned.m64n8k32.f16.e4m3.e5m2 {%0, %1}, %2, %3, 1, 1, 1;",
                   p, err));
  auto refused = [&](const char *text) {
    const bool ok = parsePtx(text, p, err);
    CHECK_MESSAGE(!ok, text);
    CHECK(err.find("unsupported inline PTX instruction") != std::string::npos);
  };
  // tf32 has no transpose operands; integers are not executed; n12; too
  // few accumulators; no .sync.aligned.
  refused("wgmma.mma_async.sync.aligned.m64n8k8.f32.tf32.tf32 {%0, %1, %2, %3}, %4, %5, 1, 1, 1, "
          "0, 0;");
  refused("wgmma.mma_async.sync.aligned.m64n8k32.s32.s8.s8 {%0, %1, %2, %3}, %4, %5, 1;");
  refused("wgmma.mma_async.sync.aligned.m64n12k16.f32.f16.f16 {%0, %1, %2, %3, %4, %5}, %6, %7, 1, "
          "1, 1, 0, 0;");
  refused(
      "wgmma.mma_async.sync.aligned.m64n16k16.f32.f16.f16 {%0, %1, %2, %3}, %4, %5, 1, 1, 1, 0, "
      "0;");
  refused("wgmma.fence;");
  refused("setmaxnreg.inc.u32 232;");
  refused("setmaxnreg.inc.sync.aligned.u32 20;");  // below 24
  refused("setmaxnreg.dec.sync.aligned.u32 100;"); // not a multiple of 8
  refused("setmaxnreg.dec.sync.aligned.u32 %0;");  // not an immediate
}
