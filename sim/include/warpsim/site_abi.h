// The static site table's row kinds: the ABI between the value-carrying pass
// (instrument/ValuesPass.cpp), which writes a row per instrumented
// instruction, and the runtime (sim/runtime/SiteTable.h), which reads them.
// A row is {const char *file; uint32_t line, column, kind, size}.
#pragma once

#include <cstdint>

namespace warpsim::site_abi {

// A row's `kind`: what the instruction is. Call: not an access of its own but
// an instruction the runtime makes an event for without being given its site
// (a call into the runtime, an atomic or an access left to TSan).
enum Kind : std::uint32_t { kLoad = 0, kStore = 1, kCopy = 2, kSet = 3, kCall = 4 };
// Or'ed into `kind`: a volatile access.
inline constexpr std::uint32_t kVolatile = 0x100;
// Or'ed into a Call row's `kind`: the call returns a value nobody uses (an
// atomic whose old value is not read: LaneConflictWatch lets such atomics of
// one commuting class meet).
inline constexpr std::uint32_t kResultUnused = 0x200;
// The kinds' names in reports, indexed by Kind.
inline constexpr const char *kKindNames[] = {"load", "store", "copy", "set", "call"};
inline constexpr std::uint32_t kKindCount = sizeof kKindNames / sizeof kKindNames[0];

} // namespace warpsim::site_abi
