#include "SharedLayout.h"

#include <algorithm>

namespace warpsim::sim {

void SharedLayout::begin(std::uint64_t launch, std::size_t dynamicBytes, std::size_t statics,
                         std::size_t window) {
  launch_ = launch;
  window_ = window;
  base_ = (dynamicBytes + 127) / 128 * 128;
  end_ = dynamicBytes;
  vars_.clear();
  // Fresh shared memory holds a fill pattern, not zeros, as on a GPU it
  // holds whatever the last block left: prepare what the launch can use.
  prepared_ = std::min(window, base_ + statics + 128);
}

bool SharedLayout::place(SharedVar *var, std::size_t size, std::size_t align) {
  if (var->epoch == launch_)
    return true;
  const std::size_t off = std::max(base_, (end_ + align - 1) / align * align);
  if (off + size > window_)
    return false;
  var->epoch = launch_;
  vars_.push_back(var);
  var->offset = static_cast<std::uint32_t>(off);
  var->size = static_cast<std::uint32_t>(size);
  end_ = off + size;
  return true;
}

std::size_t SharedLayout::grow() {
  const std::size_t old = prepared_;
  if (end_ > prepared_)
    prepared_ = std::min(window_, end_ + 4096);
  return old;
}

} // namespace warpsim::sim
