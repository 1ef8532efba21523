#include "warpsim/model/BulkReduce.h"

#include <algorithm>
#include <cstring>
#include <type_traits>
#include <utility>

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
template <class T> T reduce(ReduceOp op, T a, T b) {
  switch (op) {
  case ReduceOp::Add:
    return a + b;
  case ReduceOp::Min:
    return std::min(a, b);
  case ReduceOp::Max:
    return std::max(a, b);
  default:
    break;
  }
  if constexpr (std::is_integral_v<T>) {
    switch (op) {
    case ReduceOp::Inc: // PTX atom.inc: wraps to 0 at the source value
      return a >= b ? T{0} : static_cast<T>(a + 1);
    case ReduceOp::Dec:
      return a == 0 || a > b ? b : static_cast<T>(a - 1);
    case ReduceOp::And:
      return a & b;
    case ReduceOp::Or:
      return a | b;
    case ReduceOp::Xor:
      return a ^ b;
    default:
      break;
    }
  }
  return a;
}

template <class T>
void reduceAll(ReduceOp op, unsigned char *dst, const unsigned char *src, std::uint32_t bytes) {
  for (std::uint32_t i = 0; i + sizeof(T) <= bytes; i += sizeof(T)) {
    T a, b;
    std::memcpy(&a, dst + i, sizeof a);
    std::memcpy(&b, src + i, sizeof b);
    const T r = reduce(op, a, b);
    std::memcpy(dst + i, &r, sizeof r);
  }
}
} // namespace

void applyBulkReduce(ReduceOp op, ReduceType type, void *dst, const void *src,
                     std::uint32_t bytes) {
  auto *d = static_cast<unsigned char *>(dst);
  const auto *s = static_cast<const unsigned char *>(src);
  switch (type) {
  case ReduceType::U32:
  case ReduceType::B32:
    reduceAll<std::uint32_t>(op, d, s, bytes);
    break;
  case ReduceType::S32:
    reduceAll<std::int32_t>(op, d, s, bytes);
    break;
  case ReduceType::U64:
  case ReduceType::B64:
    reduceAll<std::uint64_t>(op, d, s, bytes);
    break;
  case ReduceType::S64:
    reduceAll<std::int64_t>(op, d, s, bytes);
    break;
  case ReduceType::F32:
    reduceAll<float>(op, d, s, bytes);
    break;
  case ReduceType::F64:
    reduceAll<double>(op, d, s, bytes);
    break;
  }
}

} // namespace warpsim::model
