// Host-side copies into and out of device memory, shared by cudaMemcpy and
// the pitched (2-D/3-D) copies: where each pointer may be for a given
// cudaMemcpyKind, and telling the checkers what the host wrote.
#pragma once

#include <cstddef>

#include "warpsim/cuda_types.h"

namespace warpsim::sim {

// Whether [dst, dst+n) and [src, src+n) are where `kind` says (each wholly
// inside one allocation or symbol where it is device memory); records the
// error as the runtime does.
cudaError_t validateCopy(const void *dst, const void *src, std::size_t n, cudaMemcpyKind kind);
// Copies without checking and tells the observers about device bytes written.
void copyBytes(void *dst, const void *src, std::size_t n, const char *what);
void notifyHostWrite(void *dst, std::size_t n, const char *what);
// validateCopy, then copyBytes.
cudaError_t checkedCopy(void *dst, const void *src, std::size_t n, cudaMemcpyKind kind,
                        const char *what);

} // namespace warpsim::sim
