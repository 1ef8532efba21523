// The reconvergence rule of the lockstep schedule, as a pure function: which
// lanes of a warp, all stopped at events, execute next as one warp
// instruction. See docs/warp-model.md ("Reconvergence").
#pragma once

#include <bit>
#include <cstdint>

namespace warpsim::model {

// Where one lane is stopped.
struct LaneStop {
  std::uint32_t depth = 0; // call depth
  std::uintptr_t pc = 0;   // call site of the event
  std::uint64_t stack = 0; // hash of the call stack
  std::uint8_t kind = 0;   // kind of event (access, barrier, warp op, ...)
  // The event's position in code order independent of layout (its static
  // site, where there is one; else pc); equal positions fall back to pc.
  std::uintptr_t position = 0;
};

// The leader: among the candidate lanes, the deepest call depth, then the
// lowest position in code order (`position`, then the code address), then the
// lowest lane. -1 when there is no candidate.
// `stop(i)` returns lane i's LaneStop (or anything with the same members).
template <class StopOf> int reconvergenceLeader(std::uint64_t candidates, StopOf &&stop) {
  int leader = -1;
  for (std::uint64_t m = candidates; m != 0; m &= m - 1) {
    const int i = std::countr_zero(m);
    if (leader < 0) {
      leader = i;
      continue;
    }
    const auto &l = stop(i);
    const auto &b = stop(leader);
    if (l.depth > b.depth || (l.depth == b.depth && (l.position < b.position ||
                                                     (l.position == b.position && l.pc < b.pc))))
      leader = i;
  }
  return leader;
}

// The lanes that execute with `leader`: the candidates stopped at the same
// address, with the same call stack and the same kind of event.
template <class StopOf>
std::uint64_t reconvergenceGroup(std::uint64_t candidates, int leader, StopOf &&stop) {
  const auto &L = stop(leader);
  std::uint64_t g = 0;
  for (std::uint64_t m = candidates; m != 0; m &= m - 1) {
    const int i = std::countr_zero(m);
    const auto &l = stop(i);
    if (l.pc == L.pc && l.stack == L.stack && l.kind == L.kind)
      g |= std::uint64_t{1} << i;
  }
  return g;
}

// Convenience for plain arrays (unit tests): the group issued next.
inline std::uint64_t reconvergenceSelect(const LaneStop *lanes, std::uint64_t candidates) {
  auto stop = [&](int i) -> const LaneStop & { return lanes[i]; };
  const int leader = reconvergenceLeader(candidates, stop);
  return leader < 0 ? 0 : reconvergenceGroup(candidates, leader, stop);
}

} // namespace warpsim::model
