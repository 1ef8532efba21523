// The shared-memory layout of a launch, as one block sees it: dynamic shared
// memory at offset 0, then the static __shared__ variables (128-byte aligned
// start) in the order the block's threads first use them.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "warpsim/frontend_abi.h"

namespace warpsim::sim {

class SharedLayout {
public:
  // A new launch; `statics` is the front end's estimate of its static
  // shared memory (for how much of each window to prepare), `window` the
  // size of a block's shared window.
  void begin(std::uint64_t launch, std::size_t dynamicBytes, std::size_t statics,
             std::size_t window);

  // Places `var` if this launch has not yet; returns false if it does not
  // fit in the window.
  bool place(SharedVar *var, std::size_t size, std::size_t align);

  std::size_t end() const { return end_; }                 // bytes laid out
  std::size_t staticBytes() const { return end_ - base_; } // past the dynamic part
  std::size_t prepared() const { return prepared_; }       // bytes of each window holding the fill
  // Widens the prepared part to cover what was laid out; returns the old size.
  std::size_t grow();
  const std::vector<const SharedVar *> &vars() const { return vars_; }
  // Forgets where this launch placed its variables (it runs again from its start).
  void unplace() {
    for (const SharedVar *v : vars_)
      const_cast<SharedVar *>(v)->epoch = 0;
  }

private:
  std::uint64_t launch_ = 0;
  std::size_t base_ = 0, end_ = 0, prepared_ = 0, window_ = 0;
  std::vector<const SharedVar *> vars_;
};

} // namespace warpsim::sim
