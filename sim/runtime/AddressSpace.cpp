#include "AddressSpace.h"

#include "Runtime.h"

namespace warpsim::sim {

AddressClass classifyAddress(const Runtime &rt, std::uint32_t slot, std::size_t sharedEnd,
                             std::uintptr_t a, std::uint32_t size) {
  const MemoryMap &mem = rt.memory;
  if (mem.inGlobalRegion(a))
    return {mem.globalSpaceOf(a), AddressFault::None};
  if (mem.inSharedRegion(a)) {
    const std::uint32_t owner = mem.sharedSlotOf(a);
    // Distributed shared memory: a peer block of the cluster.
    if (owner != slot && rt.grid.peerInSlot(*rt.grid.blockInSlot(slot), owner) == nullptr)
      return {MemorySpace::Shared, AddressFault::OtherBlockShared};
    if (a - mem.sharedWindow(owner) + size > sharedEnd)
      return {MemorySpace::Shared, AddressFault::PastSharedEnd};
    return {MemorySpace::Shared, AddressFault::None};
  }
  if (rt.stacks.contains(a))
    return {MemorySpace::Local, AddressFault::None};
  if (mem.inParam(a))
    return {MemorySpace::Param, AddressFault::None};
  if (const Symbol *s = mem.findSymbol(a))
    return {s->space, AddressFault::None};
  if (rt.inImageReadOnly(a))
    return {MemorySpace::Constant, AddressFault::None};
  if (rt.inImageWritable(a))
    return {MemorySpace::Global, AddressFault::None};
  // Pinned host memory (cudaHostRegister) is system memory the GPU reaches.
  if (rt.hostRegisteredRange(a, size) != nullptr)
    return {MemorySpace::Managed, AddressFault::None};
  return {MemorySpace::Host,
          mem.inGlobalReserve(a) ? AddressFault::PastAllocations : AddressFault::HostMemory};
}

std::string addressFaultText(const Runtime &rt, AddressFault fault, std::uintptr_t a,
                             std::uint32_t size, std::size_t sharedEnd) {
  switch (fault) {
  case AddressFault::OtherBlockShared:
    return "address is in another block's shared memory";
  case AddressFault::PastSharedEnd: {
    const std::uintptr_t off = a - rt.memory.sharedWindow(rt.memory.sharedSlotOf(a));
    (void)size;
    return "shared-memory offset " + std::to_string(off) + " is past the block's " +
           std::to_string(sharedEnd) + " bytes of shared memory";
  }
  case AddressFault::PastAllocations:
    return "address is past the end of all device allocations";
  case AddressFault::HostMemory:
    return "address is host memory (not allocated with cudaMalloc, cudaMallocManaged or "
           "declared __device__)";
  case AddressFault::None:
    break;
  }
  return "";
}

} // namespace warpsim::sim
