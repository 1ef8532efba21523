// What one atomic operation computes, on the bits of its operand: the
// read-modify-writes of CUDA's atomic functions, of cuda::atomic_ref /
// cuda::atomic and of PTX atom / red, with their wrapping and signedness
// rules. The runtime performs the event and the memory access; this is
// only the arithmetic, so it is unit-tested alone.
#pragma once

#include <cstdint>
#include <cstring>

namespace warpsim::model {

// The numbering is the runtime ABI's (warpsim/atomic_abi.h).
enum class AtomicOp : std::uint8_t {
  Load,
  Store,
  Exchange,
  Cas, // compare-and-swap: stores `value` when the old value equals `compare`
  Add,
  Sub,
  And,
  Or,
  Xor,
  Min,
  Max,
  Inc, // PTX atom.inc: old >= value ? 0 : old + 1
  Dec, // PTX atom.dec: old == 0 || old > value ? value : old - 1
};

// How the operand's bits are read: an unsigned or signed integer, or an
// IEEE float of `size` bytes (1, 2, 4 or 8; floats 4 or 8).
enum class AtomicKind : std::uint8_t { Unsigned, Signed, Float };

struct AtomicType {
  std::uint8_t size = 4;
  AtomicKind kind = AtomicKind::Unsigned;
};

// Does the operation write memory? (A failed compare-and-swap writes back
// the old value: the same bits.)
constexpr bool atomicWrites(AtomicOp op) { return op != AtomicOp::Load; }

// Integer read-modify-writes that commute: applied to one location in any
// order they leave the same bits (add and sub wrap; and, or, xor; min and
// max of one signedness). Atomics of one class whose results no thread
// reads may run in any order with the same memory. 0: no class (exchange,
// compare-and-swap, inc and dec, which wrap at the operand, float
// arithmetic, which rounds in order). Sizes are classes apart: a 64-bit add
// carries into the word a 32-bit add on its low half does not.
constexpr std::uint8_t commutingClass(AtomicOp op, AtomicType t) {
  if (t.kind == AtomicKind::Float)
    return 0;
  std::uint8_t family = 0;
  switch (op) {
  case AtomicOp::Add:
  case AtomicOp::Sub:
    family = 1;
    break;
  case AtomicOp::And:
    family = 2;
    break;
  case AtomicOp::Or:
    family = 3;
    break;
  case AtomicOp::Xor:
    family = 4;
    break;
  case AtomicOp::Min:
    family = t.kind == AtomicKind::Signed ? 5 : 6;
    break;
  case AtomicOp::Max:
    family = t.kind == AtomicKind::Signed ? 7 : 8;
    break;
  default:
    return 0;
  }
  return static_cast<std::uint8_t>(family * 4 + (t.size >= 8 ? 3 : t.size >= 4 ? 2 : t.size >= 2));
}
inline constexpr std::uint8_t kCommutingClasses = 36; // classes are below this

namespace atomic_detail {
constexpr std::uint64_t mask(std::uint8_t size) {
  return size >= 8 ? ~std::uint64_t{0} : (std::uint64_t{1} << (8 * size)) - 1;
}
constexpr std::int64_t sext(std::uint64_t v, std::uint8_t size) {
  if (size >= 8)
    return static_cast<std::int64_t>(v);
  const unsigned sh = 64 - 8 * size;
  return static_cast<std::int64_t>(v << sh) >> sh;
}
inline double toFloat(std::uint64_t v, std::uint8_t size) {
  if (size == 4) {
    float f;
    const auto b = static_cast<std::uint32_t>(v);
    std::memcpy(&f, &b, 4);
    return f;
  }
  double d;
  std::memcpy(&d, &v, 8);
  return d;
}
inline std::uint64_t fromFloat(double d, std::uint8_t size) {
  if (size == 4) {
    const auto f = static_cast<float>(d);
    std::uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  }
  std::uint64_t b;
  std::memcpy(&b, &d, 8);
  return b;
}
} // namespace atomic_detail

// The new bits of the location, given its `old` bits (both `t.size` bytes,
// zero-extended). Float add/sub round once in the operand's precision, as
// atom.add.f32 / .f64 do (no denormal flush: .f32 atom.add on sm_90 keeps
// them); float min/max follow fminf/fmaxf (a NaN operand loses).
inline std::uint64_t atomicResult(AtomicOp op, AtomicType t, std::uint64_t old, std::uint64_t value,
                                  std::uint64_t compare) {
  using namespace atomic_detail;
  const std::uint64_t m = mask(t.size);
  old &= m;
  value &= m;
  compare &= m;
  if (t.kind == AtomicKind::Float && (t.size == 4 || t.size == 8)) {
    const double a = toFloat(old, t.size), b = toFloat(value, t.size);
    switch (op) {
    case AtomicOp::Add:
      return t.size == 4 ? fromFloat(static_cast<float>(a) + static_cast<float>(b), 4)
                         : fromFloat(a + b, 8);
    case AtomicOp::Sub:
      return t.size == 4 ? fromFloat(static_cast<float>(a) - static_cast<float>(b), 4)
                         : fromFloat(a - b, 8);
    case AtomicOp::Min:
      return (b < a || a != a) ? value : old;
    case AtomicOp::Max:
      return (b > a || a != a) ? value : old;
    default:
      break; // the bitwise operations below
    }
  }
  const bool s = t.kind == AtomicKind::Signed;
  switch (op) {
  case AtomicOp::Load:
    return old;
  case AtomicOp::Store:
  case AtomicOp::Exchange:
    return value;
  case AtomicOp::Cas:
    return old == compare ? value : old;
  case AtomicOp::Add:
    return (old + value) & m;
  case AtomicOp::Sub:
    return (old - value) & m;
  case AtomicOp::And:
    return old & value;
  case AtomicOp::Or:
    return old | value;
  case AtomicOp::Xor:
    return old ^ value;
  case AtomicOp::Min:
    return (s ? sext(value, t.size) < sext(old, t.size) : value < old) ? value : old;
  case AtomicOp::Max:
    return (s ? sext(value, t.size) > sext(old, t.size) : value > old) ? value : old;
  case AtomicOp::Inc:
    return old >= value ? 0 : (old + 1) & m;
  case AtomicOp::Dec:
    return (old == 0 || old > value) ? value : (old - 1) & m;
  }
  return old;
}

} // namespace warpsim::model
