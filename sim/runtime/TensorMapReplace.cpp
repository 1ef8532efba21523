// PTX tensormap.replace: a thread changes one field of a tensor map in global
// memory or in its CTA's shared memory (model::replaceTensorMapField says
// which fields and values). warpsim's maps are its own encoding
// (model/TensorMap.h), so the map is decoded, changed and encoded again; the
// 128 bytes are written through the generic proxy, which is what the
// tensormap-proxy rule (ProxyFenceChecker) then asks a
// fence.proxy.tensormap::generic for before a tensor copy reads the map.
#include <cstring>

#include "AsyncCopyQueue.h"
#include "BlockExecutor.h"
#include "Lane.h"
#include "Runtime.h"

namespace warpsim::sim {

void AsyncCopyQueue::tensormapReplace(Lane *l, std::uintptr_t map, model::TensorMapField field,
                                      std::uint32_t ord, std::uint64_t value, std::uintptr_t pc) {
  const std::string what = std::string("tensormap.replace.tile") + model::tensorMapFieldName(field);
  auto fail = [&](std::string why, cudaError_t error) {
    Finding f;
    f.kind = "tensor-map";
    f.message = std::move(why);
    f.sites.push_back(x_.siteOf(l, pc, currentSiteId(), "replace"));
    x_.abortLaunch(l, error, std::move(f));
  };
  const bool shared = map - x_.info.smem_base < x_.info.smem_size;
  const Allocation *al = x_.rt_.memory.findAllocation(map);
  if (!shared && (al == nullptr || al->freed || map + 128 > al->base + al->size))
    fail(what + ": the operand is not the address of 128 bytes of global memory or of this CTA's "
                "shared "
                "memory",
         cudaErrorIllegalAddress);
  // What the copies ask of a map: 64 bytes (the driver's alignment of a
  // CUtensorMap).
  if (map % 64 != 0)
    fail(what + ": the tensor map is not aligned to 64 bytes", cudaErrorMisalignedAddress);
  std::uint64_t words[16];
  std::memcpy(words, reinterpret_cast<const void *>(map), sizeof words);
  model::TensorMapDesc d;
  if (!model::decodeTensorMap(words, d))
    fail(what +
             ": the 128 bytes at the operand are not a map made by cuTensorMapEncodeTiled (warpsim "
             "changes the fields of maps it encoded; it does not build one from raw bytes)",
         cudaErrorIllegalInstruction);
  std::string why;
  switch (model::replaceTensorMapField(d, field, ord, value, why)) {
  case model::TensorMapVerdict::Ok:
    break;
  case model::TensorMapVerdict::Invalid:
    fail(why, cudaErrorIllegalInstruction);
    break;
  case model::TensorMapVerdict::Unsupported:
    fail(why, cudaErrorNotSupported);
    break;
  }
  // A generic-proxy write of the whole object (the encoding moves every
  // word), then the new bytes.
  x_.access(l, map, 128, AccessKind::Store, MemoryOrder::NotAtomic, pc);
  x_.checkedSerialPoint(l, pc);
  model::encodeTensorMap(d, words);
  std::memcpy(reinterpret_cast<void *>(map), words, sizeof words);
}

void AsyncCopyQueue::tensormapCopy(Lane *l, std::uintptr_t dst, std::uintptr_t src,
                                   std::uintptr_t pc) {
  auto fail = [&](std::string why, cudaError_t error) {
    Finding f;
    f.kind = "tensor-map";
    f.message = "tensormap.cp_fenceproxy: " + std::move(why);
    f.sites.push_back(x_.siteOf(l, pc, currentSiteId(), "copy"));
    x_.abortLaunch(l, error, std::move(f));
  };
  const Allocation *al = x_.rt_.memory.findAllocation(dst);
  if (al == nullptr || al->freed || dst + 128 > al->base + al->size)
    fail("the destination is not the address of 128 bytes of global memory",
         cudaErrorIllegalAddress);
  if (src - x_.info.smem_base >= x_.info.smem_size ||
      x_.info.smem_size - (src - x_.info.smem_base) < 128)
    fail("the source is not the address of 128 bytes of this CTA's shared memory",
         cudaErrorIllegalAddress);
  if (dst % 64 != 0 || src % 64 != 0)
    fail("the destination or the source is not aligned to 64 bytes", cudaErrorMisalignedAddress);
  // .sync.aligned: the whole warp executes it; each of lanes 0..7 moves one
  // 16-byte chunk, so the warp's copy writes each byte once.
  if (l->lane >= 8)
    return;
  const std::uintptr_t at = 16 * static_cast<std::uintptr_t>(l->lane);
  x_.access(l, src + at, 16, AccessKind::Load, MemoryOrder::NotAtomic, pc);
  x_.access(l, dst + at, 16, AccessKind::Store, MemoryOrder::NotAtomic, pc);
  x_.checkedSerialPoint(l, pc);
  std::memcpy(reinterpret_cast<void *>(dst + at), reinterpret_cast<const void *>(src + at), 16);
}

} // namespace warpsim::sim
