// Atomics and fences with a memory order and a scope, as <cuda/atomic> and
// inline PTX (atom, red, ld/st.relaxed|acquire|release, ld/st.volatile)
// write them: one event of the thread, then the operation, which no other
// lane can interleave with.
#pragma once

#include <cstdint>

#include "Lane.h"
#include "warpsim/model/AtomicOps.h"

namespace warpsim::sim {

// Performs `op` on the `t.size` bytes at `addr` as lane `l` (null: host
// code, no event) and returns the old bits (zero-extended).
std::uint64_t scopedAtomic(Lane *l, std::uintptr_t addr, model::AtomicOp op, model::AtomicType t,
                           std::uint64_t value, std::uint64_t compare, MemoryOrder order,
                           Scope scope, std::uintptr_t pc);

} // namespace warpsim::sim
