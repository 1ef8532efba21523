// Cooperative groups: this_thread_block(), tiled_partition (static and
// dynamic; static tiles of a warp or of several warps), coalesced_threads(),
// binary_partition, labeled_partition, and cg::reduce (in
// <cooperative_groups/reduce.h>). Shuffles take any trivially copyable type
// (moved as 32-bit words, as CUDA does). Header-only, built on warpsim's warp
// intrinsics and __syncthreads. The functions here are compiled with the
// user's kernel (and so instrumented): they compute on their arguments and
// on the group object (which lives on the thread's own stack) only, so they
// add no memory events of their own. See docs/warp-model.md.
#pragma once

#include <cuda_runtime.h>
#include <type_traits>

#include "warpsim/sync_abi.h"

// The operations of groups within one warp are inlined into their caller,
// so that their warp operations lie in the caller's frame at the call's code
// position: the warp checker compares a lane that goes on past a waiting
// operation with it there (docs/checks.md, warp-sync-mask).
#define WARPSIM_CG_INLINE __attribute__((always_inline))

namespace cooperative_groups {

namespace details {
inline unsigned linear_tid() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
inline unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }
inline unsigned lane_id() { return linear_tid() % static_cast<unsigned>(warpSize); }
// Lanes lane & ~(n-1) .. + n-1 of the warp (n a power of two <= 64).
inline unsigned long long tile_mask(unsigned n, unsigned lane) {
  unsigned long long m = n >= 64 ? ~0ull : ((1ull << n) - 1);
  return m << (lane & ~(n - 1));
}
inline unsigned rank_in_mask(unsigned long long mask, unsigned lane) {
  return static_cast<unsigned>(__popcll(mask & ((1ull << lane) - 1)));
}
// The lane of the rank-th set bit of mask (64 if there is none).
inline unsigned lane_of_rank(unsigned long long mask, unsigned rank) {
  for (unsigned lane = 0; lane < 64; ++lane)
    if ((mask >> lane) & 1ull) {
      if (rank == 0)
        return lane;
      --rank;
    }
  return 64;
}
// The bits of `bits` at the positions named by `mask`, packed to the low end.
inline unsigned long long compress(unsigned long long bits, unsigned long long mask) {
  unsigned long long out = 0;
  unsigned k = 0;
  for (unsigned lane = 0; lane < 64; ++lane)
    if ((mask >> lane) & 1ull) {
      if ((bits >> lane) & 1ull)
        out |= 1ull << k;
      ++k;
    }
  return out;
}
// Shuffles any trivially copyable value: arithmetic types directly, others
// as consecutive 32-bit words (the last one zero-padded).
template <class T, class F> WARPSIM_CG_INLINE T shfl_any(const T &var, F shuffle) {
  static_assert(std::is_trivially_copyable_v<T>, "shfl needs a trivially copyable type");
  if constexpr (std::is_arithmetic_v<T>) {
    return shuffle(var);
  } else {
    constexpr unsigned n = (sizeof(T) + 3) / 4;
    unsigned w[n] = {};
    __builtin_memcpy(w, &var, sizeof(T));
    for (unsigned k = 0; k < n; ++k)
      w[k] = shuffle(w[k]);
    T out;
    __builtin_memcpy(&out, w, sizeof(T));
    return out;
  }
}
} // namespace details

// A group of threads: the block, a tile of a warp, or the coalesced lanes.
class thread_group {
protected:
  enum kind_t : unsigned char { block_kind, tile_kind, coalesced_kind };
  kind_t kind_;
  unsigned size_;
  unsigned long long mask_; // tiles and coalesced groups: lanes of the warp
  unsigned meta_rank_;
  unsigned meta_size_;
  thread_group(kind_t k, unsigned size, unsigned long long mask, unsigned metaRank,
               unsigned metaSize)
      : kind_(k), size_(size), mask_(mask), meta_rank_(metaRank), meta_size_(metaSize) {}

public:
  [[gnu::noinline]] void sync() const {
    if (kind_ == block_kind)
      warpsim_block_sync(__builtin_return_address(0));
    else
      __syncwarp(mask_);
  }
  unsigned long long size() const { return size_; }
  unsigned long long num_threads() const { return size_; }
  unsigned long long thread_rank() const {
    if (kind_ == block_kind)
      return details::linear_tid();
    return details::rank_in_mask(mask_, details::lane_id());
  }
  bool is_valid() const { return size_ != 0; }
  unsigned long long get_mask() const { return mask_; } // warpsim extension
};

class thread_block : public thread_group {
  friend thread_block this_thread_block();
  thread_block() : thread_group(block_kind, details::block_threads(), 0, 0, 1) {}

public:
  [[gnu::noinline]] static void sync() { warpsim_block_sync(__builtin_return_address(0)); }
  static unsigned long long thread_rank() { return details::linear_tid(); }
  static unsigned long long size() { return details::block_threads(); }
  static unsigned long long num_threads() { return details::block_threads(); }
  static dim3 group_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 thread_index() { return dim3(threadIdx.x, threadIdx.y, threadIdx.z); }
  static dim3 group_dim() { return dim3(blockDim.x, blockDim.y, blockDim.z); }
  static dim3 dim_threads() { return group_dim(); }
};

inline thread_block this_thread_block() { return thread_block(); }

// The whole grid. sync() is a grid-wide barrier, valid only in a launch made
// with cudaLaunchCooperativeKernel (elsewhere the launch fails, as on a GPU).
class grid_group {
  friend grid_group this_grid();
  grid_group() = default;

public:
  [[gnu::noinline]] static void sync() { warpsim_grid_sync(__builtin_return_address(0)); }
  static bool is_valid() { return warpsim_grid_is_valid(); }
  static unsigned long long block_rank() {
    return blockIdx.x + static_cast<unsigned long long>(gridDim.x) *
                            (blockIdx.y + static_cast<unsigned long long>(gridDim.y) * blockIdx.z);
  }
  static unsigned long long num_blocks() {
    return static_cast<unsigned long long>(gridDim.x) * gridDim.y * gridDim.z;
  }
  static unsigned long long thread_rank() {
    return block_rank() * details::block_threads() + details::linear_tid();
  }
  static unsigned long long size() { return num_blocks() * details::block_threads(); }
  static unsigned long long num_threads() { return size(); }
  static dim3 block_index() { return dim3(blockIdx.x, blockIdx.y, blockIdx.z); }
  static dim3 group_dim() { return dim3(gridDim.x, gridDim.y, gridDim.z); }
  static dim3 dim_blocks() { return group_dim(); }
};

inline grid_group this_grid() { return grid_group(); }

// The thread block cluster of the calling block (sm_90). A launch without
// clusters runs every block as a cluster of one, as the GPU does.
class cluster_group {
  friend cluster_group this_cluster();
  cluster_group() = default;
  static dim3 shape() {
    unsigned s[4];
    warpsim_cluster_shape(s);
    return dim3(s[0], s[1], s[2]);
  }

public:
  struct arrival_token {};
  // Each passes its caller, so that findings name the user's line.
  [[gnu::noinline]] static void sync() {
    warpsim_cluster_barrier(0, __builtin_return_address(0));
    warpsim_cluster_barrier(2, __builtin_return_address(0));
  }
  [[gnu::noinline]] static arrival_token barrier_arrive() {
    warpsim_cluster_barrier(0, __builtin_return_address(0));
    return {};
  }
  [[gnu::noinline]] static void barrier_wait() {
    warpsim_cluster_barrier(2, __builtin_return_address(0));
  }
  [[gnu::noinline]] static void barrier_wait(arrival_token &&) {
    warpsim_cluster_barrier(2, __builtin_return_address(0));
  }
  static bool is_valid() { return true; }
  static dim3 dim_blocks() { return shape(); }
  static dim3 block_index() {
    const dim3 d = shape();
    return dim3(blockIdx.x % d.x, blockIdx.y % d.y, blockIdx.z % d.z);
  }
  static unsigned block_rank() {
    const dim3 d = shape();
    const dim3 i = block_index();
    return i.x + d.x * (i.y + d.y * i.z);
  }
  static unsigned num_blocks() {
    const dim3 d = shape();
    return d.x * d.y * d.z;
  }
  static unsigned thread_rank() {
    return block_rank() * details::block_threads() + details::linear_tid();
  }
  static unsigned num_threads() { return num_blocks() * details::block_threads(); }
  static unsigned size() { return num_threads(); }
  static dim3 dim_threads() {
    const dim3 d = shape();
    return dim3(d.x * blockDim.x, d.y * blockDim.y, d.z * blockDim.z);
  }
  template <class T> static T *map_shared_rank(T *addr, unsigned rank) {
    return static_cast<T *>(warpsim_cluster_map_shared(addr, rank));
  }
  template <class T> static T &map_shared_rank(T &addr, unsigned rank) {
    return *static_cast<T *>(warpsim_cluster_map_shared(&addr, rank));
  }
  static unsigned query_shared_rank(const void *addr) { return warpsim_cluster_shared_rank(addr); }
};

inline cluster_group this_cluster() { return cluster_group(); }

// Operations of groups that live within one warp (tiles, coalesced groups).
// Ranks are group-relative; ballot/match results are packed to ranks.
class warp_group_ops : public thread_group {
protected:
  using thread_group::thread_group;
  unsigned lane_of(unsigned rank) const {
    return kind_ == tile_kind ? (details::lane_id() & ~(size_ - 1)) + rank % size_
                              : details::lane_of_rank(mask_, rank);
  }

public:
  WARPSIM_CG_INLINE void sync() const { __syncwarp(mask_); }
  unsigned long long thread_rank() const {
    return details::rank_in_mask(mask_, details::lane_id());
  }
  unsigned long long meta_group_rank() const { return meta_rank_; }
  unsigned long long meta_group_size() const { return meta_size_; }

  template <class T> WARPSIM_CG_INLINE T shfl(T var, unsigned srcRank) const {
    return details::shfl_any(var, [&](auto v) WARPSIM_CG_INLINE {
      if (kind_ == tile_kind)
        return __shfl_sync(mask_, v, static_cast<int>(srcRank), static_cast<int>(size_));
      unsigned src = details::lane_of_rank(mask_, srcRank % size_);
      return __shfl_sync(mask_, v, static_cast<int>(src));
    });
  }
  template <class T> WARPSIM_CG_INLINE T shfl_down(T var, unsigned delta) const {
    return details::shfl_any(var, [&](auto v) WARPSIM_CG_INLINE {
      if (kind_ == tile_kind)
        return __shfl_down_sync(mask_, v, delta, static_cast<int>(size_));
      unsigned r = static_cast<unsigned>(thread_rank());
      unsigned src =
          r + delta < size_ ? details::lane_of_rank(mask_, r + delta) : details::lane_id();
      return __shfl_sync(mask_, v, static_cast<int>(src));
    });
  }
  template <class T> WARPSIM_CG_INLINE T shfl_up(T var, unsigned delta) const {
    return details::shfl_any(var, [&](auto v) WARPSIM_CG_INLINE {
      if (kind_ == tile_kind)
        return __shfl_up_sync(mask_, v, delta, static_cast<int>(size_));
      unsigned r = static_cast<unsigned>(thread_rank());
      unsigned src = r >= delta ? details::lane_of_rank(mask_, r - delta) : details::lane_id();
      return __shfl_sync(mask_, v, static_cast<int>(src));
    });
  }
  template <class T> WARPSIM_CG_INLINE T shfl_xor(T var, unsigned laneMask) const {
    return details::shfl_any(var, [&](auto v) WARPSIM_CG_INLINE {
      if (kind_ == tile_kind)
        return __shfl_xor_sync(mask_, v, static_cast<int>(laneMask), static_cast<int>(size_));
      unsigned r = static_cast<unsigned>(thread_rank()) ^ laneMask;
      unsigned src = r < size_ ? details::lane_of_rank(mask_, r) : details::lane_id();
      return __shfl_sync(mask_, v, static_cast<int>(src));
    });
  }
  WARPSIM_CG_INLINE int any(int predicate) const { return __any_sync(mask_, predicate); }
  WARPSIM_CG_INLINE int all(int predicate) const { return __all_sync(mask_, predicate); }
  WARPSIM_CG_INLINE unsigned long long ballot(int predicate) const {
    return details::compress(__ballot_sync(mask_, predicate), mask_);
  }
  template <class T> WARPSIM_CG_INLINE unsigned long long match_any(T value) const {
    return details::compress(__match_any_sync(mask_, value), mask_);
  }
  template <class T> WARPSIM_CG_INLINE unsigned long long match_all(T value, int &pred) const {
    return details::compress(__match_all_sync(mask_, value, &pred), mask_);
  }
};

// A tile of N consecutive threads of a warp (N a power of two, N <= warp size).
// Tiles of 64 threads and more (several warps) are the specialisation below.
// The widest tile that is one warp whatever the run's warp size: 32, or the
// wavefront size HIP source is compiled for (__AMDGCN_WAVEFRONT_SIZE, which
// the driver sets from the architecture: docs/hip.md), so that a HIP
// program's thread_block_tile<64> has a wavefront's shuffles and votes.
#if defined(__HIP__) && defined(__AMDGCN_WAVEFRONT_SIZE)
#define WARPSIM_CG_WARP_TILE __AMDGCN_WAVEFRONT_SIZE
#else
#define WARPSIM_CG_WARP_TILE 32
#endif
template <unsigned N, class ParentT = void, bool MultiWarp = (N > WARPSIM_CG_WARP_TILE)>
class thread_block_tile : public warp_group_ops {
  static_assert(N >= 1 && (N & (N - 1)) == 0, "thread_block_tile size must be a power of two");

public:
  thread_block_tile()
      : warp_group_ops(tile_kind, N, details::tile_mask(N, details::lane_id()),
                       details::linear_tid() / N, (details::block_threads() + N - 1) / N) {}
  template <class P> // forget the parent type
  thread_block_tile(const thread_block_tile<N, P> &o) : warp_group_ops(o) {}
  void set_meta(unsigned rank, unsigned count) { // used by tiled_partition of a tile
    meta_rank_ = rank;
    meta_size_ = count;
  }
  static constexpr unsigned long long size() { return N; }
  static constexpr unsigned long long num_threads() { return N; }
  unsigned long long thread_rank() const { return details::lane_id() & (N - 1); }
};

// A tile of N threads (N = 64, 128, ... up to 1024) spanning several warps
// (one warp when --warp-size 64 and N = 64): rank, size, meta group and
// sync, which is a named CTA barrier (bar.sync id, N; id below) so
// the race detector sees it as the GPU's barrier. CUDA offers no shuffles or
// votes on these tiles. Limit: blocks of up to 512 threads (ids 1..15; in a
// 1024-thread block 64-thread tiles run out of ids).
template <unsigned N, class ParentT> class thread_block_tile<N, ParentT, true> {
  static_assert(N <= 1024 && (N & (N - 1)) == 0,
                "thread_block_tile size must be a power of two up to 1024");

public:
  thread_block_tile() = default;
  template <class P> thread_block_tile(const thread_block_tile<N, P, true> &) {}
  void sync() const {
    if (N <= static_cast<unsigned>(warpSize)) {
      __syncwarp(details::tile_mask(N, details::lane_id()));
      return;
    }
    // Tiles of different sizes overlap (a 128-thread tile holds two of 64),
    // and may be synchronised at the same time: number them as the nodes of
    // a binary tree over the block (the whole block is 1, its halves 2 and
    // 3, ...), so overlapping tiles never share a barrier. Up to 512 threads
    // per block the ids stay within 1..15.
    unsigned p = 1;
    while (p < details::block_threads())
      p <<= 1;
    warpsim_cta_barrier(0, 0, p / N + static_cast<unsigned>(meta_group_rank()), N, 0,
                        __builtin_return_address(0));
  }
  static constexpr unsigned long long size() { return N; }
  static constexpr unsigned long long num_threads() { return N; }
  unsigned long long thread_rank() const { return details::linear_tid() % N; }
  unsigned long long meta_group_rank() const { return details::linear_tid() / N; }
  unsigned long long meta_group_size() const { return (details::block_threads() + N - 1) / N; }

  // What CUDA 13 gives tiles of several warps besides: shfl, any, all, and
  // cg::reduce (<cooperative_groups/reduce.h>). As in CUDA's implementation,
  // values cross warps through shared memory: a hidden __shared__ array of
  // 64 values (a slot per warp of the block for reductions, one per tile for
  // shuffles), written, then read after the tile's barrier, with a second
  // barrier before the slots are reused; these accesses are events of the
  // calling threads like any other.
  template <class T> T shfl(T var, unsigned srcRank) const {
    T *slot = scratch<T>() + 32 + meta_group_rank() % 32;
    if (thread_rank() == srcRank % N)
      *slot = var;
    sync();
    T out = *slot;
    sync();
    return out;
  }
  int any(int predicate) const {
    return reduce_tile(predicate != 0 ? 1 : 0, [](int a, int b) { return a | b; });
  }
  int all(int predicate) const {
    return reduce_tile(predicate != 0 ? 1 : 0, [](int a, int b) { return a & b; });
  }
  // cg::reduce on this tile: a butterfly within each warp, then each warp's
  // result combined in warp order (the same order in every thread).
  template <class T, class Op> T reduce_tile(T val, Op op) const {
    const unsigned w = N < static_cast<unsigned>(warpSize) ? N : static_cast<unsigned>(warpSize);
    const unsigned long long mask = details::tile_mask(w, details::lane_id());
    for (unsigned off = w / 2; off > 0; off /= 2)
      val = op(val, details::shfl_any(val, [&](auto v) {
                 return __shfl_xor_sync(mask, v, static_cast<int>(off), static_cast<int>(w));
               }));
    if (N == w)
      return val;
    T *slots = scratch<T>();
    const unsigned first = static_cast<unsigned>(meta_group_rank()) * (N / w);
    if (details::lane_id() % w == 0)
      slots[details::linear_tid() / w] = val;
    sync();
    T acc = slots[first];
    for (unsigned k = 1; k < N / w; ++k)
      acc = op(acc, slots[first + k]);
    sync();
    return acc;
  }

private:
  template <class T> static T *scratch() {
    static ::warpsim::SharedVar var{"cooperative_groups tile scratch", __FILE__, __LINE__, 0};
    return ::warpsim::shared_static<T[64]>(var);
  }
};

// Scratch memory CUDA's multi-warp tiles use (before sm_80); warpsim's
// tiles need none, so it is only accepted.
template <unsigned MaxBlockSize = 1024> struct block_tile_memory {
  alignas(16) unsigned char reserved[16];
};
template <unsigned MaxBlockSize>
inline thread_block this_thread_block(block_tile_memory<MaxBlockSize> &) {
  return this_thread_block();
}

class coalesced_group;
namespace details {
coalesced_group make_coalesced(unsigned long long mask, unsigned metaRank, unsigned metaSize);
}

// The threads of the warp that are active (converged) at the call, or a
// partition of a group (binary_partition, labeled_partition).
class coalesced_group : public warp_group_ops {
  friend coalesced_group coalesced_threads();
  friend coalesced_group details::make_coalesced(unsigned long long, unsigned, unsigned);
  explicit coalesced_group(unsigned long long mask, unsigned metaRank = 0, unsigned metaSize = 1)
      : warp_group_ops(coalesced_kind, static_cast<unsigned>(__popcll(mask)), mask, metaRank,
                       metaSize) {}
};

inline coalesced_group details::make_coalesced(unsigned long long mask, unsigned metaRank,
                                               unsigned metaSize) {
  return coalesced_group(mask, metaRank, metaSize);
}

inline coalesced_group coalesced_threads() { return coalesced_group(__activemask()); }

// Splits a group of one warp (a tile or a coalesced group) by a predicate:
// the threads with the same value form a group, meta_group_rank = pred of 2
// (one group of rank 0 when all agree), as CUDA's.
inline coalesced_group binary_partition(const warp_group_ops &g, bool pred) {
  const unsigned long long mask = g.get_mask();
  const unsigned long long set = __ballot_sync(mask, pred) & mask;
  if (set == mask || set == 0)
    return details::make_coalesced(mask, 0, 1);
  return details::make_coalesced(pred ? set : mask & ~set, pred ? 1 : 0, 2);
}
// Splits by a label (integer or pointer): one group per distinct label,
// ranked by their lowest lane, as CUDA's.
template <class Label> coalesced_group labeled_partition(const warp_group_ops &g, Label label) {
  static_assert(std::is_integral_v<Label> || std::is_pointer_v<Label>,
                "labeled_partition needs an integral or pointer label");
  if constexpr (std::is_same_v<Label, bool>) {
    return binary_partition(g, label);
  } else {
    const unsigned long long mask = g.get_mask();
    unsigned long long key;
    if constexpr (std::is_pointer_v<Label>)
      key = reinterpret_cast<unsigned long long>(label);
    else
      key = static_cast<unsigned long long>(label);
    const unsigned long long sub = __match_any_sync(mask, key);
    const unsigned leader = static_cast<unsigned>(__builtin_ctzll(sub));
    const unsigned long long leaders = __ballot_sync(mask, details::lane_id() == leader) & mask;
    return details::make_coalesced(
        sub, static_cast<unsigned>(__popcll(leaders & ((1ull << leader) - 1))),
        static_cast<unsigned>(__popcll(leaders)));
  }
}

template <unsigned N, class ParentT>
thread_block_tile<N, ParentT> tiled_partition(const ParentT &) {
  return thread_block_tile<N, ParentT>();
}
// A tile of a tile: meta-group rank and size are relative to the parent tile.
template <unsigned N, unsigned M, class P>
thread_block_tile<N, thread_block_tile<M, P>> tiled_partition(const thread_block_tile<M, P> &) {
  static_assert(N <= M, "a sub-tile cannot be larger than its parent tile");
  static_assert(N <= 32, "warpsim: a tile of several warps cut from a tile is not supported");
  thread_block_tile<N, thread_block_tile<M, P>> t;
  t.set_meta((details::linear_tid() % M) / N, M / N);
  return t;
}

// Dynamic partition into tiles of `tilesz` threads: a power of two up to the
// warp size (a partition as large as the block is the block).
inline thread_group tiled_partition(const thread_group &parent, unsigned tilesz) {
  struct tile_group : thread_group {
    tile_group(unsigned n)
        : thread_group(tile_kind, n, details::tile_mask(n, details::lane_id()),
                       details::linear_tid() / n, (details::block_threads() + n - 1) / n) {}
  };
  struct block_group : thread_group {
    block_group() : thread_group(block_kind, details::block_threads(), 0, 0, 1) {}
  };
  if (tilesz >= details::block_threads() && parent.size() == details::block_threads())
    return block_group();
  return tile_group(tilesz);
}

template <class G> void sync(const G &g) { g.sync(); }
template <class G> unsigned long long thread_rank(const G &g) { return g.thread_rank(); }
template <class G> unsigned long long group_size(const G &g) { return g.size(); }

} // namespace cooperative_groups
