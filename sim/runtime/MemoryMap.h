// Where device-visible memory lives and what space an address belongs to.
// Global memory, shared-memory windows and the parameter buffer are carved
// from reserved address ranges, so classifying an address on the hot path is
// a few subtractions; only __device__/__constant__ symbols need a search.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "warpsim/frontend_abi.h"

namespace warpsim::sim {

struct Allocation {
  std::uintptr_t base = 0;
  std::size_t size = 0;
  MemorySpace space = MemorySpace::Global; // Global or Managed
  bool freed = false;
  std::uint64_t id = 0; // 1, 2, ... in allocation order
  bool heap = false;    // made by malloc/new in device code (DeviceHeap)
  std::uintptr_t pc = 0; // the host call that made it (cudaMalloc's return address)
  // That call, where not cudaMalloc or cudaMallocManaged (--leak-check full).
  const char *api = nullptr;
};

struct Symbol {
  std::uintptr_t base = 0;
  std::size_t size = 0;
  std::string name;
  MemorySpace space = MemorySpace::Global;
  std::string file;
  unsigned line = 0;
};

class MemoryMap {
public:
  static constexpr std::size_t kGlobalReserve = std::size_t{64} << 30;
  static constexpr std::size_t kAllocAlign = 256;
  static constexpr std::size_t kRedzone = 512; // mapped gap after each allocation
  static constexpr std::size_t kSharedWindow = std::size_t{256} << 10;
  static constexpr std::size_t kParamBytes = std::size_t{64} << 10;

  void init(std::size_t sharedSlots);

  // Device memory (cudaMalloc & co.; `heap`: device-side malloc/new).
  void *allocate(std::size_t size, MemorySpace space, bool heap = false);
  // Returns the allocation (now freed) or nullptr if `p` is not the base of
  // a live allocation of the same kind (heap or not).
  const Allocation *release(void *p, bool heap = false);
  // Allocation whose [base, base+size) contains `a`, live or freed; else the
  // nearest one below `a` (for "past the end of" reports); else nullptr.
  const Allocation *findAllocation(std::uintptr_t a) const;
  std::size_t bytesInUse() const { return inUse_; }
  // Remembers the host call that made the allocation at `p` (and its name,
  // for a call made through cudaMalloc or cudaMallocManaged).
  void noteCaller(void *p, std::uintptr_t pc, const char *api = nullptr) {
    if (auto it = allocations_.find(reinterpret_cast<std::uintptr_t>(p));
        it != allocations_.end()) {
      it->second.pc = pc;
      if (api != nullptr)
        it->second.api = api;
    }
  }
  // cudaMalloc/cudaMallocManaged allocations not freed, in allocation order
  // (device-heap blocks are DeviceHeap's).
  std::vector<const Allocation *> liveAllocations() const {
    std::vector<const Allocation *> v;
    for (const auto &[base, a] : allocations_)
      if (!a.freed && !a.heap)
        v.push_back(&a);
    std::sort(v.begin(), v.end(), [](auto *x, auto *y) { return x->id < y->id; });
    return v;
  }
  // What this host can back: three quarters of its physical memory (half
  // the data-size limit under `ulimit -d`). Device
  // memory is host memory here; past this, allocations fail (as a full GPU
  // does, cudaErrorMemoryAllocation) before the kernel's OOM killer ends the
  // run without a word.
  static std::size_t hostBudget();

  // Device and managed allocations live in two halves of one reserve, so an
  // address's space is a range check, not a search.
  bool inGlobalRegion(std::uintptr_t a) const {
    return a - globalBase_ < globalMapped_[0] || a - (globalBase_ + kHalf) < globalMapped_[1];
  }
  bool inGlobalReserve(std::uintptr_t a) const { return a - globalBase_ < kGlobalReserve; }
  // Is all of [a, a+n) mapped readable and writable device memory (global
  // or shared, an allocation or not)? An invalid access there can be
  // suppressed; anywhere else it would crash the process.
  bool mapped(std::uintptr_t a, std::size_t n) const;
  MemorySpace globalSpaceOf(std::uintptr_t a) const {
    return a - globalBase_ < kHalf ? MemorySpace::Global : MemorySpace::Managed;
  }

  // Shared-memory windows, one per resident-block slot.
  std::uintptr_t sharedWindow(std::uint32_t slot) const {
    return sharedBase_ + slot * kSharedWindow;
  }
  bool inSharedRegion(std::uintptr_t a) const {
    return a - sharedBase_ < kSharedWindow * sharedSlots_;
  }
  std::uint32_t sharedSlotOf(std::uintptr_t a) const {
    return static_cast<std::uint32_t>((a - sharedBase_) / kSharedWindow);
  }
  // Makes the first `bytes` of a slot's window usable and fills
  // [from, bytes) with `fill`.
  void prepareSharedWindow(std::uint32_t slot, std::size_t bytes, unsigned char fill,
                           std::size_t from = 0);

  std::uintptr_t paramBase() const { return paramBase_; }
  bool inParam(std::uintptr_t a) const { return a - paramBase_ < kParamBytes; }

  // __device__ / __constant__ / __managed__ globals of the program.
  void registerSymbol(Symbol s);
  const Symbol *findSymbol(std::uintptr_t a) const;
  // A symbol whose base is exactly `a` (cudaMemcpyToSymbol takes &symbol).
  const Symbol *symbolAt(std::uintptr_t a) const;

  // Device-visible range check for host API calls (cudaMemcpy etc.): the
  // whole [a, a+n) inside one live allocation or one symbol. Device-heap
  // blocks are not: the runtime API refuses them, as CUDA does.
  bool isDeviceRange(std::uintptr_t a, std::size_t n) const;

private:
  static constexpr std::size_t kHalf = kGlobalReserve / 2;
  std::uintptr_t globalBase_ = 0;
  std::size_t globalMapped_[2] = {0, 0}; // committed prefix of each half
  std::size_t globalNext_[2] = {0, 0};   // bump pointer (offset) of each half
  std::size_t inUse_ = 0;
  std::uint64_t nextId_ = 1;
  std::map<std::uintptr_t, Allocation> allocations_;

  std::uintptr_t sharedBase_ = 0;
  std::size_t sharedSlots_ = 0;
  std::vector<std::size_t> sharedMapped_;

  std::uintptr_t paramBase_ = 0;

  std::map<std::uintptr_t, Symbol> symbols_;
};

} // namespace warpsim::sim
