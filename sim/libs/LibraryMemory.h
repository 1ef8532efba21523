// What the host-side CUDA libraries (cuBLAS, cuRAND, cuSPARSE) share with the
// runtime: whether an operand lies in simulated device memory, and telling
// the checkers which device bytes a call read and wrote (as cudaMemcpy does),
// as work on the call's stream.
#pragma once

#include <cstddef>
#include <cstdint>

#include "warpsim/cuda_types.h"

namespace warpsim::libs {

// One library call, from its entry to its return: work on `stream`
// (StreamClocks.h) at the caller's `pc`. The operands checked and written
// while it lasts are its reads and writes.
class Call {
public:
  Call(const char *what, cudaStream_t stream, void *pc);
  ~Call();
  Call(const Call &) = delete;
  Call &operator=(const Call &) = delete;

private:
  const Call *outer_;

public:
  const char *what;
  std::uintptr_t pc;
  std::uint64_t op = 0; // issued at the first operand
  cudaStream_t stream;
};

// Whether no sticky error (an earlier kernel's illegal address) stops work.
bool usable();
// Whether [p, p+bytes) lies inside one device allocation or symbol; if not,
// says so on stderr naming the call and the operand. Inside a Call, a
// checked operand is one the call reads.
bool checkDevice(const void *p, std::size_t bytes, const char *what, const char *operand);
// The call wrote [p, p+bytes) of device memory.
void wrote(void *p, std::size_t bytes, const char *what);
// The call returns only when its work is done (a result in host memory):
// the host waits for its stream.
void hostWaitsForCall();
// cudaMemcpy(dst, src, n, cudaMemcpyDefault) on behalf of `what`: a
// synchronous copy, as the host sees it.
bool copy(void *dst, const void *src, std::size_t n, const char *what);

} // namespace warpsim::libs

// At the top of a library entry point (the caller's return address is taken
// here): the call is work on `stream`.
#define WARPSIM_LIBRARY_CALL(what, stream)                                                         \
  ::warpsim::libs::Call warpsimLibraryCall_((what), (stream), __builtin_return_address(0))
