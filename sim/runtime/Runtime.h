// The simulated device as the CUDA runtime API sees it: options, the
// architecture, memory, the engine, observers, error state and findings.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "Findings.h"
#include "GridRunner.h"
#include "MemoryMap.h"
#include "Observer.h"
#include "Options.h"
#include "StackPool.h"
#include "warpsim/model/ArchSpec.h"

namespace warpsim::sim {

class Runtime;
extern Runtime *g_runtime; // set once constructed; hot paths read it directly

class Runtime {
public:
  static Runtime &get() { return g_runtime != nullptr ? *g_runtime : create(); }

  Options options;
  model::ArchSpec arch;
  unsigned laneCount = 32;
  MemoryMap memory;
  StackPool stacks;
  FindingSink findings;
  GridRunner grid{*this};
  std::vector<Observer *> observers;
  std::vector<Observer *> storeObservers; // also told what each store left (onStoreDone)

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

  // Read-only and writable segments of the program image: string literals
  // and static locals that device code may touch.
  bool inImageReadOnly(std::uintptr_t a) const;
  bool inImageWritable(std::uintptr_t a) const;

  // Ends the program after a fatal finding (deadlock, livelock, crash).
  [[noreturn]] void fatal(const Finding &f);
  void finish(); // at exit: stats to the report

private:
  static Runtime &create();
  Runtime();
  struct Range {
    std::uintptr_t lo, hi;
  };
  std::vector<Range> imageRO_, imageRW_;
};

// Exit status of a program that warpsim ended (the driver maps it to its own
// documented code after reading the report).
inline constexpr int kSimulationAbortedExit = 86;

} // namespace warpsim::sim
