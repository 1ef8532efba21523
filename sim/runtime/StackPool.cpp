#include "StackPool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>

// Linux 6.13's lightweight guard pages; Debian 12's headers predate them.
#ifndef MADV_GUARD_INSTALL
#define MADV_GUARD_INSTALL 102
#endif

namespace warpsim::sim {

void StackPool::init(std::size_t stackBytes, std::size_t capacity) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  guard_ = page;
  stride_ = ((stackBytes + page - 1) / page) * page + guard_;
  capacity_ = capacity;
  const std::size_t bytes = stride_ * capacity_;
  // One read-write mapping whose guard pages are markers: a stack costs no
  // mapping of its own, so vm.max_map_count does not bound the threads.
  markers_ = false;
  void *p = mmap(nullptr, bytes, PROT_READ | PROT_WRITE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p != MAP_FAILED) {
    markers_ = madvise(p, guard_, MADV_GUARD_INSTALL) == 0;
    if (!markers_) {
      munmap(p, bytes);
      p = MAP_FAILED;
    }
  }
  if (p == MAP_FAILED)
    p = mmap(nullptr, bytes, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    std::fprintf(stderr, "warpsim: error: cannot reserve %zu MiB for thread stacks\n", bytes >> 20);
    std::_Exit(70);
  }
  base_ = reinterpret_cast<std::uintptr_t>(p);
}

StackPool::~StackPool() {
  if (base_ != 0)
    munmap(reinterpret_cast<void *>(base_), stride_ * capacity_);
}

void StackPool::grow(std::size_t stackBytes) {
  if (stackBytes <= this->stackBytes() || free_.size() != committed_)
    return;
  munmap(reinterpret_cast<void *>(base_), stride_ * capacity_);
  free_.clear();
  committed_ = 0;
  init(stackBytes, capacity_);
}

void StackPool::trim(std::size_t keep) {
  if (keep >= committed_ || free_.size() != committed_)
    return;
  // Guard markers survive MADV_DONTNEED; the next use of a stack faults in
  // zero pages.
  madvise(reinterpret_cast<void *>(base_ + keep * stride_), (committed_ - keep) * stride_,
          MADV_DONTNEED);
}

void StackPool::mappingsExhausted() const {
  long limit = 0;
  if (FILE *f = std::fopen("/proc/sys/vm/max_map_count", "r")) {
    if (std::fscanf(f, "%ld", &limit) != 1)
      limit = 0;
    std::fclose(f);
  }
  std::fprintf(stderr,
               "warpsim: error: cannot map thread stack %u: each needs two memory mappings "
               "on this kernel (no MADV_GUARD_INSTALL, Linux 6.13+) and vm.max_map_count is "
               "%ld; run fewer threads at once (--resident-blocks, a smaller cooperative grid) "
               "or raise vm.max_map_count\n",
               committed_, limit);
  std::_Exit(70);
}

std::uint32_t StackPool::acquire() {
  if (!free_.empty()) {
    std::uint32_t i = free_.back();
    free_.pop_back();
    return i;
  }
  if (committed_ == capacity_) {
    std::fprintf(stderr,
                 "warpsim: error: out of thread stacks (%zu); lower "
                 "--resident-blocks or --stack-size\n",
                 capacity_);
    std::_Exit(70);
  }
  const std::uint32_t i = committed_;
  // The guard page below the stack: a marker, or the PROT_NONE reserve left
  // as it is while the usable part is mapped.
  const int failed =
      markers_ ? madvise(reinterpret_cast<void *>(lo(i) - guard_), guard_, MADV_GUARD_INSTALL)
               : mprotect(reinterpret_cast<void *>(lo(i)), stackBytes(), PROT_READ | PROT_WRITE);
  if (failed != 0) {
    if (!markers_ && errno == ENOMEM)
      mappingsExhausted();
    std::fprintf(stderr, "warpsim: error: cannot map a thread stack\n");
    std::_Exit(70);
  }
  ++committed_;
  return i;
}

void StackPool::release(std::uint32_t index) { free_.push_back(index); }

} // namespace warpsim::sim
