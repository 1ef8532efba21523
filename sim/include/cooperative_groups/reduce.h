// cg::reduce over a tile or a coalesced group, with cg::plus / less /
// greater / bit_and / bit_or / bit_xor. Every thread of the group gets the
// result. Header-only, on the group's shuffles (see cooperative_groups.h).
#pragma once

#include <cooperative_groups.h>
#include <type_traits>
#include <utility>

namespace cooperative_groups {

template <class T> struct plus {
  T operator()(const T &a, const T &b) const { return a + b; }
};
template <class T> struct less { // the smaller: cg::reduce(g, v, less<T>()) is the minimum
  T operator()(const T &a, const T &b) const { return b < a ? b : a; }
};
template <class T> struct greater { // the larger: the maximum
  T operator()(const T &a, const T &b) const { return a < b ? b : a; }
};
template <class T> struct bit_and {
  T operator()(const T &a, const T &b) const { return a & b; }
};
template <class T> struct bit_or {
  T operator()(const T &a, const T &b) const { return a | b; }
};
template <class T> struct bit_xor {
  T operator()(const T &a, const T &b) const { return a ^ b; }
};

namespace details {
// Tiles of several warps reduce themselves (cooperative_groups.h).
template <class G, class T, class Op, class = void> struct has_reduce_tile : std::false_type {};
template <class G, class T, class Op>
struct has_reduce_tile<G, T, Op,
                       std::void_t<decltype(std::declval<const G &>().reduce_tile(
                           std::declval<T>(), std::declval<Op>()))>> : std::true_type {};
} // namespace details

// Groups of a power-of-two size reduce by a butterfly (every lane combines
// the same pairs, so all get bit-identical results); other sizes (coalesced
// groups) combine the ranks in order.
// Inlined, as the group's shuffles are (cooperative_groups.h).
template <class Group, class T, class Op> WARPSIM_CG_INLINE T reduce(const Group &g, T val, Op op) {
  if constexpr (details::has_reduce_tile<Group, T, Op>::value) { // a tile of several warps
    return g.reduce_tile(val, op);
  } else {
    const unsigned n = static_cast<unsigned>(g.size());
    if ((n & (n - 1)) == 0) {
      for (unsigned off = n / 2; off > 0; off /= 2)
        val = op(val, g.shfl_xor(val, off));
      return val;
    }
    T acc = g.shfl(val, 0);
    for (unsigned r = 1; r < n; ++r)
      acc = op(acc, g.shfl(val, r));
    return acc;
  }
}

} // namespace cooperative_groups
