// warpsim's <mma.h>: nvcuda::wmma, the warp-level matrix multiply-accumulate
// API of sm_80/sm_90 (f16, bf16, tf32, f64, s8/u8). A fragment holds
// num_elements elements per lane, laid out as the mma.sync tiles it is made
// of (model/Mma.h, docs/hopper.md "Warp-level MMA"), so code that indexes
// fragment elements works. load_matrix_sync, store_matrix_sync and mma_sync
// are warp collectives: all 32 lanes of the warp must call them together.
// They are always inlined (as cooperative_groups' are): the runtime call
// takes its own return address, in the user's function, as its site.
#pragma once

#include <cuda_bf16.h>
#include <cuda_fp16.h>

extern "C" {
void warpsim_wmma_load_sync(void *frag, unsigned use, unsigned m, unsigned n, unsigned k,
                            unsigned ab, unsigned cd, const void *ptr, unsigned ldm,
                            unsigned colMajor);
void warpsim_wmma_store_sync(void *ptr, const void *frag, unsigned m, unsigned n, unsigned k,
                             unsigned ab, unsigned cd, unsigned ldm, unsigned colMajor);
void warpsim_wmma_mma_sync(void *d, const void *a, const void *b, const void *c, unsigned m,
                           unsigned n, unsigned k, unsigned ab, unsigned cd, unsigned satf);
float warpsim_float_to_tf32(float f);
}

namespace nvcuda {
namespace wmma {

struct matrix_a {};
struct matrix_b {};
struct accumulator {};
struct row_major {};
struct col_major {};
enum layout_t { mem_row_major, mem_col_major };

namespace precision {
struct tf32 {};
} // namespace precision

// Sub-byte and single-bit MMA (sm_75+'s experimental API): not executed.
namespace experimental {
namespace precision {
struct u4 {};
struct s4 {};
struct b1 {};
} // namespace precision
enum bmmaBitOp { bmmaBitOpXOR = 1, bmmaBitOpAND = 2 };
enum bmmaAccumulateOp { bmmaAccumulateOpPOPC = 1 };
} // namespace experimental

// cvt.rna.tf32.f32: the nearest tf32 value (ties away from zero), in a float.
inline float __float_to_tf32(float in) { return warpsim_float_to_tf32(in); }

namespace __warpsim {
// model::MmaType's values, and the type a fragment stores.
template <class T> struct type_of {
  static constexpr int code = -1;
  using storage = T;
};
template <> struct type_of<__half> {
  static constexpr int code = 0;
  using storage = __half;
};
template <> struct type_of<__nv_bfloat16> {
  static constexpr int code = 1;
  using storage = __nv_bfloat16;
};
template <> struct type_of<precision::tf32> {
  static constexpr int code = 2;
  using storage = float;
};
template <> struct type_of<float> {
  static constexpr int code = 3;
  using storage = float;
};
template <> struct type_of<double> {
  static constexpr int code = 4;
  using storage = double;
};
template <> struct type_of<signed char> {
  static constexpr int code = 5;
  using storage = signed char;
};
template <> struct type_of<unsigned char> {
  static constexpr int code = 6;
  using storage = unsigned char;
};
template <> struct type_of<int> {
  static constexpr int code = 7;
  using storage = int;
};

template <class T> constexpr bool is_multiplicand_type() {
  constexpr int c = type_of<T>::code;
  return c == 0 || c == 1 || c == 2 || c == 4 || c == 5 || c == 6;
}
template <class T> constexpr bool is_accumulator_type() {
  constexpr int c = type_of<T>::code;
  return c == 0 || c == 3 || c == 4 || c == 7;
}
constexpr bool f16_shape(int m, int n, int k) {
  return (m == 16 && n == 16 && k == 16) || (m == 32 && n == 8 && k == 16) ||
         (m == 8 && n == 32 && k == 16);
}
template <class T> constexpr bool shape_ok(int m, int n, int k) {
  constexpr int c = type_of<T>::code;
  if (c == 2)
    return m == 16 && n == 16 && k == 8;
  if (c == 4)
    return m == 8 && n == 8 && k == 4;
  return f16_shape(m, n, k);
}
template <class Use> constexpr int use_code() {
  if constexpr (__is_same(Use, matrix_a))
    return 0;
  else if constexpr (__is_same(Use, matrix_b))
    return 1;
  else
    return 2;
}
// CUDA's num_elements: half's matrix_a/matrix_b keep the Volta size, 16.
template <class Use, class T> constexpr int elements(int m, int n, int k) {
  if constexpr (use_code<Use>() == 2)
    return m * n / 32;
  else if constexpr (type_of<T>::code == 0)
    return 16;
  else if constexpr (use_code<Use>() == 0)
    return m * k / 32;
  else
    return k * n / 32;
}
// The accumulator type that goes with inputs of type T (for the shape
// check of an accumulator: any of f16/f32 for half inputs).
template <class T> constexpr bool accumulator_shape_ok(int m, int n, int k) {
  constexpr int c = type_of<T>::code;
  if (c == 4)
    return m == 8 && n == 8 && k == 4;
  if (c == 3)
    return f16_shape(m, n, k) || (m == 16 && n == 16 && k == 8);
  return f16_shape(m, n, k);
}
} // namespace __warpsim

template <class Use, int m, int n, int k, class T, class Layout = void> class fragment {
  static_assert(!__is_same(T, experimental::precision::u4) &&
                    !__is_same(T, experimental::precision::s4) &&
                    !__is_same(T, experimental::precision::b1),
                "warpsim: sub-byte and single-bit wmma (experimental::precision::u4/s4/b1) is "
                "not supported");
  static_assert(__is_same(Use, matrix_a) || __is_same(Use, matrix_b) || __is_same(Use, accumulator),
                "warpsim: a wmma fragment is matrix_a, matrix_b or accumulator");
  static_assert(__is_same(Use, accumulator) ? __warpsim::is_accumulator_type<T>()
                                            : __warpsim::is_multiplicand_type<T>(),
                "warpsim: this wmma fragment element type is not one sm_80/sm_90 supports");
  static_assert(__is_same(Use, accumulator) ? __warpsim::accumulator_shape_ok<T>(m, n, k)
                                            : __warpsim::shape_ok<T>(m, n, k),
                "warpsim: this wmma shape is not one sm_80/sm_90 supports for the type "
                "(f16/bf16/s8/u8: m16n16k16, m32n8k16, m8n32k16; tf32: m16n16k8; double: "
                "m8n8k4)");

public:
  using storage_element_type = typename __warpsim::type_of<T>::storage;
  using element_type = storage_element_type;
  static constexpr int num_elements = __warpsim::elements<Use, T>(m, n, k);
  storage_element_type x[num_elements];
};

template <class Use, int m, int n, int k, class T, class L>
inline void fill_fragment(fragment<Use, m, n, k, T, L> &a,
                          const typename fragment<Use, m, n, k, T, L>::storage_element_type &v) {
  for (int i = 0; i < fragment<Use, m, n, k, T, L>::num_elements; ++i)
    a.x[i] = v;
}

// matrix_a / matrix_b: the layout is the fragment's.
template <class Use, int m, int n, int k, class T, class L>
__attribute__((always_inline)) inline void
load_matrix_sync(fragment<Use, m, n, k, T, L> &a,
                 const typename fragment<Use, m, n, k, T, L>::storage_element_type *mptr,
                 unsigned ldm) {
  static_assert(!__is_same(Use, accumulator),
                "warpsim: load_matrix_sync of an accumulator takes a layout_t");
  static_assert(__is_same(L, row_major) || __is_same(L, col_major),
                "warpsim: a matrix_a/matrix_b fragment needs row_major or col_major");
  constexpr int t = __warpsim::type_of<T>::code; // and an accumulator type that goes with it
  warpsim_wmma_load_sync(a.x, __warpsim::use_code<Use>(), m, n, k, t,
                         t == 5 || t == 6 ? 7
                         : t == 4         ? 4
                                          : 3,
                         mptr, ldm, __is_same(L, col_major) ? 1 : 0);
}

template <int m, int n, int k, class T>
__attribute__((always_inline)) inline void
load_matrix_sync(fragment<accumulator, m, n, k, T> &a,
                 const typename fragment<accumulator, m, n, k, T>::storage_element_type *mptr,
                 unsigned ldm, layout_t layout) {
  constexpr int c = __warpsim::type_of<T>::code;
  warpsim_wmma_load_sync(a.x, 2, m, n, k,
                         c == 0   ? 0
                         : c == 7 ? 5
                         : c == 4 ? 4
                         : k == 8 ? 2
                                  : 0,
                         c, mptr, ldm, layout == mem_col_major ? 1 : 0);
}

template <int m, int n, int k, class T>
__attribute__((always_inline)) inline void
store_matrix_sync(typename fragment<accumulator, m, n, k, T>::storage_element_type *mptr,
                  const fragment<accumulator, m, n, k, T> &a, unsigned ldm, layout_t layout) {
  constexpr int c = __warpsim::type_of<T>::code;
  warpsim_wmma_store_sync(mptr, a.x, m, n, k,
                          c == 0   ? 0
                          : c == 7 ? 5
                          : c == 4 ? 4
                          : k == 8 ? 2
                                   : 0,
                          c, ldm, layout == mem_col_major ? 1 : 0);
}

template <int m, int n, int k, class Tab, class La, class Lb, class Tc>
__attribute__((always_inline)) inline void
mma_sync(fragment<accumulator, m, n, k, Tc> &d, const fragment<matrix_a, m, n, k, Tab, La> &a,
         const fragment<matrix_b, m, n, k, Tab, Lb> &b, const fragment<accumulator, m, n, k, Tc> &c,
         bool satf = false) {
  constexpr int tc = __warpsim::type_of<Tc>::code, tab = __warpsim::type_of<Tab>::code;
  static_assert((tab == 0 && (tc == 0 || tc == 3)) || ((tab == 1 || tab == 2) && tc == 3) ||
                    ((tab == 5 || tab == 6) && tc == 7) || (tab == 4 && tc == 4),
                "warpsim: this wmma accumulator type does not go with the inputs (f16: half or "
                "float; bf16, tf32: float; s8/u8: int; double: double)");
  warpsim_wmma_mma_sync(d.x, a.x, b.x, c.x, m, n, k, tab, tc, satf ? 1 : 0);
}

} // namespace wmma
} // namespace nvcuda
