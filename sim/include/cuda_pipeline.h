// <cuda_pipeline.h>: the primitives interface to Ampere's async copies
// (cp.async). Each copy is in flight until a __pipeline_wait_prior covers
// its batch (docs/hopper.md); the calls are out of line so reports name the
// user's line.
#pragma once

#include <cstddef>

#include <warpsim/sync_abi.h>

// Copies size_and_align bytes (4, 8 or 16, the alignment of both pointers)
// from global to shared memory; the last zfill bytes are zero-filled.
[[gnu::noinline]] inline void __pipeline_memcpy_async(void *dst_shared, const void *src_global,
                                                      std::size_t size_and_align,
                                                      std::size_t zfill = 0) {
  warpsim_cp_async(dst_shared, src_global, static_cast<unsigned>(size_and_align),
                   static_cast<unsigned>(size_and_align - zfill), __builtin_return_address(0));
}
// Closes the batch of copies issued since the last commit.
[[gnu::noinline]] inline void __pipeline_commit() {
  warpsim_cp_async_commit(__builtin_return_address(0));
}
// Waits until at most `prior` of the committed batches are still in flight.
[[gnu::noinline]] inline void __pipeline_wait_prior(std::size_t prior) {
  warpsim_cp_async_wait(static_cast<unsigned>(prior), __builtin_return_address(0));
}
