#include "LibraryMemory.h"

#include <cinttypes>
#include <cstdint>
#include <cstdio>

#include "HostCopy.h"
#include "Runtime.h"
#include "StreamClocks.h"

namespace warpsim::libs {
namespace {
thread_local Call *tl_call = nullptr;

// The call's read or write of device memory, for the checkers.
void access(const void *p, std::size_t bytes, bool write) {
  Call *c = tl_call;
  if (c == nullptr || bytes == 0)
    return;
  if (c->op == 0)
    c->op = sim::streamIssue(c->stream);
  sim::LibraryAccess a{reinterpret_cast<std::uintptr_t>(p), bytes, write, c->what, c->pc, c->op};
  for (sim::Observer *o : sim::Runtime::get().observers)
    o->onLibraryAccess(a);
}
} // namespace

Call::Call(const char *w, cudaStream_t s, void *p)
    : outer_(tl_call), what(w), pc(reinterpret_cast<std::uintptr_t>(p)), stream(s) {
  // A library routine calling another (cublasSgemm through GemmEx) stays
  // the outer call.
  if (outer_ == nullptr)
    tl_call = this;
}
Call::~Call() {
  if (tl_call == this)
    tl_call = nullptr;
}

bool usable() { return sim::Runtime::get().stickyError == cudaSuccess; }

bool checkDevice(const void *p, std::size_t bytes, const char *what, const char *operand) {
  auto a = reinterpret_cast<std::uintptr_t>(p);
  if (p != nullptr && sim::Runtime::get().memory.isDeviceRange(a, bytes)) {
    access(p, bytes, false);
    return true;
  }
  std::fflush(stdout);
  std::fprintf(stderr,
               "warpsim: error: %s: operand %s (%zu bytes at 0x%" PRIxPTR
               ") is not inside one device allocation\n",
               what, operand, bytes, a);
  return false;
}

void wrote(void *p, std::size_t bytes, const char *what) {
  sim::notifyHostWrite(p, bytes, what);
  access(p, bytes, true);
}

void hostWaitsForCall() {
  if (Call *c = tl_call) {
    if (c->op == 0)
      c->op = sim::streamIssue(c->stream);
    sim::hostWaitsStream(c->stream);
  }
}

bool copy(void *dst, const void *src, std::size_t n, const char *what) {
  sim::streamIssue(nullptr); // as cudaMemcpy: on the legacy stream, and the host waits
  sim::hostWaitsStream(nullptr);
  return sim::checkedCopy(dst, src, n, cudaMemcpyDefault, what) == cudaSuccess;
}

} // namespace warpsim::libs
