// <cooperative_groups/memcpy_async.h>: cg::memcpy_async, cg::wait and
// cg::wait_prior, split as CUDA's implementation splits them: every thread
// of the group issues cp.async for its share of the chunks (chunk size from
// the static alignment hint, else from the pointers' common alignment, with
// unaligned head and tail bytes copied synchronously), then commits one
// cp.async group, so wait_prior<N> counts memcpy_async calls. A copy that is
// not global -> shared is made synchronously by the group. The calls are out
// of line so that the copies and waits carry the user's line.
#pragma once

#include <cstddef>
#include <cstdint>
#include <type_traits>

#include <cooperative_groups.h>
#include <warpsim/group_copy.h>
#include <warpsim/sync_abi.h>

namespace cooperative_groups {

namespace details {

// count elements of T: cp.async of sizeof(T) each when global -> shared.
template <class T, class G>
void async_elements(const G &g, T *dst, const T *src, std::size_t count, const void *pc) {
  const unsigned long long rank = g.thread_rank(), size = g.size();
  if (!warpsim::group_copy::global_to_shared(dst, src)) {
    warpsim::group_copy::sync_elements(rank, size, dst, src, count);
    return;
  }
  warpsim::group_copy::async_chunks(rank, size, reinterpret_cast<char *>(dst),
                                    reinterpret_cast<const char *>(src), count * sizeof(T),
                                    sizeof(T), pc);
}

// A copy of `bytes` whose pointers are known to be Align-aligned.
template <std::size_t Align, class G>
void copy_bytes(const G &g, void *dst_, const void *src_, std::size_t bytes, const void *pc) {
  using warpsim::group_copy::chunk_t;
  char *dst = static_cast<char *>(dst_);
  const char *src = static_cast<const char *>(src_);
  const unsigned long long rank = g.thread_rank(), size = g.size();
  if constexpr (Align >= 4) {
    // The hint is a promise: whole chunks only, as CUDA's copy.
    async_elements(g, reinterpret_cast<chunk_t<Align> *>(dst),
                   reinterpret_cast<const chunk_t<Align> *>(src), bytes / Align, pc);
  } else {
    // The largest power of two up to 16 in which both pointers agree.
    const auto diff = static_cast<unsigned>(
        (reinterpret_cast<std::uintptr_t>(dst) ^ reinterpret_cast<std::uintptr_t>(src)) & 15u);
    unsigned align = diff == 0 ? 16u : diff & (~diff + 1u);
    if (align < Align || bytes < align)
      align = Align;
    if (align < 4) {
      if (align == 2)
        warpsim::group_copy::sync_elements(rank, size, reinterpret_cast<short *>(dst),
                                           reinterpret_cast<const short *>(src), bytes / 2);
      else
        warpsim::group_copy::sync_elements(rank, size, dst, src, bytes);
      return;
    }
    // Unaligned head, aligned body as cp.async, tail: the head and tail
    // synchronously.
    const std::size_t head = (align - reinterpret_cast<std::uintptr_t>(src) % align) % align;
    warpsim::group_copy::sync_elements(rank, size, dst, src, head);
    const std::size_t body = (bytes - head) / align;
    char *d = dst + head;
    const char *s = src + head;
    if (align == 4)
      async_elements(g, reinterpret_cast<chunk_t<4> *>(d), reinterpret_cast<const chunk_t<4> *>(s),
                     body, pc);
    else if (align == 8)
      async_elements(g, reinterpret_cast<chunk_t<8> *>(d), reinterpret_cast<const chunk_t<8> *>(s),
                     body, pc);
    else
      async_elements(g, reinterpret_cast<chunk_t<16> *>(d),
                     reinterpret_cast<const chunk_t<16> *>(s), body, pc);
    warpsim::group_copy::sync_elements(rank, size, d + body * align, s + body * align,
                                       bytes - head - body * align);
  }
}

template <class T> constexpr std::size_t align_of_elem() {
  if constexpr (std::is_void_v<T>)
    return 1;
  else
    return alignof(T) > 16 ? 16 : alignof(T);
}

} // namespace details

// memcpy_async(group, dst, src, bytes): bytes as an integer, or as an
// aligned_size_t<N> (any template <size_t> class with a size_t conversion)
// whose N promises the alignment of both pointers.
template <class TyGroup, class TyElem, class TySizeT,
          std::enable_if_t<std::is_integral_v<TySizeT>, int> = 0>
[[gnu::noinline]] void memcpy_async(const TyGroup &group, TyElem *dst, const TyElem *src,
                                    const TySizeT &count) {
  const void *pc = __builtin_return_address(0);
  details::copy_bytes<details::align_of_elem<TyElem>()>(
      group, const_cast<std::remove_cv_t<TyElem> *>(dst), src, static_cast<std::size_t>(count), pc);
  warpsim_cp_async_commit(pc);
}
template <class TyGroup, class TyElem, template <std::size_t> class Alignment, std::size_t Hint>
[[gnu::noinline]] void memcpy_async(const TyGroup &group, TyElem *dst, const TyElem *src,
                                    const Alignment<Hint> &count) {
  const void *pc = __builtin_return_address(0);
  details::copy_bytes<(Hint > 16 ? 16 : Hint)>(group, const_cast<std::remove_cv_t<TyElem> *>(dst),
                                               src, static_cast<std::size_t>(count), pc);
  warpsim_cp_async_commit(pc);
}
// memcpy_async(group, dst, dst_count, src, src_count): min(dst_count,
// src_count) elements.
template <class TyGroup, class TyElem, class DstLayout, class SrcLayout>
[[gnu::noinline]] void memcpy_async(const TyGroup &group, TyElem *dst, const DstLayout &dstCount,
                                    const TyElem *src, const SrcLayout &srcCount) {
  const void *pc = __builtin_return_address(0);
  const auto d = static_cast<std::size_t>(dstCount), s = static_cast<std::size_t>(srcCount);
  details::copy_bytes<details::align_of_elem<TyElem>()>(group,
                                                        const_cast<std::remove_cv_t<TyElem> *>(dst),
                                                        src, (d < s ? d : s) * sizeof(TyElem), pc);
  warpsim_cp_async_commit(pc);
}

// Waits for all but the Stage most recent memcpy_async batches of the
// calling thread, then syncs the group (so every thread's share is there).
template <unsigned Stage, class TyGroup> [[gnu::noinline]] void wait_prior(const TyGroup &group) {
  warpsim_cp_async_wait(Stage, __builtin_return_address(0));
  group.sync();
}
template <class TyGroup> [[gnu::noinline]] void wait(const TyGroup &group) {
  warpsim_cp_async_wait(0, __builtin_return_address(0));
  group.sync();
}

} // namespace cooperative_groups
