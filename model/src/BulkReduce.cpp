#include "warpsim/model/BulkReduce.h"

#include <cstring>
#include <utility>

#include "warpsim/model/AtomicOps.h"

namespace warpsim::model {

bool parseBulkReduce(std::string_view op, std::string_view type, ReduceOp &o, ReduceType &t) {
  static constexpr std::pair<std::string_view, ReduceOp> ops[] = {
      {"add", ReduceOp::Add}, {"min", ReduceOp::Min}, {"max", ReduceOp::Max},
      {"inc", ReduceOp::Inc}, {"dec", ReduceOp::Dec}, {"and", ReduceOp::And},
      {"or", ReduceOp::Or},   {"xor", ReduceOp::Xor}};
  static constexpr std::pair<std::string_view, ReduceType> types[] = {
      {"u32", ReduceType::U32}, {"s32", ReduceType::S32}, {"u64", ReduceType::U64},
      {"s64", ReduceType::S64}, {"f32", ReduceType::F32}, {"f64", ReduceType::F64},
      {"b32", ReduceType::B32}, {"b64", ReduceType::B64}};
  bool found = false;
  for (const auto &[name, v] : ops)
    if (op == name) {
      o = v;
      found = true;
    }
  if (!found)
    return false;
  found = false;
  for (const auto &[name, v] : types)
    if (type == name) {
      t = v;
      found = true;
    }
  if (!found)
    return false;
  // The combinations of PTX's table: bitwise ops on .b32/.b64, inc/dec on
  // .u32, add/min/max on integers (.u64 add, .s64 min/max), add on floats.
  switch (o) {
  case ReduceOp::And:
  case ReduceOp::Or:
  case ReduceOp::Xor:
    return t == ReduceType::B32 || t == ReduceType::B64;
  case ReduceOp::Inc:
  case ReduceOp::Dec:
    return t == ReduceType::U32;
  case ReduceOp::Add:
    return t == ReduceType::U32 || t == ReduceType::S32 || t == ReduceType::U64 ||
           t == ReduceType::F32 || t == ReduceType::F64;
  case ReduceOp::Min:
  case ReduceOp::Max:
    return t == ReduceType::U32 || t == ReduceType::S32 || t == ReduceType::U64 ||
           t == ReduceType::S64;
  }
  return false;
}

std::uint32_t reduceElementSize(ReduceType t) {
  return t == ReduceType::U32 || t == ReduceType::S32 || t == ReduceType::F32 ||
                 t == ReduceType::B32
             ? 4
             : 8;
}

namespace {
// Each element is one atomic read-modify-write: the arithmetic is the
// atomics' (AtomicOps.h), not a second copy of it.
AtomicOp atomicOpOf(ReduceOp op) {
  switch (op) {
  case ReduceOp::Add:
    return AtomicOp::Add;
  case ReduceOp::Min:
    return AtomicOp::Min;
  case ReduceOp::Max:
    return AtomicOp::Max;
  case ReduceOp::Inc:
    return AtomicOp::Inc;
  case ReduceOp::Dec:
    return AtomicOp::Dec;
  case ReduceOp::And:
    return AtomicOp::And;
  case ReduceOp::Or:
    return AtomicOp::Or;
  case ReduceOp::Xor:
    return AtomicOp::Xor;
  }
  return AtomicOp::Load;
}

AtomicType atomicTypeOf(ReduceType t) {
  const auto size = static_cast<std::uint8_t>(reduceElementSize(t));
  switch (t) {
  case ReduceType::S32:
  case ReduceType::S64:
    return {size, AtomicKind::Signed};
  case ReduceType::F32:
  case ReduceType::F64:
    return {size, AtomicKind::Float};
  default:
    return {size, AtomicKind::Unsigned};
  }
}
} // namespace

void applyBulkReduce(ReduceOp op, ReduceType type, void *dst, const void *src,
                     std::uint32_t bytes) {
  auto *d = static_cast<unsigned char *>(dst);
  const auto *s = static_cast<const unsigned char *>(src);
  const AtomicOp aop = atomicOpOf(op);
  const AtomicType t = atomicTypeOf(type);
  for (std::uint32_t i = 0; i + t.size <= bytes; i += t.size) {
    std::uint64_t a = 0, b = 0; // little-endian: the low bytes hold the element
    std::memcpy(&a, d + i, t.size);
    std::memcpy(&b, s + i, t.size);
    const std::uint64_t r = atomicResult(aop, t, a, b, 0);
    std::memcpy(d + i, &r, t.size);
  }
}

} // namespace warpsim::model
