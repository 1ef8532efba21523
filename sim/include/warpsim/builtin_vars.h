// threadIdx, blockIdx, blockDim, gridDim and warpSize as CUDA has them: real
// objects (so host code may still name a variable `blockDim` or read
// `prop.warpSize`), whose members are read through the runtime. As in
// clang's own CUDA headers, the members are __declspec(property), which
// needs -fdeclspec; reading them touches no memory, so the instrumentation
// sees no access.
#pragma once

#include "warpsim/vector_types.h"

uint3 warpsim_thread_idx(void);
uint3 warpsim_block_idx(void);
dim3 warpsim_block_dim(void);
dim3 warpsim_grid_dim(void);
int warpsim_warp_size(void);

#define WARPSIM_BUILTIN_VAR(TYPE, NAME, FETCH, VEC)                                                \
  struct TYPE {                                                                                    \
    [[gnu::always_inline]] static unsigned int fetch_x() { return FETCH().x; }                     \
    [[gnu::always_inline]] static unsigned int fetch_y() { return FETCH().y; }                     \
    [[gnu::always_inline]] static unsigned int fetch_z() { return FETCH().z; }                     \
    __declspec(property(get = fetch_x)) unsigned int x;                                            \
    __declspec(property(get = fetch_y)) unsigned int y;                                            \
    __declspec(property(get = fetch_z)) unsigned int z;                                            \
    [[gnu::always_inline]] operator VEC() const { return FETCH(); }                                \
    TYPE() = default;                                                                              \
    TYPE(const TYPE &) = delete;                                                                   \
    TYPE &operator=(const TYPE &) = delete;                                                        \
  };                                                                                               \
  extern const TYPE NAME;

WARPSIM_BUILTIN_VAR(warpsim_threadIdx_t, threadIdx, warpsim_thread_idx, uint3)
WARPSIM_BUILTIN_VAR(warpsim_blockIdx_t, blockIdx, warpsim_block_idx, uint3)
WARPSIM_BUILTIN_VAR(warpsim_blockDim_t, blockDim, warpsim_block_dim, dim3)
WARPSIM_BUILTIN_VAR(warpsim_gridDim_t, gridDim, warpsim_grid_dim, dim3)
#undef WARPSIM_BUILTIN_VAR

struct warpsim_warpSize_t {
  [[gnu::always_inline]] operator int() const { return warpsim_warp_size(); }
};
extern const warpsim_warpSize_t warpSize;
