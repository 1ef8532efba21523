// The static access sites of the value-carrying instrumentation
// (instrument/ValuesPass.cpp): each instrumented module registers its table
// from a global constructor; an access passes the address of its row, and
// the runtime numbers the rows of all modules densely (staticSiteId).
#pragma once

#include <cstdint>

#include "warpsim/site_abi.h"

namespace warpsim::sim {

// One row as the pass emits it; `kind` is a site_abi::Kind, bit 8 marks volatile.
struct StaticSite {
  const char *file;
  std::uint32_t line, column, kind, size; // size 0: a memcpy/memset of a run-time length
};

// For a row of kind Call the pass stores the row in __warpsim_event_site
// right before the instruction.
inline constexpr std::uint32_t kSiteVolatile = site_abi::kVolatile;

// The static site id of an event or finding that has none (TSan's hooks,
// a runtime-internal event, a host crash): only its pc locates it.
inline constexpr std::uint32_t kNoSite = UINT32_MAX;

// The site with this id, or nullptr for an id no module registered.
const StaticSite *staticSite(std::uint32_t id);
// The dense id of a registered row, or kNoSite for any other pointer.
std::uint32_t staticSiteId(const StaticSite *site);
// How many sites are registered (all modules).
std::uint32_t staticSiteCount();

} // namespace warpsim::sim

// The row of the event the running code is about to make (the value hooks
// set it from their argument, the pass stores it before other events), or
// null when the code was not built with the pass. Rows are numbered in the
// order -O0 lays their code out in, so comparing two rows of one module
// compares source order independently of the optimiser's layout
// (model/Reconvergence.h). A fiber reads it before it can switch.
extern "C" __thread const warpsim::sim::StaticSite *__warpsim_event_site;

namespace warpsim::sim {
// The id of the event the running code is making (its row's), or kNoSite:
// taken with the event's pc, so that a finding names the static site.
inline std::uint32_t currentSiteId() { return staticSiteId(__warpsim_event_site); }
} // namespace warpsim::sim

extern "C" std::uint32_t __warpsim_register_sites(const warpsim::sim::StaticSite *sites,
                                                  std::uint32_t count);
