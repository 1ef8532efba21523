// The simulated device as the CUDA runtime API sees it: options, the
// architecture, memory, the engine, observers, error state and findings.
#pragma once

#include <map>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "DeviceHeap.h"
#include "Findings.h"
#include "GridRunner.h"
#include "MemoryMap.h"
#include "Observer.h"
#include "Options.h"
#include "ProgressBoard.h"
#include "PtxMemory.h"
#include "StackPool.h"
#include "warpsim/model/ArchSpec.h"

namespace warpsim::sim {

class Runtime;
extern Runtime *g_runtime; // set once constructed; hot paths read it directly

// Gives the calling host thread its own signal stack, so a GPU thread's
// stack overflow on it is reported (the crash handler runs on that stack).
void installCrashStackForThread();

class Runtime {
public:
  static Runtime &get() { return g_runtime != nullptr ? *g_runtime : create(); }

  Options options;
  model::ArchSpec arch;
  unsigned laneCount = 32;
  MemoryMap memory;
  // Resident-block slots (shared windows, executors, checkers' per-slot
  // state): --resident-blocks for an ordinary launch; a cooperative one has
  // its whole grid resident, up to every block the GPU holds at once.
  std::uint32_t slotCapacity = 0;
  DeviceHeap heap{*this};
  StackPool stacks;
  FindingSink findings;
  GridRunner grid{*this};
  std::vector<Observer *> observers;
  std::vector<Observer *> storeObservers; // also told what each store left (onStoreDone)
  PtxMemory *ptx = nullptr;               // --memory-model ptx; null under sc

  // Error state as the CUDA runtime keeps it: the last error (cleared by
  // cudaGetLastError) and a sticky error that poisons every later call.
  cudaError_t lastError = cudaSuccess;
  cudaError_t stickyError = cudaSuccess;
  cudaError_t setError(cudaError_t e) {
    if (e != cudaSuccess)
      lastError = e;
    return e;
  }

  std::uint64_t launches = 0;
  std::string devicePrintf;                   // flushed when a launch ends
  std::map<const void *, int> maxDynamicSmem; // cudaFuncSetAttribute
  // Kernels allowed clusters of up to 16 blocks
  // (cudaFuncAttributeNonPortableClusterSizeAllowed).
  std::map<const void *, bool> nonPortableClusters;
  // __cluster_dims__ of kernels launched so far (cudaFuncGetAttributes).
  std::map<const void *, model::Dim3> kernelClusterDims;
  std::map<const void *, int> smemCarveout; // cudaFuncAttributePreferredSharedMemoryCarveout
  // Static __shared__ bytes of each kernel, learned from its launch sites
  // (KernelSite) and from warpsim_register_kernel (Occupancy.cpp).
  std::map<const void *, std::size_t> kernelStaticSmem;

  // cudaSetDeviceFlags: the CUDA 13 runtime always reports cudaDeviceMapHost.
  unsigned deviceFlags = 0x08;
  // cudaDeviceSetLimit values, with the H100's defaults. Warpsim keeps them
  // for cudaDeviceGetLimit; mallocHeapLimit() is what a device heap reads.
  std::size_t stackLimit = 1024;
  std::size_t printfFifoLimit = 8650752;
  std::size_t heapLimit = 8388608;
  std::size_t pendingLaunchLimit = 2048;
  std::size_t l2FetchLimit = 64;
  std::size_t persistingL2Limit = 9830400;

  // Host memory made device-visible by cudaHostRegister (base -> bytes,
  // flags) and the flags of each cudaHostAlloc allocation (by base).
  struct HostRange {
    std::size_t size;
    unsigned flags;
  };
  std::map<std::uintptr_t, HostRange> hostRegistered;
  std::map<std::uintptr_t, unsigned> hostAllocFlags;
  // The registered range holding all of [a, a+n), or nullptr.
  const std::pair<const std::uintptr_t, HostRange> *hostRegisteredRange(std::uintptr_t a,
                                                                        std::size_t n) const {
    auto it = hostRegistered.upper_bound(a);
    if (it == hostRegistered.begin())
      return nullptr;
    --it;
    return a - it->first + n <= it->second.size ? &*it : nullptr;
  }

  // The device malloc heap's size (cudaLimitMallocHeapSize), in bytes.
  std::size_t mallocHeapLimit() const { return heapLimit; }

  // Says once per call name, on stderr, that a runtime API call is not
  // supported, and returns (and records) cudaErrorNotSupported.
  cudaError_t unsupported(const char *call, const char *why = nullptr);

  // Read-only and writable segments of the program image: string literals
  // and static locals that device code may touch.
  bool inImageReadOnly(std::uintptr_t a) const;
  bool inImageWritable(std::uintptr_t a) const;

  // Ends the program after a fatal finding (deadlock, livelock, crash).
  [[noreturn]] void fatal(const Finding &f);
  void finish(); // at exit: stats to the report
  // The same stats from the crash handler: written with write(2), no
  // allocation, so a launch that crashed (stack overflow) is still counted.
  void finishAfterCrash();
  // The driver's progress line reads it (WARPSIM_PROGRESS); null when off.
  ProgressBoard *progress = nullptr;
  // Whether `pc` lies in the program image (user code and the runtime).
  bool inImageCode(std::uintptr_t pc) const { return inImageReadOnly(pc); }
  // The main thread's stack [lo, hi): where a host crash's frames may be read.
  std::uintptr_t hostStackLo = 0, hostStackHi = 0;
  // Size of the launch's parameter block (set by warpsim_param_buffer).
  std::size_t paramBytes = 0;

private:
  static Runtime &create();
  Runtime();
  struct Range {
    std::uintptr_t lo, hi;
  };
  std::vector<Range> imageRO_, imageRW_;
  std::set<std::string> warnedUnsupported_;
};

// Exit status of a program that warpsim ended (the driver maps it to its own
// documented code after reading the report).
inline constexpr int kSimulationAbortedExit = 86;

} // namespace warpsim::sim
