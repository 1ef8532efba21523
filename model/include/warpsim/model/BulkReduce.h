// What cp.reduce.async.bulk does to its destination when it lands (PTX ISA,
// cp.reduce.async.bulk): each element of the destination becomes
// op(destination, source), element by element, each element atomically.
#pragma once

#include <cstdint>
#include <string_view>

namespace warpsim::model {

enum class ReduceOp : std::uint8_t { Add, Min, Max, Inc, Dec, And, Or, Xor };
enum class ReduceType : std::uint8_t { U32, S32, U64, S64, F32, F64, B32, B64 };

// Parses the .redOp and .type qualifiers; false for a combination PTX does
// not have (or warpsim does not execute: f16/bf16).
bool parseBulkReduce(std::string_view op, std::string_view type, ReduceOp &o, ReduceType &t);
std::uint32_t reduceElementSize(ReduceType t);
// dst[i] = op(dst[i], src[i]) for the `bytes / element size` elements.
void applyBulkReduce(ReduceOp op, ReduceType type, void *dst, const void *src, std::uint32_t bytes);

} // namespace warpsim::model
