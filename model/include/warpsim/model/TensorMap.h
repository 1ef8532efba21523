// Tensor maps (CUtensorMap, cuTensorMapEncodeTiled) and what a tiled
// tensor copy (PTX cp.async.bulk.tensor.Nd ... .tile) moves: the driver's
// validation rules, the box's elements in global memory and their place in
// shared memory, the shared-memory swizzle, and the out-of-bounds fill.
//
// Sources: the CUDA 13 driver API reference of cuTensorMapEncodeTiled (the
// rules below, quoted in validateTiled), the PTX ISA's tensor copies
// ("Tensor", "Tensor-map swizzling modes") and the CUDA C++ programming
// guide's TMA swizzle table.
//
// The box. A copy at coordinates c[0..rank) reads or writes
// n[i] = ceil(boxDim[i] / elementStrides[i]) elements along dimension i
// (elementStrides[0] is ignored: TMA has no stride along dimension 0); box
// element (j0, .., j4) is the tensor's element (c0 + j0, c1 + j1 * es1, ..)
// and sits at the linear shared offset j0 * elemSize + pitch * (j1 + n1 *
// (j2 + ..)) from the copy's shared address, before the swizzle, where the
// row pitch is the inner box's bytes (n0 * elemSize) without a swizzle and
// the swizzle span with one: the H100 pads a narrower inner box to the span
// (a 128B swizzle of 64-byte rows puts row r in 128-byte line r, its 4
// chunks swizzled there, and leaves the other half of the line alone;
// tests/runtime/tma_tiles.cu's layouts are the H100's). An element
// with a coordinate outside [0, globalDim[i]) is out of bounds: a load
// writes the fill value (zero; with CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_
// REQUEST_ZERO_FMA, a NaN) in its place, a store does not write it. The
// load's complete_tx counts the whole box's bytes either way.
//
// The swizzle. With a 32, 64 or 128-byte swizzle the 16-byte chunk of a
// shared address moves within its 128-byte line: bits [4, 4+b) of the
// address are XORed with bits [7, 7+b), b = log2(span / 16) (1, 2, 3),
//   physical = a ^ (((a >> 7) & (span / 16 - 1)) << 4),
// which is CUTLASS's Swizzle<1,4,3>, <2,4,3>, <3,4,3>. `a` is the address in
// the CTA's shared window (what __cvta_generic_to_shared gives), so the
// pattern is anchored to the window, not to the copy's start: it repeats
// every 256, 512, 1024 bytes, and a buffer aligned to that (1024 bytes for
// 128B) sees chunk k of row r at chunk k ^ (r % 8) when rows are 128 bytes.
// With rows of 64 bytes (64B swizzle) the XOR term is (row / 2) % 4: the
// pattern follows 128-byte lines, not box rows. All of this is the H100's
// layout for 32B/64B/128B spans, rows of the span and narrower (padded), and
// buffers 0, 128 and 512 bytes past a 1024-byte boundary.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "warpsim/model/BulkReduce.h"

namespace warpsim::model {

// CUtensorMapDataType, CUtensorMapSwizzle, ... as cuda.h numbers them.
enum class TensorDataType : std::uint32_t {
  U8 = 0,
  U16,
  U32,
  S32,
  U64,
  S64,
  F16,
  F32,
  F64,
  BF16,
  F32Ftz,
  TF32,
  TF32Ftz,
  U4x16Align8, // packed sub-byte types: not executed (validateTiled)
  U4x16Align16,
  U6x16Align16,
};
constexpr std::uint32_t kTensorDataTypes = 16;
constexpr std::uint32_t kSwizzleModes = 7; // NONE, 32B, 64B, 128B, 128B_ATOM_32B/_FLIP_8B/_64B
constexpr std::uint32_t kMaxTensorRank = 5;

// A tensor map as warpsim keeps it inside the 128-byte CUtensorMap.
struct TensorMapDesc {
  std::uint32_t rank = 0;
  TensorDataType type = TensorDataType::U8;
  std::uint32_t elemSize = 1; // bytes
  std::uint64_t address = 0;  // global address of element (0, .., 0)
  std::uint64_t dim[kMaxTensorRank] = {1, 1, 1, 1, 1};
  std::uint64_t stride[kMaxTensorRank] = {0, 0, 0, 0, 0}; // bytes; stride[0] = elemSize
  std::uint32_t box[kMaxTensorRank] = {1, 1, 1, 1, 1};
  std::uint32_t elementStride[kMaxTensorRank] = {1, 1, 1, 1, 1};
  std::uint32_t swizzle = 0; // span in bytes: 0 (none), 32, 64, 128
  bool nanFill = false;      // CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
  std::uint32_t l2Promotion = 0, interleave = 0; // as given (no effect here)
  // An im2col map (cuTensorMapEncodeIm2col): dimension 0 is the channels
  // (C), 1..rank-2 the spatial dimensions (W, H, D), rank-1 the images (N).
  // A copy moves `pixels` pixels of `channels` channels each: one row per
  // pixel. lower/upper: the bounding box's corners per spatial dimension
  // (index 0 is W), offsets from the tensor's first and last pixel.
  bool im2col = false;
  std::int32_t lower[3] = {0, 0, 0}, upper[3] = {0, 0, 0};
  std::uint32_t channels = 0, pixels = 0;

  // Elements of the box along dimension i (ceil(box / elementStride)).
  std::uint32_t boxElements(std::uint32_t i) const;
  // Bytes of the box's elements: what a load's complete_tx counts (without
  // the padding of a swizzled box's rows).
  std::uint32_t boxBytes() const;
  // The shared-memory row pitch (see above) and the bytes from the copy's
  // shared address to the end of its last row (padding included).
  std::uint32_t rowPitch() const;
  std::uint32_t sharedFootprint() const;
};

// The arguments of cuTensorMapEncodeTiled, as given (enums as integers).
struct TiledEncodeArgs {
  std::uintptr_t mapAddress = 0; // where the CUtensorMap is
  std::uint32_t type = 0, rank = 0;
  std::uint64_t address = 0;
  const std::uint64_t *dim = nullptr, *strides = nullptr;
  const std::uint32_t *box = nullptr, *elementStrides = nullptr;
  std::uint32_t interleave = 0, swizzle = 0, l2Promotion = 0, oobFill = 0;
};

// The arguments of cuTensorMapEncodeIm2col, as given.
struct Im2colEncodeArgs {
  std::uintptr_t mapAddress = 0;
  std::uint32_t type = 0, rank = 0;
  std::uint64_t address = 0;
  const std::uint64_t *dim = nullptr, *strides = nullptr;
  const int *lower = nullptr, *upper = nullptr; // rank - 2 each, W first
  std::uint32_t channels = 0, pixels = 0;
  const std::uint32_t *elementStrides = nullptr;
  std::uint32_t interleave = 0, swizzle = 0, l2Promotion = 0, oobFill = 0;
};

enum class TensorMapVerdict : std::uint8_t { Ok, Invalid, Unsupported };
// The driver's rules for cuTensorMapEncodeTiled (CUDA 13 reference). Invalid:
// the driver returns CUDA_ERROR_INVALID_VALUE; Unsupported: a valid map that
// warpsim does not execute (interleaved layouts, packed sub-byte types, the
// sm_100 swizzle atoms). `why` says which rule, naming the argument.
TensorMapVerdict validateTiled(const TiledEncodeArgs &a, TensorMapDesc &out, std::string &why);

// The fields PTX tensormap.replace changes in a map (PTX ISA 8.3).
enum class TensorMapField : std::uint8_t {
  GlobalAddress,
  Rank,
  BoxDim,
  GlobalDim,
  GlobalStride,
  ElementStride,
  ElemType,
  Interleave,
  Swizzle,
  SwizzleAtomicity,
  FillMode,
};
// tensormap.replace: sets `field` (dimension `ord` for box_dim, global_dim,
// element_stride; stride `ord` = globalStrides[ord] for global_stride) of
// `d` to `value`, as the PTX ISA gives it: the address and the global
// stride in bytes, dimensions and strides as counts, swizzle_mode 0..3
// (none, 32B, 64B, 128B), fill_mode 0 (zero) or 1 (NaN), interleave_layout
// 0. The map must then still obey the driver's rules (validateTiled; an
// invalid map is refused rather than copied from). Unsupported: .rank,
// .elemtype and .swizzle_atomicity (their encodings are not checked against
// the H100 yet), interleaved layouts, the 96B swizzle (sm_100). `why` says
// what was refused.
TensorMapVerdict replaceTensorMapField(TensorMapDesc &d, TensorMapField field, std::uint32_t ord,
                                       std::uint64_t value, std::string &why);
// The PTX name of a field (".global_dim").
const char *tensorMapFieldName(TensorMapField field);

// The driver's rules for cuTensorMapEncodeIm2col (CUDA 13 reference): the
// tiled rules where they are shared (alignment, enums, dims, strides,
// element strides, the swizzle span, the NaN fill), rank 3..5, the corners'
// ranges ([-2^15, 2^15) for rank 3, [-2^7, 2^7) for 4, [-2^4, 2^4) for 5)
// and a bounding box of non-zero area, channelsPerPixel 1..256,
// pixelsPerColumn 1..1024. Unsupported besides the tiled encoder's: rows
// (channelsPerPixel * element size) that are not a multiple of 16 bytes
// (their shared-memory layout on the H100 is not known).
TensorMapVerdict validateIm2col(const Im2colEncodeArgs &a, TensorMapDesc &out, std::string &why);

// The 16 quadwords of a CUtensorMap: a magic word, then the description.
void encodeTensorMap(const TensorMapDesc &d, std::uint64_t out[16]);
// False when the words are not a map encodeTensorMap made.
bool decodeTensorMap(const std::uint64_t in[16], TensorMapDesc &d);

// The physical shared address of linear shared address `a` under a swizzle
// of `span` bytes (0: none).
constexpr std::uint64_t swizzleAddress(std::uint64_t a, std::uint32_t span) {
  return span == 0 ? a : a ^ (((a >> 7) & (span / 16 - 1)) << 4);
}
// The shared-memory alignment a copy's shared address needs: 128 bytes with
// a swizzle, 16 without (CUDA programming guide, TMA swizzle table).
constexpr std::uint32_t tensorSharedAlignment(std::uint32_t span) { return span == 0 ? 16 : 128; }

// The bit pattern of the NaN fill of one element of `type` (0 for the
// integer types, which have no NaN fill).
std::uint64_t tensorNanFill(TensorDataType type);

// cp.reduce.async.bulk.tensor: the element type a reduction with `op` uses
// on a map of `type` (PTX: the map's type; .and/.or/.xor take .b32/.b64),
// false where PTX has no such combination or warpsim does not execute it
// (f16, bf16: model/BulkReduce.h); then tensorReduceRefusal says why.
bool tensorReduceType(TensorDataType type, ReduceOp op, ReduceType &out);
std::string tensorReduceRefusal(TensorDataType type, ReduceOp op);

// A piece of a tiled copy: `bytes` bytes contiguous in shared memory (from
// `shared`, an offset in the CTA's window) and in global memory (from
// `global`); `outOfBounds`: elements outside the tensor (a load fills them,
// a store skips them; `global` is then 0).
struct TensorSegment {
  std::uint64_t shared;
  std::uint64_t global;
  std::uint32_t bytes;
  bool outOfBounds;
};
// The segments of the copy of the box at `coords` to or from shared offset
// `shared`, in box order (elements in order j0 fastest), adjacent pieces
// merged.
void tensorCopySegments(const TensorMapDesc &d, const std::int32_t *coords, std::uint64_t shared,
                        std::vector<TensorSegment> &out);
// The segments of an im2col copy (PTX "Tensor copy: im2col mode") at
// coordinates (c, w{, h{, d}}, n) with the im2col offsets `offsets` (one
// per spatial dimension, W first): pixel k of the column (row k in shared
// memory) is the k-th position of the traversal that starts at (w, h, d, n)
// and steps along W by elementStrides[1] within the bounding box
// [lower, dim - 1 + upper], wrapping to the box's first W into the next H
// (step elementStrides[2]), then D, then the next image; the pixel read is
// that position plus the offsets, channels c .. c + channelsPerPixel - 1.
// Pixels or channels outside the tensor are out of bounds (filled).
void im2colCopySegments(const TensorMapDesc &d, const std::int32_t *coords,
                        const std::int16_t *offsets, std::uint64_t shared,
                        std::vector<TensorSegment> &out);

} // namespace warpsim::model
