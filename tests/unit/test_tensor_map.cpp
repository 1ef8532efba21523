// Tensor maps (model/TensorMap.h): the driver's validation rules of
// cuTensorMapEncodeTiled, the shared-memory swizzle against the pattern
// tables written out by hand (CUTLASS's Swizzle<b,4,3> on byte addresses),
// the box's segments with out-of-bounds elements, and the inline PTX parse
// of the tensor copies (accepted forms, refused ones).
#include <doctest/doctest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

#include "warpsim/model/Ptx.h"
#include "warpsim/model/TensorMap.h"

using namespace warpsim::model;

namespace {

struct Args {
  std::uint64_t dim[5] = {64, 32, 1, 1, 1};
  std::uint64_t strides[4] = {256, 256 * 32, 0, 0};
  std::uint32_t box[5] = {32, 8, 1, 1, 1};
  std::uint32_t es[5] = {1, 1, 1, 1, 1};
  TiledEncodeArgs a;
  Args() {
    a.mapAddress = 0x1000;
    a.type = 2; // UINT32
    a.rank = 2;
    a.address = 0x7f0000000000;
    a.dim = dim;
    a.strides = strides;
    a.box = box;
    a.elementStrides = es;
  }
  TensorMapVerdict check(std::string &why) {
    TensorMapDesc d;
    return validateTiled(a, d, why);
  }
};

// The 16-byte chunk that chunk k of 128-byte line r of a 1024-byte aligned
// buffer holds, as the programming guide's swizzle figures draw them.
std::uint32_t tableChunk(std::uint32_t span, std::uint32_t r, std::uint32_t k) {
  const std::uint32_t mask = span / 16 - 1;
  return k ^ (r & mask);
}

} // namespace

TEST_CASE("tensor map: the driver's rules for cuTensorMapEncodeTiled") {
  std::string why;
  {
    Args g;
    CHECK(g.check(why) == TensorMapVerdict::Ok);
  }
  {
    Args g;
    g.a.address += 8;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why.find("globalAddress is not aligned to 16 bytes") != std::string::npos);
  }
  {
    Args g;
    g.a.mapAddress += 32;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why.find("64 bytes") != std::string::npos);
  }
  {
    Args g;
    g.strides[0] = 250;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why.find("globalStrides[0] = 250 bytes is not a multiple of 16") != std::string::npos);
  }
  {
    Args g;
    g.strides[0] = std::uint64_t{1} << 40;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why.find("less than 2^40") != std::string::npos);
  }
  {
    Args g;
    g.box[1] = 257;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why == "boxDim[1] = 257 is not in 1..256");
    g.box[1] = 0;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
  }
  {
    Args g;
    g.box[0] = 2; // 8 bytes
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why.find("not a multiple of 16") != std::string::npos);
  }
  {
    Args g;
    g.a.swizzle = 2; // 64B with 128-byte rows
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why.find("larger than the 64-byte swizzle span") != std::string::npos);
    g.a.swizzle = 3;
    CHECK(g.check(why) == TensorMapVerdict::Ok);
    g.box[0] = 16; // 64-byte rows fit the 64B span
    g.a.swizzle = 2;
    CHECK(g.check(why) == TensorMapVerdict::Ok);
  }
  {
    Args g;
    g.a.rank = 0;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    g.a.rank = 6;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why == "tensorRank 6 is not in 1..5");
  }
  {
    Args g;
    g.es[1] = 9;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    g.dim[0] = 0;
    g.es[1] = 1;
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    CHECK(why == "globalDim[0] = 0 is not in 1..2^32");
  }
  {
    Args g;
    g.a.oobFill = 1; // NaN fill of an integer type
    CHECK(g.check(why) == TensorMapVerdict::Invalid);
    g.a.type = 7; // FLOAT32
    CHECK(g.check(why) == TensorMapVerdict::Ok);
  }
  {
    Args g;
    g.a.interleave = 1;
    CHECK(g.check(why) == TensorMapVerdict::Unsupported);
    Args h;
    h.a.swizzle = 4;
    CHECK(h.check(why) == TensorMapVerdict::Unsupported);
    Args p;
    p.a.type = 13;
    CHECK(p.check(why) == TensorMapVerdict::Unsupported);
  }
}

TEST_CASE("tensor map: encode and decode") {
  Args g;
  g.a.swizzle = 3;
  g.a.type = 7;
  g.a.oobFill = 1;
  g.es[1] = 2;
  TensorMapDesc d;
  std::string why;
  REQUIRE(validateTiled(g.a, d, why) == TensorMapVerdict::Ok);
  std::uint64_t q[16];
  encodeTensorMap(d, q);
  TensorMapDesc e;
  REQUIRE(decodeTensorMap(q, e));
  CHECK(e.rank == 2);
  CHECK(e.elemSize == 4);
  CHECK(e.address == d.address);
  CHECK(e.dim[1] == 32);
  CHECK(e.stride[1] == 256);
  CHECK(e.box[0] == 32);
  CHECK(e.elementStride[1] == 2);
  CHECK(e.boxElements(1) == 4);
  CHECK(e.boxBytes() == 32 * 4 * 4);
  CHECK(e.swizzle == 128);
  CHECK(e.nanFill);
  q[3] += 1; // changed by hand: not a map any more
  CHECK_FALSE(decodeTensorMap(q, e));
  std::uint64_t zero[16] = {};
  CHECK_FALSE(decodeTensorMap(zero, e));
}

TEST_CASE("tensor map: the swizzle patterns") {
  // Every span, on a 1024-byte aligned buffer: chunk k of line r of the
  // pattern table holds logical chunk k ^ (r mod span/16).
  for (std::uint32_t span : {32u, 64u, 128u})
    for (std::uint32_t r = 0; r < 16; ++r)
      for (std::uint32_t k = 0; k < 8; ++k) {
        const std::uint64_t logical = 4096 + r * 128 + k * 16;
        const std::uint64_t physical = swizzleAddress(logical, span);
        CHECK(physical / 128 == logical / 128); // stays in its 128-byte line
        CHECK((physical % 128) / 16 == tableChunk(span, r, k));
        CHECK(physical % 16 == 0);
      }
  // 128B, 128-byte rows: row 3's chunk 0 is at chunk 3, chunk 5 at 6.
  CHECK(swizzleAddress(3 * 128 + 0 * 16, 128) == 3 * 128 + 3 * 16);
  CHECK(swizzleAddress(3 * 128 + 5 * 16, 128) == 3 * 128 + 6 * 16);
  // 64B, 64-byte rows: the XOR term is the 128-byte line, (row / 2) % 4.
  for (std::uint32_t row = 0; row < 16; ++row)
    for (std::uint32_t k = 0; k < 4; ++k) {
      const std::uint64_t p = swizzleAddress(row * 64 + k * 16, 64);
      CHECK(p / 64 == row); // stays in its 64-byte row
      CHECK((p % 64) / 16 == (k ^ ((row / 2) % 4)));
    }
  // 32B, 32-byte rows: chunk ^ ((row / 4) % 2).
  for (std::uint32_t row = 0; row < 16; ++row)
    for (std::uint32_t k = 0; k < 2; ++k)
      CHECK((swizzleAddress(row * 32 + k * 16, 32) % 32) / 16 == (k ^ ((row / 4) % 2)));
  // A permutation within the repeat (1024, 512, 256 bytes) and anchored to
  // the address: a buffer 128 bytes into the window starts at line 1.
  for (std::uint32_t span : {32u, 64u, 128u}) {
    std::set<std::uint64_t> seen;
    for (std::uint64_t a = 0; a < 1024; a += 16)
      seen.insert(swizzleAddress(a, span));
    CHECK(seen.size() == 64);
    CHECK(*seen.rbegin() == 1008);
  }
  CHECK(swizzleAddress(128, 128) == 128 + 16);
  CHECK(swizzleAddress(1024 + 128, 128) == 1024 + 128 + 16);
  CHECK(swizzleAddress(5 * 16 + 7, 0) == 5 * 16 + 7);
  CHECK(tensorSharedAlignment(0) == 16);
  CHECK(tensorSharedAlignment(128) == 128);
}

TEST_CASE("tensor map: the segments of a box") {
  Args g; // 64 x 32 u32, box 32 x 8
  TensorMapDesc d;
  std::string why;
  REQUIRE(validateTiled(g.a, d, why) == TensorMapVerdict::Ok);
  std::vector<TensorSegment> s;
  SUBCASE("inside: one segment per row") {
    const std::int32_t c[2] = {16, 4};
    tensorCopySegments(d, c, 2048, s);
    REQUIRE(s.size() == 8);
    for (std::uint32_t r = 0; r < 8; ++r) {
      CHECK(s[r].shared == 2048 + r * 128);
      CHECK(s[r].global == d.address + (4 + r) * 256 + 16 * 4);
      CHECK(s[r].bytes == 128);
      CHECK_FALSE(s[r].outOfBounds);
    }
  }
  SUBCASE("partly outside: the out-of-bounds elements are their own segments") {
    const std::int32_t c[2] = {-4, 30};
    tensorCopySegments(d, c, 0, s);
    std::uint32_t in = 0, out = 0;
    for (const TensorSegment &t : s)
      (t.outOfBounds ? out : in) += t.bytes;
    CHECK(in + out == d.boxBytes());
    CHECK(in == 2 * 28 * 4); // rows 30, 31; columns 0..27
    // Row 30: 4 elements out (columns -4..-1), then 28 in.
    CHECK(s[0].outOfBounds);
    CHECK(s[0].bytes == 16);
    CHECK(s[1].global == d.address + 30 * 256);
    CHECK(s[1].bytes == 112);
    // Rows 32..37 are out entirely: one merged segment from row 32 on.
    CHECK(s.back().outOfBounds);
    CHECK(s.back().shared == 2 * 128);
    CHECK(s.back().bytes == 6 * 128);
  }
  SUBCASE("swizzled: every 16-byte chunk lands where the pattern puts it") {
    g.a.swizzle = 3;
    REQUIRE(validateTiled(g.a, d, why) == TensorMapVerdict::Ok);
    const std::int32_t c[2] = {0, 0};
    tensorCopySegments(d, c, 1024, s);
    std::uint32_t bytes = 0;
    for (const TensorSegment &t : s) {
      const std::uint64_t row = (t.global - d.address) / 256, col = (t.global - d.address) % 256;
      CHECK(t.shared == 1024 + row * 128 + (((col / 16) ^ (row % 8)) * 16) + col % 16);
      bytes += t.bytes;
    }
    CHECK(bytes == 1024);
  }
  SUBCASE("swizzled rows narrower than the span are padded to it (the H100's layout)") {
    g.box[0] = 16; // 64-byte rows, 128B swizzle: row r in 128-byte line r
    g.box[1] = 16;
    g.a.swizzle = 3;
    REQUIRE(validateTiled(g.a, d, why) == TensorMapVerdict::Ok);
    CHECK(d.rowPitch() == 128);
    CHECK(d.boxBytes() == 16 * 16 * 4);
    CHECK(d.sharedFootprint() == 15 * 128 + 64);
    const std::int32_t c[2] = {0, 0};
    tensorCopySegments(d, c, 0, s);
    for (const TensorSegment &t : s) {
      const std::uint64_t row = (t.global - d.address) / 256, col = (t.global - d.address) % 256;
      // Row 4's chunks land in the upper half of line 4 (chunk k ^ 4).
      CHECK(t.shared == row * 128 + (((col / 16) ^ (row % 8)) * 16) + col % 16);
    }
    g.box[0] = 8; // 32-byte rows, 64B swizzle: a 64-byte pitch
    g.a.swizzle = 2;
    REQUIRE(validateTiled(g.a, d, why) == TensorMapVerdict::Ok);
    CHECK(d.rowPitch() == 64);
    tensorCopySegments(d, c, 0, s);
    // Rows 0 and 1 are one segment each (64-byte pitch); row 2, chunk 0 is in
    // line 1 at chunk 0 ^ 1.
    CHECK(s[0].bytes == 32);
    CHECK(s[1].shared == 64);
    CHECK(s[2].shared == 128 + 16);
  }
  SUBCASE("element strides: every second row") {
    g.es[1] = 2;
    REQUIRE(validateTiled(g.a, d, why) == TensorMapVerdict::Ok);
    const std::int32_t c[2] = {0, 1};
    tensorCopySegments(d, c, 0, s);
    REQUIRE(s.size() == 4);
    CHECK(s[1].global == d.address + 3 * 256);
    CHECK(s[3].global == d.address + 7 * 256);
  }
}

TEST_CASE("tensor map: the element types of reductions") {
  ReduceType t;
  CHECK(tensorReduceType(TensorDataType::F32, ReduceOp::Add, t));
  CHECK(t == ReduceType::F32);
  CHECK(tensorReduceType(TensorDataType::S32, ReduceOp::Min, t));
  CHECK(t == ReduceType::S32);
  CHECK(tensorReduceType(TensorDataType::U64, ReduceOp::Xor, t));
  CHECK(t == ReduceType::B64);
  CHECK_FALSE(tensorReduceType(TensorDataType::F32, ReduceOp::Min, t)); // no .min.f32
  CHECK_FALSE(tensorReduceType(TensorDataType::S64, ReduceOp::Add, t)); // no .add.s64
  CHECK_FALSE(tensorReduceType(TensorDataType::F16, ReduceOp::Add, t)); // not simulated
  CHECK(tensorReduceRefusal(TensorDataType::F16, ReduceOp::Add).find("not simulated") !=
        std::string::npos);
  CHECK(tensorReduceRefusal(TensorDataType::F32, ReduceOp::Min) ==
        ".min on a tensor map of CU_TENSOR_MAP_DATA_TYPE_FLOAT32 is not a reduction PTX has "
        "(cp.reduce.async.bulk.tensor's type table)");
}

TEST_CASE("tensor map: NaN fills") {
  CHECK(tensorNanFill(TensorDataType::F32) == 0x7fffffff);
  CHECK(tensorNanFill(TensorDataType::F16) == 0x7fff);
  CHECK(tensorNanFill(TensorDataType::U32) == 0);
}

TEST_CASE("inline PTX: tensor copies") {
  PtxProgram p;
  std::string e;
  REQUIRE(parsePtx("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::"
                   "bytes [%0], [%1, {%2, %3}], [%4];",
                   p, e));
  REQUIRE(p.code.size() == 1);
  CHECK(p.code[0].op == PtxOp::CpAsyncBulkTensorLoad);
  CHECK(p.code[0].coords == 2);
  REQUIRE(p.code[0].args.size() == 5);
  CHECK(p.code[0].args[1].kind == PtxOperand::Kind::Address);
  CHECK(p.code[0].args[2].kind == PtxOperand::Kind::Operand);
  CHECK(p.code[0].args[4].kind == PtxOperand::Kind::Address);
  // Without .tile, .shared::cta, 3 and 5 coordinates, a cache hint.
  CHECK(parsePtx("cp.async.bulk.tensor.3d.shared::cta.global.mbarrier::complete_tx::bytes [%0], "
                 "[%1, {%2, %3, %4}], [%5];",
                 p, e));
  CHECK(p.code[0].coords == 3);
  CHECK(parsePtx("cp.async.bulk.tensor.5d.shared::cluster.global.tile.mbarrier::complete_tx::"
                 "bytes.L2::cache_hint [%0], [%1, {%2, %3, %4, %5, %6}], [%7], %8;",
                 p, e));
  CHECK(p.code[0].coords == 5);
  REQUIRE(parsePtx("cp.async.bulk.tensor.1d.global.shared::cta.tile.bulk_group [%0, {%1}], [%2];",
                   p, e));
  CHECK(p.code[0].op == PtxOp::CpAsyncBulkTensorStore);
  CHECK(p.code[0].coords == 1);
  CHECK(p.code[0].args.size() == 3);
  // The rank must match the coordinates.
  CHECK_FALSE(parsePtx("cp.async.bulk.tensor.2d.global.shared::cta.tile.bulk_group [%0, {%1}], "
                       "[%2];",
                       p, e));
  // Reductions (the operator between the spaces and the mode) and prefetches.
  REQUIRE(parsePtx("cp.reduce.async.bulk.tensor.2d.global.shared::cta.add.tile.bulk_group "
                   "[%0, {%1, %2}], [%3];",
                   p, e));
  CHECK(p.code[0].op == PtxOp::CpReduceAsyncBulkTensor);
  CHECK(p.code[0].redOp == ReduceOp::Add);
  CHECK(p.code[0].coords == 2);
  REQUIRE(parsePtx("cp.reduce.async.bulk.tensor.1d.global.shared::cta.xor.bulk_group "
                   "[%0, {%1}], [%2];",
                   p, e));
  CHECK(p.code[0].redOp == ReduceOp::Xor);
  REQUIRE(parsePtx("cp.async.bulk.prefetch.tensor.3d.L2.global.tile [%0, {%1, %2, %3}];", p, e));
  CHECK(p.code[0].op == PtxOp::CpAsyncBulkPrefetchTensor);
  CHECK(p.code[0].coords == 3);
  CHECK(
      parsePtx("cp.async.bulk.prefetch.tensor.1d.L2.global.L2::cache_hint [%0, {%1}], %2;", p, e));
  // Multicast loads: the ctaMask after the mbarrier, then the cache policy;
  // tensor and plain bulk copies, into shared::cluster only.
  REQUIRE(parsePtx("cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::"
                   "bytes.multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;",
                   p, e));
  CHECK(p.code[0].op == PtxOp::CpAsyncBulkTensorLoad);
  CHECK(p.code[0].multicast);
  CHECK(p.code[0].args.size() == 6);
  REQUIRE(parsePtx("cp.async.bulk.tensor.1d.shared::cluster.global.mbarrier::complete_tx::bytes."
                   "multicast::cluster.L2::cache_hint [%0], [%1, {%2}], [%3], 0xf, %4;",
                   p, e));
  CHECK(p.code[0].multicast);
  CHECK(p.code[0].args[4].kind == PtxOperand::Kind::Immediate);
  REQUIRE(parsePtx("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::"
                   "cluster [%0], [%1], %2, [%3], %4;",
                   p, e));
  CHECK(p.code[0].op == PtxOp::CpAsyncBulkLoad);
  CHECK(p.code[0].multicast);
  REQUIRE(parsePtx("cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.L2::cache_"
                   "hint [%0], [%1], %2, [%3], %4;",
                   p, e));
  CHECK_FALSE(p.code[0].multicast);
  for (const char *wrong :
       {// no ctaMask; a shared::cta destination; an address as the mask
        "cp.async.bulk.tensor.2d.shared::cluster.global.tile.mbarrier::complete_tx::bytes."
        "multicast::cluster [%0], [%1, {%2, %3}], [%4];",
        "cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes."
        "multicast::cluster [%0], [%1, {%2, %3}], [%4], %5;",
        "cp.async.bulk.shared::cluster.global.mbarrier::complete_tx::bytes.multicast::cluster "
        "[%0], [%1], %2, [%3], [%4];"})
    CHECK_FALSE(parsePtx(wrong, p, e));
  // im2col loads and prefetches: rank - 2 offsets after the mbarrier (or
  // the tensor operand), then a ctaMask and a cache policy.
  REQUIRE(parsePtx("cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::"
                   "bytes [%0], [%1, {%2, %3, %4}], [%5], {%6};",
                   p, e));
  CHECK(p.code[0].op == PtxOp::CpAsyncBulkTensorLoad);
  CHECK(p.code[0].im2col);
  CHECK(p.code[0].args.size() == 7);
  REQUIRE(parsePtx("cp.async.bulk.tensor.5d.shared::cluster.global.im2col.mbarrier::complete_tx::"
                   "bytes.multicast::cluster.L2::cache_hint [%0], [%1, {%2, %3, %4, %5, %6}], "
                   "[%7], {1, 2, 3}, %8, %9;",
                   p, e));
  CHECK(p.code[0].im2col);
  CHECK(p.code[0].multicast);
  CHECK(p.code[0].args[9].imm == 2); // d, map, 5 coordinates, mbar, then the offsets
  REQUIRE(parsePtx("cp.async.bulk.prefetch.tensor.4d.L2.global.im2col [%0, {%1, %2, %3, %4}], "
                   "{%5, %6};",
                   p, e));
  CHECK(p.code[0].op == PtxOp::CpAsyncBulkPrefetchTensor);
  CHECK(p.code[0].im2col);
  for (const char *wrong :
       {// offsets for the wrong rank, missing, or on a tile copy
        "cp.async.bulk.tensor.4d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], "
        "[%1, {%2, %3, %4, %5}], [%6], {%7};",
        "cp.async.bulk.tensor.3d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], "
        "[%1, {%2, %3, %4}], [%5];",
        "cp.async.bulk.tensor.3d.shared::cluster.global.tile.mbarrier::complete_tx::bytes [%0], "
        "[%1, {%2, %3, %4}], [%5], {%6};"})
    CHECK_FALSE(parsePtx(wrong, p, e));
  // The tensormap proxy fences and tensormap.replace.
  REQUIRE(parsePtx("fence.proxy.tensormap::generic.release.gpu;", p, e));
  CHECK(p.code[0].op == PtxOp::FenceProxyTensormap);
  CHECK(p.code[0].order == MemoryOrder::Release);
  CHECK(p.code[0].scope == Scope::Device);
  REQUIRE(parsePtx("fence.proxy.tensormap::generic.acquire.cta [%0], 128;", p, e));
  CHECK(p.code[0].order == MemoryOrder::Acquire);
  CHECK(p.code[0].scope == Scope::Block);
  CHECK_FALSE(parsePtx("fence.proxy.tensormap::generic.acquire.gpu [%0], 64;", p, e));
  CHECK_FALSE(parsePtx("fence.proxy.tensormap::generic.release.gpu [%0], 128;", p, e));
  REQUIRE(parsePtx("tensormap.replace.tile.global_address.global.b1024.b64 [%0], %1;", p, e));
  CHECK(p.code[0].op == PtxOp::TensormapReplace);
  CHECK(p.code[0].field == TensorMapField::GlobalAddress);
  CHECK(p.code[0].space == PtxInstr::Space::Global);
  REQUIRE(parsePtx("tensormap.replace.tile.box_dim.shared::cta.b1024.b32 [%0], 1, %1;", p, e));
  CHECK(p.code[0].field == TensorMapField::BoxDim);
  CHECK(p.code[0].args.size() == 3);
  CHECK(parsePtx("tensormap.replace.tile.fill_mode.b1024.b32 [%0], 1;", p, e));
  REQUIRE(parsePtx("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu."
                   "sync.aligned [%0], [%1], 128;",
                   p, e));
  CHECK(p.code[0].op == PtxOp::TensormapCpFenceproxy);
  CHECK(p.code[0].scope == Scope::Device);
  CHECK_FALSE(parsePtx("tensormap.cp_fenceproxy.global.shared::cta.tensormap::generic.release.gpu."
                       "sync.aligned [%0], [%1], 64;",
                       p, e));
  // The wrong width, a missing ordinal, an unknown field.
  CHECK_FALSE(parsePtx("tensormap.replace.tile.global_address.global.b1024.b32 [%0], %1;", p, e));
  CHECK_FALSE(parsePtx("tensormap.replace.tile.global_dim.global.b1024.b32 [%0], %1;", p, e));
  CHECK_FALSE(parsePtx("tensormap.replace.tile.box_size.global.b1024.b32 [%0], 0, %1;", p, e));
  // Refused by name: im2col (copies, reductions, prefetches), an unknown
  // operator, the map copy with its fence.
  for (const char *refused :
       {"cp.async.bulk.tensor.2d.shared::cluster.global.im2col.mbarrier::complete_tx::bytes [%0], "
        "[%1, {%2, %3}], [%4], {%5};",
        "cp.reduce.async.bulk.tensor.3d.global.shared::cta.add.im2col_no_offs.bulk_group "
        "[%0, {%1, %2, %3}], [%4];",
        "cp.reduce.async.bulk.tensor.2d.global.shared::cta.mul.tile.bulk_group [%0, {%1, %2}], "
        "[%3];",
        "cp.async.bulk.tensor.4d.global.shared::cta.im2col_no_offs.bulk_group [%0, {%1, %2, %3, "
        "%4}], [%5];",
        "cp.async.bulk.tensor.2d.shared::cta.global.tile.mbarrier::complete_tx::bytes.cta_group::2 "
        "[%0], [%1, {%2, %3}], [%4];"}) {
    CHECK_FALSE(parsePtx(refused, p, e));
    CHECK(e.find("unsupported inline PTX instruction") != std::string::npos);
  }
}

TEST_CASE("tensor map: tensormap.replace") {
  const std::uint64_t dim[2] = {64, 32}, strides[1] = {256};
  const std::uint32_t box[2] = {16, 16}, es[2] = {1, 1};
  TiledEncodeArgs a;
  a.mapAddress = 64;
  a.type = static_cast<std::uint32_t>(TensorDataType::F32);
  a.rank = 2;
  a.address = 0x10000;
  a.dim = dim;
  a.strides = strides;
  a.box = box;
  a.elementStrides = es;
  TensorMapDesc d;
  std::string why;
  REQUIRE(validateTiled(a, d, why) == TensorMapVerdict::Ok);
  CHECK(replaceTensorMapField(d, TensorMapField::GlobalAddress, 0, 0x20000, why) ==
        TensorMapVerdict::Ok);
  CHECK(d.address == 0x20000);
  CHECK(replaceTensorMapField(d, TensorMapField::GlobalDim, 1, 40, why) == TensorMapVerdict::Ok);
  CHECK(d.dim[1] == 40);
  CHECK(replaceTensorMapField(d, TensorMapField::GlobalStride, 0, 512, why) ==
        TensorMapVerdict::Ok);
  CHECK(d.stride[1] == 512);
  CHECK(replaceTensorMapField(d, TensorMapField::BoxDim, 1, 8, why) == TensorMapVerdict::Ok);
  CHECK(d.box[1] == 8);
  CHECK(replaceTensorMapField(d, TensorMapField::ElementStride, 1, 2, why) == TensorMapVerdict::Ok);
  CHECK(d.boxElements(1) == 4);
  CHECK(replaceTensorMapField(d, TensorMapField::FillMode, 0, 1, why) == TensorMapVerdict::Ok);
  CHECK(d.nanFill);
  CHECK(replaceTensorMapField(d, TensorMapField::Swizzle, 0, 1, why) == TensorMapVerdict::Invalid);
  CHECK(why == "tensormap.replace .swizzle_mode leaves a map the driver would not encode: the "
               "box's inner dimension, boxDim[0] * element size = 64 bytes, is larger than the "
               "32-byte swizzle span (CU_TENSOR_MAP_SWIZZLE_32B)");
  CHECK(d.swizzle == 0); // a refused change leaves the map alone
  CHECK(replaceTensorMapField(d, TensorMapField::Swizzle, 0, 2, why) == TensorMapVerdict::Ok);
  CHECK(d.swizzle == 64);
  // Invalid values and ordinals, an unaligned address.
  CHECK(replaceTensorMapField(d, TensorMapField::BoxDim, 0, 300, why) == TensorMapVerdict::Invalid);
  CHECK(why == "tensormap.replace .box_dim: boxDim[0] = 300 is not in 1..256");
  CHECK(replaceTensorMapField(d, TensorMapField::GlobalStride, 1, 512, why) ==
        TensorMapVerdict::Invalid);
  CHECK(why.find("ordinal 1 is past the map's strides") != std::string::npos);
  CHECK(replaceTensorMapField(d, TensorMapField::GlobalAddress, 0, 0x20008, why) ==
        TensorMapVerdict::Invalid);
  CHECK(replaceTensorMapField(d, TensorMapField::GlobalStride, 0, 500, why) ==
        TensorMapVerdict::Invalid);
  // Not simulated: refused by name.
  CHECK(replaceTensorMapField(d, TensorMapField::Rank, 0, 1, why) == TensorMapVerdict::Unsupported);
  CHECK(why.find(".rank: not simulated yet") != std::string::npos);
  CHECK(replaceTensorMapField(d, TensorMapField::Interleave, 0, 1, why) ==
        TensorMapVerdict::Unsupported);
}

TEST_CASE("tensor map: im2col maps, the driver's rules and the columns") {
  const std::uint64_t dim[4] = {8, 5, 6, 2}, strides[3] = {32, 160, 960};
  const int lower[2] = {-1, -1}, upper[2] = {-1, -1};
  const std::uint32_t es[4] = {1, 1, 1, 1};
  Im2colEncodeArgs a;
  a.mapAddress = 64;
  a.type = static_cast<std::uint32_t>(TensorDataType::F32);
  a.rank = 4;
  a.address = 0x10000;
  a.dim = dim;
  a.strides = strides;
  a.lower = lower;
  a.upper = upper;
  a.channels = 8;
  a.pixels = 16;
  a.elementStrides = es;
  TensorMapDesc d;
  std::string why;
  REQUIRE(validateIm2col(a, d, why) == TensorMapVerdict::Ok);
  CHECK(d.im2col);
  CHECK(d.boxBytes() == 16 * 8 * 4);
  CHECK(d.rowPitch() == 32);
  // The encoding keeps the im2col fields.
  std::uint64_t q[16];
  encodeTensorMap(d, q);
  TensorMapDesc back;
  REQUIRE(decodeTensorMap(q, back));
  CHECK(back.im2col);
  CHECK(back.channels == 8);
  CHECK(back.pixels == 16);
  CHECK(back.lower[1] == -1);
  CHECK(back.upper[0] == -1);
  CHECK(back.stride[0] == 4);
  CHECK(back.stride[3] == 960);
  // The column from (w, h, n) = (-1, -1, 0), offsets (1, 1): pixel k is the
  // box position (-1 + k % 5, -1 + k / 5) plus (1, 1); no pixel is outside.
  std::vector<TensorSegment> segs;
  const std::int32_t coords[4] = {0, -1, -1, 0};
  const std::int16_t offs[2] = {1, 1};
  im2colCopySegments(back, coords, offs, 0, segs);
  REQUIRE(!segs.empty());
  CHECK(segs[0].shared == 0);
  CHECK(segs[0].global == 0x10000); // pixel (0, 0)
  std::uint32_t bytes = 0, oob = 0;
  for (const TensorSegment &s : segs) {
    bytes += s.bytes;
    oob += s.outOfBounds ? s.bytes : 0;
  }
  CHECK(bytes == 16 * 32);
  CHECK(oob == 0);
  // Without offsets the box's first row and first column are padding.
  const std::int16_t none[2] = {0, 0};
  im2colCopySegments(back, coords, none, 0, segs);
  oob = 0;
  for (const TensorSegment &s : segs)
    oob += s.outOfBounds ? s.bytes : 0;
  CHECK(oob == (5 + 3) * 32); // the h = -1 row, then w = -1 of rows 0, 1 and 2
  // The rules.
  a.rank = 2;
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Invalid);
  CHECK(why == "tensorRank 2 is not 3, 4 or 5 (im2col)");
  a.rank = 4;
  const int far[2] = {-129, 0};
  a.lower = far;
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Invalid);
  CHECK(why == "pixelBoxLowerCorner[0] = -129 is not in [-128, 127] (rank 4)");
  a.lower = lower;
  const int empty[2] = {-6, -1};
  a.upper = empty;
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Invalid);
  CHECK(why.find("no pixel along dimension 1") != std::string::npos);
  a.upper = upper;
  a.channels = 300;
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Invalid);
  CHECK(why == "channelsPerPixel = 300 is not in 1..256");
  a.channels = 8;
  a.pixels = 1025;
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Invalid);
  a.pixels = 16;
  a.swizzle = 1; // 32B: 32-byte rows fit
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Ok);
  a.channels = 16; // 64-byte rows do not
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Invalid);
  CHECK(why.find("channelsPerPixel * element size = 64 bytes, is larger than the 32-byte") !=
        std::string::npos);
  a.swizzle = 0;
  a.channels = 3; // 12-byte rows: not simulated
  CHECK(validateIm2col(a, d, why) == TensorMapVerdict::Unsupported);
}
