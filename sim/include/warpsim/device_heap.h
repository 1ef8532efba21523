// The device heap as device code sees it. The front end rewrites, in the
// bodies of __global__ and __device__ functions only:
//   malloc(n)        ->  ::warpsim_device_malloc(n)
//   free(p)          ->  ::warpsim_device_free(p)
//   new T(args)      ->  new (::warpsim::device_heap) T(args)
//   delete p         ->  ::warpsim_device_free(::warpsim::destroy_for_delete(p))
//   delete[] p       ->  ::warpsim_device_free(::warpsim::destroy_array_for_delete(p))
// so that host code keeps the C++ heap. Each call is made from the user's
// line, which is the site a report names.
#pragma once

#include <cstddef>
#include <type_traits>

extern "C" void *warpsim_device_malloc(std::size_t size);
extern "C" void warpsim_device_free(void *p);

namespace warpsim {
struct DeviceHeapTag {};
inline constexpr DeviceHeapTag device_heap{};
} // namespace warpsim

// noexcept: a failed allocation yields nullptr and no constructor runs, as
// device `new` does on a GPU.
void *operator new(std::size_t size, warpsim::DeviceHeapTag) noexcept;
void *operator new[](std::size_t size, warpsim::DeviceHeapTag) noexcept;
void operator delete(void *p, warpsim::DeviceHeapTag) noexcept;
void operator delete[](void *p, warpsim::DeviceHeapTag) noexcept;

namespace warpsim {

// `delete p`: runs the destructor and returns what to free (the most-derived
// object's start, as the deleting destructor would).
template <class T> void *destroy_for_delete(T *p) noexcept {
  if (p == nullptr)
    return nullptr;
  void *start;
  if constexpr (std::is_polymorphic_v<T>)
    start = const_cast<void *>(dynamic_cast<const volatile void *>(p));
  else
    start = const_cast<void *>(static_cast<const volatile void *>(p));
  if constexpr (!std::is_trivially_destructible_v<T>)
    p->~T();
  return start;
}

// `delete[] p`: destroys the elements in reverse order and returns the start
// of the allocation: for element types with a non-trivial destructor the
// Itanium C++ ABI put a cookie holding the count before the array.
template <class T> void *destroy_array_for_delete(T *p) noexcept {
  using U = std::remove_cv_t<T>;
  if (p == nullptr)
    return nullptr;
  U *a = const_cast<U *>(p);
  if constexpr (std::is_trivially_destructible_v<U>) {
    return static_cast<void *>(a);
  } else {
    constexpr std::size_t cookie =
        alignof(U) > sizeof(std::size_t) ? alignof(U) : sizeof(std::size_t);
    char *start = reinterpret_cast<char *>(a) - cookie;
    const std::size_t n = *reinterpret_cast<std::size_t *>(start + cookie - sizeof(std::size_t));
    for (std::size_t i = n; i-- > 0;)
      a[i].~U();
    return start;
  }
}

} // namespace warpsim
