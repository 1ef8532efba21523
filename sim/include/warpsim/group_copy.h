// A copy whose work a group of threads shares, as libcu++'s memcpy_async
// (with a pipeline) and cooperative groups' memcpy_async split it: thread
// `rank` of `size` takes chunks rank, rank + size, ... Global -> shared
// chunks are cp.async copies (in flight until a wait covers them,
// docs/hopper.md), issued at the user's call site `pc`; anything else is a
// plain synchronous copy by the same threads.
#pragma once

#include <cstddef>

#include <cuda_runtime.h>
#include <warpsim/sync_abi.h>

namespace warpsim::group_copy {

// Chunks of `chunk` bytes (4, 8 or 16) as cp.async; a last partial chunk
// is copied whole, as CUDA's libraries do (their size precondition).
inline void async_chunks(unsigned long long rank, unsigned long long size, char *dst,
                         const char *src, std::size_t bytes, unsigned chunk, const void *pc) {
  for (std::size_t off = rank * chunk; off < bytes; off += size * chunk)
    warpsim_cp_async(dst + off, src + off, chunk, chunk, pc);
}

// Elements of type T copied by plain loads and stores.
template <class T>
void sync_elements(unsigned long long rank, unsigned long long size, T *dst, const T *src,
                   std::size_t count) {
  for (std::size_t i = rank; i < count; i += size)
    dst[i] = src[i];
}

// A chunk of N bytes, N-aligned, for the synchronous copies.
template <std::size_t N> struct alignas(N) chunk_t {
  char bytes[N];
};

// Is this a global -> shared copy (the only one cp.async makes)?
inline bool global_to_shared(const void *dst, const void *src) {
  return __isShared(dst) && __isGlobal(src);
}

} // namespace warpsim::group_copy
