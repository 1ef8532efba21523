#include "StackPool.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>

namespace warpsim::sim {

void StackPool::init(std::size_t stackBytes, std::size_t capacity) {
  const std::size_t page = static_cast<std::size_t>(sysconf(_SC_PAGESIZE));
  guard_ = page;
  stride_ = ((stackBytes + page - 1) / page) * page + guard_;
  capacity_ = capacity;
  void *p = mmap(nullptr, stride_ * capacity_, PROT_NONE,
                 MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (p == MAP_FAILED) {
    std::fprintf(stderr, "warpsim: error: cannot reserve %zu MiB for thread stacks\n",
                 stride_ * capacity_ >> 20);
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
  std::uint32_t i = committed_++;
  // Map the usable part; the guard page below it stays PROT_NONE.
  if (mprotect(reinterpret_cast<void *>(lo(i)), stackBytes(), PROT_READ | PROT_WRITE) != 0) {
    std::fprintf(stderr, "warpsim: error: cannot map a thread stack\n");
    std::_Exit(70);
  }
  return i;
}

void StackPool::release(std::uint32_t index) { free_.push_back(index); }

} // namespace warpsim::sim
