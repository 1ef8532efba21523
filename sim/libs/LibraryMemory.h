// What the host-side CUDA libraries (cuBLAS, cuRAND, cuSPARSE) share with the
// runtime: whether an operand lies in simulated device memory, and telling
// the checkers which device bytes a call wrote (as cudaMemcpy does).
#pragma once

#include <cstddef>

namespace warpsim::libs {

// Whether no sticky error (an earlier kernel's illegal address) stops work.
bool usable();
// Whether [p, p+bytes) lies inside one device allocation or symbol; if not,
// says so on stderr naming the call and the operand.
bool checkDevice(const void *p, std::size_t bytes, const char *what, const char *operand);
// The call wrote [p, p+bytes) of device memory.
void wrote(void *p, std::size_t bytes, const char *what);
// cudaMemcpy(dst, src, n, cudaMemcpyDefault) on behalf of `what`.
bool copy(void *dst, const void *src, std::size_t n, const char *what);

} // namespace warpsim::libs
