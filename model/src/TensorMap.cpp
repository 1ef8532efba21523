#include "warpsim/model/TensorMap.h"

#include <algorithm>

namespace warpsim::model {
namespace {

// "WSTMAP01": a CUtensorMap that encodeTensorMap filled.
constexpr std::uint64_t kMagic = 0x31304150414d5453ull;

constexpr std::uint32_t kElemSize[kTensorDataTypes] = {1, 2, 4, 4, 8, 8, 2, 4,
                                                       8, 2, 4, 4, 4, 0, 0, 0};

bool isFloat(TensorDataType t) {
  switch (t) {
  case TensorDataType::F16:
  case TensorDataType::F32:
  case TensorDataType::F64:
  case TensorDataType::BF16:
  case TensorDataType::F32Ftz:
  case TensorDataType::TF32:
  case TensorDataType::TF32Ftz:
    return true;
  default:
    return false;
  }
}

std::string at(const char *name, std::uint32_t i) {
  return std::string(name) + "[" + std::to_string(i) + "]";
}

} // namespace

std::uint32_t TensorMapDesc::boxElements(std::uint32_t i) const {
  // elementStrides[0] is ignored: TMA has no stride along dimension 0.
  const std::uint32_t es = i == 0 ? 1 : elementStride[i];
  return (box[i] + es - 1) / es;
}

std::uint32_t TensorMapDesc::rowPitch() const {
  if (swizzle != 0)
    return swizzle;
  return (im2col ? channels : boxElements(0)) * elemSize;
}

std::uint32_t TensorMapDesc::sharedFootprint() const {
  if (im2col)
    return (pixels - 1) * rowPitch() + channels * elemSize;
  std::uint32_t rows = 1;
  for (std::uint32_t i = 1; i < rank; ++i)
    rows *= boxElements(i);
  return (rows - 1) * rowPitch() + boxElements(0) * elemSize;
}

std::uint32_t TensorMapDesc::boxBytes() const {
  if (im2col)
    return pixels * channels * elemSize;
  std::uint32_t n = elemSize;
  for (std::uint32_t i = 0; i < rank; ++i)
    n *= boxElements(i);
  return n;
}

TensorMapVerdict validateTiled(const TiledEncodeArgs &a, TensorMapDesc &d, std::string &why) {
  auto invalid = [&](std::string w) {
    why = std::move(w);
    return TensorMapVerdict::Invalid;
  };
  auto unsupported = [&](std::string w) {
    why = std::move(w);
    return TensorMapVerdict::Unsupported;
  };
  // "tensorMap address must be aligned to 64 bytes."
  if (a.mapAddress == 0)
    return invalid("tensorMap is a null pointer");
  if (a.mapAddress % 64 != 0)
    return invalid("tensorMap is not aligned to 64 bytes (it is " +
                   std::to_string(a.mapAddress % 64) + " bytes past a 64-byte boundary)");
  if (a.type >= kTensorDataTypes)
    return invalid("tensorDataType " + std::to_string(a.type) + " is not a CUtensorMapDataType");
  // "tensorRank must be non-zero and less than or equal to ... 5."
  if (a.rank == 0 || a.rank > kMaxTensorRank)
    return invalid("tensorRank " + std::to_string(a.rank) + " is not in 1..5");
  if (a.dim == nullptr || a.box == nullptr || a.elementStrides == nullptr ||
      (a.rank > 1 && a.strides == nullptr))
    return invalid("globalDim, globalStrides, boxDim or elementStrides is a null pointer");
  if (a.interleave > 2)
    return invalid("interleave " + std::to_string(a.interleave) +
                   " is not a CUtensorMapInterleave");
  if (a.swizzle >= kSwizzleModes)
    return invalid("swizzle " + std::to_string(a.swizzle) + " is not a CUtensorMapSwizzle");
  if (a.l2Promotion > 3)
    return invalid("l2Promotion " + std::to_string(a.l2Promotion) +
                   " is not a CUtensorMapL2promotion");
  if (a.oobFill > 1)
    return invalid("oobFill " + std::to_string(a.oobFill) + " is not a CUtensorMapFloatOOBfill");
  d = TensorMapDesc{};
  d.rank = a.rank;
  d.type = static_cast<TensorDataType>(a.type);
  d.elemSize = kElemSize[a.type];
  d.address = a.address;
  d.l2Promotion = a.l2Promotion;
  d.interleave = a.interleave;
  // "globalAddress ... must be 16 byte aligned."
  if (a.address % 16 != 0)
    return invalid("globalAddress is not aligned to 16 bytes (it is " +
                   std::to_string(a.address % 16) + " bytes past a 16-byte boundary)");
  for (std::uint32_t i = 0; i < a.rank; ++i) {
    // "globalDim ... must be non-zero and less than or equal to 2^32."
    if (a.dim[i] == 0 || a.dim[i] > (std::uint64_t{1} << 32))
      return invalid(at("globalDim", i) + " = " + std::to_string(a.dim[i]) + " is not in 1..2^32");
    d.dim[i] = a.dim[i];
  }
  d.stride[0] = d.elemSize;
  for (std::uint32_t i = 0; i + 1 < a.rank; ++i) {
    // "globalStrides ... must be a multiple of 16 and less than 2^40."
    if (a.strides[i] % 16 != 0)
      return invalid(at("globalStrides", i) + " = " + std::to_string(a.strides[i]) +
                     " bytes is not a multiple of 16");
    if (a.strides[i] >= (std::uint64_t{1} << 40))
      return invalid(at("globalStrides", i) + " = " + std::to_string(a.strides[i]) +
                     " bytes is not less than 2^40");
    d.stride[i + 1] = a.strides[i];
  }
  for (std::uint32_t i = 0; i < a.rank; ++i) {
    // "boxDim ... must be non-zero and less than or equal to 256."
    if (a.box[i] == 0 || a.box[i] > 256)
      return invalid(at("boxDim", i) + " = " + std::to_string(a.box[i]) + " is not in 1..256");
    // "elementStrides ... must be non-zero and less than or equal to 8."
    if (a.elementStrides[i] == 0 || a.elementStrides[i] > 8)
      return invalid(at("elementStrides", i) + " = " + std::to_string(a.elementStrides[i]) +
                     " is not in 1..8");
    d.box[i] = a.box[i];
    d.elementStride[i] = a.elementStrides[i];
  }
  if (d.elemSize == 0)
    return unsupported("the packed sub-byte tensorDataType " + std::to_string(a.type) +
                       " (16U4/16U6)");
  if (a.interleave != 0)
    return unsupported("an interleaved layout (CU_TENSOR_MAP_INTERLEAVE_16B/32B)");
  // "When interleave is CU_TENSOR_MAP_INTERLEAVE_NONE, boxDim[0] *
  // elementSizeInBytes(tensorDataType) must be a multiple of 16 bytes."
  const std::uint32_t inner = a.box[0] * d.elemSize;
  if (inner % 16 != 0)
    return invalid("boxDim[0] * element size = " + std::to_string(a.box[0]) + " * " +
                   std::to_string(d.elemSize) + " = " + std::to_string(inner) +
                   " bytes is not a multiple of 16");
  if (a.swizzle >= 4)
    return unsupported("the swizzle mode " + std::to_string(a.swizzle) +
                       " (CU_TENSOR_MAP_SWIZZLE_128B_ATOM_*, sm_100)");
  d.swizzle = a.swizzle == 0 ? 0 : 16u << a.swizzle;
  // "the bounding box inner dimension ... must be less than or equal to the
  // swizzle size."
  if (d.swizzle != 0 && inner > d.swizzle)
    return invalid(
        "the box's inner dimension, boxDim[0] * element size = " + std::to_string(inner) +
        " bytes, is larger than the " + std::to_string(d.swizzle) +
        "-byte swizzle span (CU_TENSOR_MAP_SWIZZLE_" + std::to_string(d.swizzle) + "B)");
  // "CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA can only be used when
  // tensorDataType represents a floating-point data type."
  if (a.oobFill == 1 && !isFloat(d.type))
    return invalid("oobFill CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA with the "
                   "integer tensorDataType " +
                   std::to_string(a.type));
  d.nanFill = a.oobFill == 1;
  return TensorMapVerdict::Ok;
}

TensorMapVerdict validateIm2col(const Im2colEncodeArgs &a, TensorMapDesc &d, std::string &why) {
  auto invalid = [&](std::string w) {
    why = std::move(w);
    return TensorMapVerdict::Invalid;
  };
  auto unsupported = [&](std::string w) {
    why = std::move(w);
    return TensorMapVerdict::Unsupported;
  };
  // "tensorRank ... must be 3, 4, or 5."
  if (a.rank < 3 || a.rank > kMaxTensorRank)
    return invalid("tensorRank " + std::to_string(a.rank) + " is not 3, 4 or 5 (im2col)");
  if (a.lower == nullptr || a.upper == nullptr)
    return invalid("pixelBoxLowerCorner or pixelBoxUpperCorner is a null pointer");
  // "channelsPerPixel ... must be less than or equal to 256";
  // "pixelsPerColumn ... must be less than or equal to 1024".
  if (a.channels == 0 || a.channels > 256)
    return invalid("channelsPerPixel = " + std::to_string(a.channels) + " is not in 1..256");
  if (a.pixels == 0 || a.pixels > 1024)
    return invalid("pixelsPerColumn = " + std::to_string(a.pixels) + " is not in 1..1024");
  // The rules the tiled encoder shares, through it, with a box of
  // channelsPerPixel along C (the row a pixel fills) and one element along
  // the others.
  const std::uint32_t box[kMaxTensorRank] = {a.channels, 1, 1, 1, 1};
  TiledEncodeArgs t;
  t.mapAddress = a.mapAddress;
  t.type = a.type;
  t.rank = a.rank;
  t.address = a.address;
  t.dim = a.dim;
  t.strides = a.strides;
  t.box = box;
  t.elementStrides = a.elementStrides;
  t.interleave = a.interleave;
  t.swizzle = a.swizzle;
  t.l2Promotion = a.l2Promotion;
  t.oobFill = a.oobFill;
  std::string rule;
  const TensorMapVerdict v = validateTiled(t, d, rule);
  if (rule.rfind("boxDim[0] * element size", 0) == 0)
    return unsupported(
        "rows of channelsPerPixel * element size = " + std::to_string(a.channels * d.elemSize) +
        " bytes, not a multiple of 16 (their shared-memory layout is not known)");
  if (rule.rfind("the box's inner dimension", 0) == 0)
    return invalid("the bounding box's inner dimension, channelsPerPixel * element size = " +
                   std::to_string(a.channels * d.elemSize) + " bytes, is larger than the " +
                   std::to_string(d.swizzle) + "-byte swizzle span (CU_TENSOR_MAP_SWIZZLE_" +
                   std::to_string(d.swizzle) + "B)");
  if (v != TensorMapVerdict::Ok) {
    why = rule;
    return v;
  }
  // "When tensorRank is 3, one signed offset within range [-32768, 32767]
  // is supported; 4: two within [-128, 127]; 5: three within [-16, 15]."
  const std::int32_t bound = a.rank == 3 ? 32768 : a.rank == 4 ? 128 : 16;
  const std::uint32_t spatial = a.rank - 2;
  for (std::uint32_t i = 0; i < spatial; ++i)
    for (const int *c : {a.lower, a.upper})
      if (c[i] < -bound || c[i] >= bound)
        return invalid(at(c == a.lower ? "pixelBoxLowerCorner" : "pixelBoxUpperCorner", i) + " = " +
                       std::to_string(c[i]) + " is not in [" + std::to_string(-bound) + ", " +
                       std::to_string(bound - 1) + "] (rank " + std::to_string(a.rank) + ")");
  // "The bounding box ... must have non-zero area": along each spatial
  // dimension it spans lower .. globalDim - 1 + upper.
  for (std::uint32_t i = 0; i < spatial; ++i) {
    const std::int64_t n = static_cast<std::int64_t>(a.dim[i + 1]) + a.upper[i] - a.lower[i];
    if (n <= 0)
      return invalid("the bounding box has no pixel along dimension " + std::to_string(i + 1) +
                     ": globalDim[" + std::to_string(i + 1) + "] + pixelBoxUpperCorner[" +
                     std::to_string(i) + "] - pixelBoxLowerCorner[" + std::to_string(i) +
                     "] = " + std::to_string(n));
  }
  d.im2col = true;
  d.channels = a.channels;
  d.pixels = a.pixels;
  for (std::uint32_t i = 0; i < kMaxTensorRank; ++i)
    d.box[i] = 1;
  for (std::uint32_t i = 0; i < spatial; ++i) {
    d.lower[i] = a.lower[i];
    d.upper[i] = a.upper[i];
  }
  return TensorMapVerdict::Ok;
}

const char *tensorMapFieldName(TensorMapField f) {
  static constexpr const char *kNames[] = {
      ".global_address", ".rank",     ".box_dim",           ".global_dim",   ".global_stride",
      ".element_stride", ".elemtype", ".interleave_layout", ".swizzle_mode", ".swizzle_atomicity",
      ".fill_mode"};
  return kNames[static_cast<std::uint32_t>(f)];
}

TensorMapVerdict replaceTensorMapField(TensorMapDesc &d, TensorMapField f, std::uint32_t ord,
                                       std::uint64_t value, std::string &why) {
  const std::string name = std::string("tensormap.replace ") + tensorMapFieldName(f);
  if (d.im2col) {
    why = name + ": the map is an im2col map (tensormap.replace.tile changes tiled maps)";
    return TensorMapVerdict::Unsupported;
  }
  auto unsupported = [&](std::string w) {
    why = name + ": " + std::move(w);
    return TensorMapVerdict::Unsupported;
  };
  auto invalid = [&](std::string w) {
    why = name + ": " + std::move(w);
    return TensorMapVerdict::Invalid;
  };
  const bool ordinal = f == TensorMapField::BoxDim || f == TensorMapField::GlobalDim ||
                       f == TensorMapField::GlobalStride || f == TensorMapField::ElementStride;
  const std::uint32_t dims = f == TensorMapField::GlobalStride ? d.rank - 1 : d.rank;
  if (ordinal && ord >= dims)
    return invalid("ordinal " + std::to_string(ord) + " is past the map's " +
                   (f == TensorMapField::GlobalStride ? "strides" : "dimensions") + " (rank " +
                   std::to_string(d.rank) + ")");
  TensorMapDesc n = d;
  std::uint32_t swizzleEnum = d.swizzle == 0 ? 0 : d.swizzle == 32 ? 1 : d.swizzle == 64 ? 2 : 3;
  switch (f) {
  case TensorMapField::GlobalAddress:
    n.address = value;
    break;
  case TensorMapField::BoxDim:
    n.box[ord] = static_cast<std::uint32_t>(value);
    if (value == 0 || value > 256)
      return invalid("boxDim[" + std::to_string(ord) + "] = " + std::to_string(value) +
                     " is not in 1..256");
    break;
  case TensorMapField::GlobalDim:
    n.dim[ord] = static_cast<std::uint32_t>(value);
    break;
  case TensorMapField::GlobalStride:
    n.stride[ord + 1] = value;
    break;
  case TensorMapField::ElementStride:
    if (value == 0 || value > 8)
      return invalid("elementStrides[" + std::to_string(ord) + "] = " + std::to_string(value) +
                     " is not in 1..8");
    n.elementStride[ord] = static_cast<std::uint32_t>(value);
    break;
  case TensorMapField::Swizzle:
    if (value > 3)
      return unsupported("swizzle mode " + std::to_string(value) +
                         " (the 96B swizzle, sm_100) is not simulated");
    swizzleEnum = static_cast<std::uint32_t>(value);
    break;
  case TensorMapField::FillMode:
    if (value > 1)
      return invalid("fill mode " + std::to_string(value) + " is not 0 (zero) or 1 (NaN)");
    n.nanFill = value == 1;
    break;
  case TensorMapField::Interleave:
    if (value != 0)
      return unsupported("interleaved layouts are not simulated");
    break;
  case TensorMapField::Rank:
  case TensorMapField::ElemType:
  case TensorMapField::SwizzleAtomicity:
    return unsupported("not simulated yet (the field's value encoding is not checked against the "
                       "H100)");
  }
  // The changed map must still be one the driver would encode.
  std::uint64_t strides[kMaxTensorRank];
  for (std::uint32_t i = 0; i + 1 < kMaxTensorRank; ++i)
    strides[i] = n.stride[i + 1];
  TiledEncodeArgs a;
  a.mapAddress = 64;
  a.type = static_cast<std::uint32_t>(n.type);
  a.rank = n.rank;
  a.address = n.address;
  a.dim = n.dim;
  a.strides = strides;
  a.box = n.box;
  a.elementStrides = n.elementStride;
  a.interleave = 0;
  a.swizzle = swizzleEnum;
  a.l2Promotion = n.l2Promotion;
  a.oobFill = n.nanFill ? 1 : 0;
  std::string rule;
  TensorMapDesc out;
  const TensorMapVerdict v = validateTiled(a, out, rule);
  if (v != TensorMapVerdict::Ok) {
    why = name + " leaves a map the driver would not encode: " + rule;
    return v;
  }
  d = out;
  return TensorMapVerdict::Ok;
}

void encodeTensorMap(const TensorMapDesc &d, std::uint64_t q[16]) {
  std::fill(q, q + 16, 0);
  q[0] = kMagic;
  q[1] = d.address;
  q[2] = d.rank | static_cast<std::uint64_t>(d.type) << 8 |
         static_cast<std::uint64_t>(d.swizzle) << 16 |
         static_cast<std::uint64_t>(d.nanFill ? 1 : 0) << 32 |
         static_cast<std::uint64_t>(d.l2Promotion) << 40 |
         static_cast<std::uint64_t>(d.interleave) << 48 |
         static_cast<std::uint64_t>(d.im2col ? 1 : 0) << 56;
  for (std::uint32_t i = 0; i < kMaxTensorRank; ++i) {
    q[3 + i] = d.dim[i];
    q[8 + i] = d.stride[i];
  }
  for (std::uint32_t i = 0; i < kMaxTensorRank; ++i) {
    q[13] |= static_cast<std::uint64_t>(d.box[i] - 1) << (8 * i);
    q[14] |= static_cast<std::uint64_t>(d.elementStride[i] - 1) << (8 * i);
  }
  if (d.im2col) {
    // The box is unused: q[8] (stride[0], the element size) holds the lower
    // corner and the channels, q[13] the upper corner, q[14] the pixels.
    q[8] = static_cast<std::uint64_t>(d.channels - 1) << 48;
    q[13] = 0;
    for (std::uint32_t i = 0; i < 3; ++i) {
      q[8] |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(d.lower[i])) << (16 * i);
      q[13] |= static_cast<std::uint64_t>(static_cast<std::uint16_t>(d.upper[i])) << (16 * i);
    }
    q[14] |= static_cast<std::uint64_t>(d.pixels - 1) << 40;
  }
  // A check word, so that a map changed by hand is not taken for ours.
  q[15] = kMagic;
  for (int i = 1; i < 15; ++i)
    q[15] = (q[15] ^ q[i]) * 0x100000001b3ull;
}

bool decodeTensorMap(const std::uint64_t q[16], TensorMapDesc &d) {
  if (q[0] != kMagic)
    return false;
  std::uint64_t check = kMagic;
  for (int i = 1; i < 15; ++i)
    check = (check ^ q[i]) * 0x100000001b3ull;
  if (check != q[15])
    return false;
  d = TensorMapDesc{};
  d.address = q[1];
  d.rank = static_cast<std::uint32_t>(q[2] & 0xff);
  const auto type = static_cast<std::uint32_t>((q[2] >> 8) & 0xff);
  d.swizzle = static_cast<std::uint32_t>((q[2] >> 16) & 0xffff);
  d.nanFill = ((q[2] >> 32) & 1) != 0;
  d.l2Promotion = static_cast<std::uint32_t>((q[2] >> 40) & 0xff);
  d.interleave = static_cast<std::uint32_t>((q[2] >> 48) & 0xff);
  d.im2col = ((q[2] >> 56) & 1) != 0;
  if (d.rank == 0 || d.rank > kMaxTensorRank || type >= kTensorDataTypes || kElemSize[type] == 0)
    return false;
  d.type = static_cast<TensorDataType>(type);
  d.elemSize = kElemSize[type];
  for (std::uint32_t i = 0; i < kMaxTensorRank; ++i) {
    d.dim[i] = q[3 + i];
    d.stride[i] = q[8 + i];
    d.box[i] = static_cast<std::uint32_t>((q[13] >> (8 * i)) & 0xff) + 1;
    d.elementStride[i] = static_cast<std::uint32_t>((q[14] >> (8 * i)) & 0xff) + 1;
  }
  if (d.im2col) {
    d.stride[0] = d.elemSize;
    d.channels = static_cast<std::uint32_t>((q[8] >> 48) & 0xff) + 1;
    d.pixels = static_cast<std::uint32_t>((q[14] >> 40) & 0x3ff) + 1;
    for (std::uint32_t i = 0; i < kMaxTensorRank; ++i)
      d.box[i] = 1;
    for (std::uint32_t i = 0; i < 3; ++i) {
      d.lower[i] = static_cast<std::int16_t>((q[8] >> (16 * i)) & 0xffff);
      d.upper[i] = static_cast<std::int16_t>((q[13] >> (16 * i)) & 0xffff);
    }
  }
  return true;
}

std::uint64_t tensorNanFill(TensorDataType t) {
  // The canonical NaN of each type (the H100's fill is recorded in
  // tests/runtime/tma_oob_fill.cu's expected output).
  switch (t) {
  case TensorDataType::F16:
    return 0x7fff;
  case TensorDataType::BF16:
    return 0x7fff;
  case TensorDataType::F32:
  case TensorDataType::F32Ftz:
  case TensorDataType::TF32:
  case TensorDataType::TF32Ftz:
    return 0x7fffffff;
  case TensorDataType::F64:
    return 0x7fffffffffffffffull;
  default:
    return 0;
  }
}

namespace {
const char *typeName(TensorDataType t) {
  static constexpr const char *kNames[kTensorDataTypes] = {
      "UINT8",        "UINT16",       "UINT32",        "INT32",        "UINT64",      "INT64",
      "FLOAT16",      "FLOAT32",      "FLOAT64",       "BFLOAT16",     "FLOAT32_FTZ", "TFLOAT32",
      "TFLOAT32_FTZ", "16U4_ALIGN8B", "16U4_ALIGN16B", "16U6_ALIGN16B"};
  return kNames[static_cast<std::uint32_t>(t)];
}
const char *opName(ReduceOp op) {
  static constexpr const char *kNames[] = {"add", "min", "max", "inc", "dec", "and", "or", "xor"};
  return kNames[static_cast<std::uint32_t>(op)];
}
} // namespace

bool tensorReduceType(TensorDataType t, ReduceOp op, ReduceType &out) {
  const bool bits = op == ReduceOp::And || op == ReduceOp::Or || op == ReduceOp::Xor;
  std::string_view name;
  switch (t) {
  case TensorDataType::U32:
    name = bits ? "b32" : "u32";
    break;
  case TensorDataType::S32:
    name = bits ? "b32" : "s32";
    break;
  case TensorDataType::U64:
    name = bits ? "b64" : "u64";
    break;
  case TensorDataType::S64:
    name = bits ? "b64" : "s64";
    break;
  case TensorDataType::F32:
  case TensorDataType::F32Ftz:
    name = "f32";
    break;
  case TensorDataType::F64:
    name = "f64";
    break;
  default:
    return false;
  }
  ReduceOp o;
  return parseBulkReduce(opName(op), name, o, out);
}

std::string tensorReduceRefusal(TensorDataType t, ReduceOp op) {
  const bool half = t == TensorDataType::F16 || t == TensorDataType::BF16;
  return std::string(".") + opName(op) + " on a tensor map of CU_TENSOR_MAP_DATA_TYPE_" +
         typeName(t) +
         (half ? " (f16/bf16 bulk reductions are not simulated yet)"
               : " is not a reduction PTX has (cp.reduce.async.bulk.tensor's type table)");
}

void tensorCopySegments(const TensorMapDesc &d, const std::int32_t *coords, std::uint64_t shared,
                        std::vector<TensorSegment> &out) {
  out.clear();
  std::uint32_t n[kMaxTensorRank];
  for (std::uint32_t i = 0; i < kMaxTensorRank; ++i)
    n[i] = i < d.rank ? d.boxElements(i) : 1;
  const std::uint32_t es = d.elemSize;
  auto push = [&](std::uint64_t s, std::uint64_t g, std::uint32_t bytes, bool oob) {
    if (!out.empty()) {
      TensorSegment &b = out.back();
      if (b.outOfBounds == oob && b.shared + b.bytes == s && (oob || b.global + b.bytes == g)) {
        b.bytes += bytes;
        return;
      }
    }
    out.push_back(TensorSegment{s, oob ? 0 : g, bytes, oob});
  };
  std::uint64_t row = shared;
  const std::uint32_t pitch = d.rowPitch();
  std::uint32_t j[kMaxTensorRank] = {0, 0, 0, 0, 0};
  for (;; row += pitch) {
    std::uint64_t linear = row;
    // One row of the box (dimension 0) at outer indices j[1..].
    bool outerIn = true;
    std::uint64_t rowBase = d.address;
    for (std::uint32_t i = 1; i < d.rank; ++i) {
      const std::int64_t g = std::int64_t{coords[i]} + std::int64_t{j[i]} * d.elementStride[i];
      if (g < 0 || static_cast<std::uint64_t>(g) >= d.dim[i])
        outerIn = false;
      else
        rowBase += static_cast<std::uint64_t>(g) * d.stride[i];
    }
    for (std::uint32_t k = 0; k < n[0]; ++k, linear += es) {
      const std::int64_t g = std::int64_t{coords[0]} + k;
      const bool in = outerIn && g >= 0 && static_cast<std::uint64_t>(g) < d.dim[0];
      // Elements never straddle a 16-byte chunk (sizes 1..8 divide 16), so
      // the swizzle moves each element whole.
      push(swizzleAddress(linear, d.swizzle), in ? rowBase + static_cast<std::uint64_t>(g) * es : 0,
           es, !in);
    }
    std::uint32_t i = 1;
    for (; i < d.rank; ++i) {
      if (++j[i] < n[i])
        break;
      j[i] = 0;
    }
    if (i >= d.rank)
      break;
  }
}

void im2colCopySegments(const TensorMapDesc &d, const std::int32_t *coords,
                        const std::int16_t *offsets, std::uint64_t shared,
                        std::vector<TensorSegment> &out) {
  out.clear();
  const std::uint32_t spatial = d.rank - 2, n = d.rank - 1, es = d.elemSize;
  // The traversal position (absolute coordinates: W, H, D, then N).
  std::int64_t pos[kMaxTensorRank] = {0, 0, 0, 0, 0};
  for (std::uint32_t i = 1; i < d.rank; ++i)
    pos[i] = coords[i];
  auto push = [&](std::uint64_t s, std::uint64_t g, std::uint32_t bytes, bool oob) {
    if (!out.empty()) {
      TensorSegment &b = out.back();
      if (b.outOfBounds == oob && b.shared + b.bytes == s && (oob || b.global + b.bytes == g)) {
        b.bytes += bytes;
        return;
      }
    }
    out.push_back(TensorSegment{s, oob ? 0 : g, bytes, oob});
  };
  std::uint64_t row = shared;
  for (std::uint32_t p = 0; p < d.pixels; ++p, row += d.rowPitch()) {
    // The pixel this position reads: the position plus the im2col offsets.
    bool in = pos[n] >= 0 && static_cast<std::uint64_t>(pos[n]) < d.dim[n];
    std::uint64_t base = d.address + (in ? static_cast<std::uint64_t>(pos[n]) * d.stride[n] : 0);
    for (std::uint32_t i = 1; i <= spatial; ++i) {
      const std::int64_t g = pos[i] + offsets[i - 1];
      if (g < 0 || static_cast<std::uint64_t>(g) >= d.dim[i])
        in = false;
      else
        base += static_cast<std::uint64_t>(g) * d.stride[i];
    }
    std::uint64_t linear = row;
    for (std::uint32_t k = 0; k < d.channels; ++k, linear += es) {
      const std::int64_t c = std::int64_t{coords[0]} + k;
      const bool ok = in && c >= 0 && static_cast<std::uint64_t>(c) < d.dim[0];
      push(swizzleAddress(linear, d.swizzle), ok ? base + static_cast<std::uint64_t>(c) * es : 0,
           es, !ok);
    }
    // The next position: along W within the bounding box, wrapping into H,
    // D, then the next image.
    std::uint32_t i = 1;
    for (; i <= spatial; ++i) {
      pos[i] += d.elementStride[i];
      const std::int64_t hi = static_cast<std::int64_t>(d.dim[i]) - 1 + d.upper[i - 1];
      if (pos[i] <= hi)
        break;
      pos[i] = d.lower[i - 1];
    }
    if (i > spatial)
      ++pos[n];
  }
}

} // namespace warpsim::model
