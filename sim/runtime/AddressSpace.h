// Which memory space a device address is in, and whether the accessing
// block may touch it there. The hot path builds nothing: a fault is a code,
// turned into words only when it is reported.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "warpsim/frontend_abi.h"

namespace warpsim::sim {

class Runtime;

enum class AddressFault : std::uint8_t {
  None,
  OtherBlockShared, // another block's shared window
  PastSharedEnd,    // past the block's shared memory
  PastAllocations,  // in the global reserve, past every allocation
  HostMemory,       // not device memory at all
};

struct AddressClass {
  MemorySpace space;
  AddressFault fault;
};

// `slot` is the accessing block's resident slot, `sharedEnd` the bytes of
// shared memory the launch has laid out.
AddressClass classifyAddress(const Runtime &rt, std::uint32_t slot, std::size_t sharedEnd,
                             std::uintptr_t addr, std::uint32_t size);

// Why an access with `fault` is invalid, in words.
std::string addressFaultText(const Runtime &rt, AddressFault fault, std::uintptr_t addr,
                             std::uint32_t size, std::size_t sharedEnd);

} // namespace warpsim::sim
