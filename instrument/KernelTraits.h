// Which kernels the compiled engine may run (sim/runtime/RecordedLanes.*):
// a module pass of the plugin that decides, per __global__ function, whether
// each of its threads can run to its end without waiting for another
// thread, and registers a table of (kernel, first reason it cannot) with the
// runtime (__warpsim_register_kernel_traits). docs/architecture.md has the
// reasons as a table.
#pragma once

#include "llvm/IR/PassManager.h"

namespace warpsim::instrument {

struct KernelTraitsPass : llvm::PassInfoMixin<KernelTraitsPass> {
  llvm::PreservedAnalyses run(llvm::Module &m, llvm::ModuleAnalysisManager &mam);
  static bool isRequired() { return true; } // -O0 functions are optnone
};

} // namespace warpsim::instrument
