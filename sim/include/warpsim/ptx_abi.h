// Inline PTX as the front end rewrites it: `asm volatile("tmpl" : outs :
// ins)` becomes `::warpsim::ptx_exec(site, ::warpsim::ptx_out<'r'>(x), ...,
// ::warpsim::ptx_in<'r'>(y), ...)`, operands in the asm's %N order. The
// runtime parses the template once per site (model/Ptx.h: the same parse
// that accepted it at compile time) and executes it on the calling lane.
#pragma once

#include <cstdint>
#include <cstring>
#include <type_traits>

namespace warpsim {

// One asm statement; the runtime caches its parse in `program`.
struct PtxAsm {
  const char *text;
  const void *program = nullptr;
};

// One operand: its register's value; an output's variable and store; an input's variable (src).
struct PtxArg {
  std::uint64_t bits = 0;
  void *ptr = nullptr;
  void (*store)(void *, std::uint64_t) = nullptr;
  const void *src = nullptr;
};

namespace ptx_detail {
template <char C> constexpr unsigned width() {
  return C == 'h' ? 16 : (C == 'l' || C == 'd') ? 64 : C == 'c' ? 8 : 32;
}
template <class T> std::uint64_t bitsOf(const T &v) {
  if constexpr (std::is_pointer_v<T>) {
    return reinterpret_cast<std::uintptr_t>(v);
  } else if constexpr (std::is_floating_point_v<T>) {
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof v);
    return b;
  } else if constexpr (std::is_enum_v<T>) {
    return static_cast<std::uint64_t>(v);
  } else if constexpr (std::is_integral_v<T> && std::is_signed_v<T>) {
    return static_cast<std::uint64_t>(static_cast<std::int64_t>(v));
  } else if constexpr (std::is_integral_v<T>) {
    return static_cast<std::uint64_t>(v);
  } else {
    static_assert(sizeof(T) <= 8 && std::is_trivially_copyable_v<T>,
                  "warpsim: an inline PTX operand must be a scalar of at most 8 bytes");
    std::uint64_t b = 0;
    std::memcpy(&b, &v, sizeof v);
    return b;
  }
}
template <class T> void storeTo(void *p, std::uint64_t bits) {
  T &x = *static_cast<T *>(p);
  if constexpr (std::is_pointer_v<T>)
    x = reinterpret_cast<T>(static_cast<std::uintptr_t>(bits));
  else if constexpr (std::is_integral_v<T> || std::is_enum_v<T>)
    x = static_cast<T>(bits);
  else
    std::memcpy(&x, &bits, sizeof(T));
}
} // namespace ptx_detail

template <char C, class T> PtxArg ptx_in(const T &v) {
  std::uint64_t b = ptx_detail::bitsOf(v);
  if constexpr (ptx_detail::width<C>() < 64)
    b &= (std::uint64_t{1} << ptx_detail::width<C>()) - 1;
  return PtxArg{b, nullptr, nullptr, &v};
}
template <char C, class T> PtxArg ptx_out(T &v) {
  return PtxArg{0, const_cast<std::remove_cv_t<T> *>(&v),
                &ptx_detail::storeTo<std::remove_cv_t<T>>};
}
template <char C, class T> PtxArg ptx_inout(T &v) {
  PtxArg a = ptx_out<C>(v);
  a.bits = ptx_in<C>(v).bits;
  return a;
}

} // namespace warpsim

extern "C" void warpsim_ptx_exec(warpsim::PtxAsm *site, warpsim::PtxArg *args, unsigned count,
                                 const void *pc);

namespace warpsim {
// Out of line, so that its return address is the asm statement's line.
template <class... A> [[gnu::noinline]] void ptx_exec(PtxAsm &site, A... args) {
  PtxArg list[sizeof...(A) + 1] = {args...};
  warpsim_ptx_exec(&site, list, sizeof...(A), __builtin_return_address(0));
}
} // namespace warpsim
