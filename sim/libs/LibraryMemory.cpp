#include "LibraryMemory.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>

#include "HostCopy.h"
#include "Runtime.h"

namespace warpsim::libs {

bool usable() { return sim::Runtime::get().stickyError == cudaSuccess; }

bool checkDevice(const void *p, std::size_t bytes, const char *what, const char *operand) {
  auto a = reinterpret_cast<std::uintptr_t>(p);
  if (p != nullptr && sim::Runtime::get().memory.isDeviceRange(a, bytes))
    return true;
  std::fflush(stdout);
  std::fprintf(stderr,
               "warpsim: error: %s: operand %s (%zu bytes at 0x%" PRIxPTR
               ") is not inside one device allocation\n",
               what, operand, bytes, a);
  return false;
}

void wrote(void *p, std::size_t bytes, const char *what) { sim::notifyHostWrite(p, bytes, what); }

bool copy(void *dst, const void *src, std::size_t n, const char *what) {
  return sim::checkedCopy(dst, src, n, cudaMemcpyDefault, what) == cudaSuccess;
}

} // namespace warpsim::libs
