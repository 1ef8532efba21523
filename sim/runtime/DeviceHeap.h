// The device heap: malloc/free and operator new/delete called in device code
// (the front end routes them here). Each block is a first-class allocation
// of the memory map (global memory, 256-byte aligned, redzone, never reused),
// so the memory checker's out-of-bounds and use-after-free checks cover it;
// the heap adds what only it knows: who made and released each block, the
// cudaLimitMallocHeapSize budget, bad frees and leaks (reported by observers
// through onHeapFree and onDeviceReset).
#pragma once

#include <cstddef>
#include <cstdint>
#include <map>
#include <mutex>
#include <vector>

#include "Findings.h"

namespace warpsim::sim {

class Runtime;
struct Lane;

class DeviceHeap {
public:
  explicit DeviceHeap(Runtime &rt) : rt_(rt) {}

  // malloc in device code: nullptr when the heap limit would be exceeded
  // (as on a GPU) or for size 0.
  void *allocate(Lane &l, std::size_t size, std::uintptr_t pc);
  // free in device code: free(nullptr) does nothing; a second free or a
  // pointer that is no heap block's base is reported (onHeapFree) and
  // otherwise ignored.
  void release(Lane &l, void *p, std::uintptr_t pc);

  // The block whose base is `base` (live or freed), or nullptr.
  const HeapBlock *at(std::uintptr_t base) const;
  // Blocks still allocated, in allocation order.
  std::vector<const HeapBlock *> live() const;
  // Has device code ever called malloc? (cudaDeviceSetLimit then refuses a
  // new heap size, as CUDA does.)
  bool used() const { return used_; }
  std::size_t bytesInUse() const { return inUse_; }
  // cudaDeviceReset: every live block is released.
  void reset();

private:
  Runtime &rt_;
  mutable std::mutex mu_; // blocks may one day run on several host threads
  std::map<std::uintptr_t, HeapBlock> blocks_;
  std::size_t inUse_ = 0;
  bool used_ = false;
};

} // namespace warpsim::sim
