// layout_tensor.h — a small, header-only stand-in for Mojo's LayoutTensor,
// used by the "_layout" puzzle variants in kernels/.
//
//   LayoutTensor<float, RowMajor<ROWS, COLS>> t(ptr);   // 2-D, row-major
//   LayoutTensor<float, RowMajor<N>>          v(ptr);   // 1-D
//   t(r, c) = ...;  v(i) = ...;  t.size();  t.dim(0);
//
// A LayoutTensor is a non-owning view: it holds one pointer (global, shared or
// host memory) and maps indices to offsets through a compile-time layout. It
// is trivially copyable, so it can be passed to a kernel by value. Every
// member is __host__ __device__; nothing here needs a CUDA header beyond what
// nvcc (and warpsim's prelude) include automatically. Indices are not
// bounds-checked: the kernels guard them, as the puzzles teach.
#pragma once

// Allow the header to be compiled by a plain C++ compiler (host tests).
#if !defined(__CUDACC__)
#ifndef __host__
#define __host__
#endif
#ifndef __device__
#define __device__
#endif
#endif

// Row-major layout with compile-time extents. Rank 1 and rank 2 are provided.
template <int... Dims>
struct RowMajor;

template <int N>
struct RowMajor<N> {
  static_assert(N > 0, "extent must be positive");
  static constexpr int rank = 1;
  __host__ __device__ static constexpr int size() { return N; }
  __host__ __device__ static constexpr int dim(int i) { return i == 0 ? N : 1; }
  __host__ __device__ static constexpr int stride(int i) { return i == 0 ? 1 : 0; }
  __host__ __device__ static constexpr int offset(int i) { return i; }
};

template <int ROWS, int COLS>
struct RowMajor<ROWS, COLS> {
  static_assert(ROWS > 0 && COLS > 0, "extents must be positive");
  static constexpr int rank = 2;
  __host__ __device__ static constexpr int size() { return ROWS * COLS; }
  __host__ __device__ static constexpr int dim(int i) {
    return i == 0 ? ROWS : (i == 1 ? COLS : 1);
  }
  __host__ __device__ static constexpr int stride(int i) {
    return i == 0 ? COLS : (i == 1 ? 1 : 0);
  }
  __host__ __device__ static constexpr int offset(int r, int c) {
    return r * COLS + c;
  }
};

template <typename T, typename Layout>
class LayoutTensor {
 public:
  using value_type = T;
  using layout_type = Layout;
  static constexpr int rank = Layout::rank;

  __host__ __device__ explicit LayoutTensor(T *ptr) : ptr_(ptr) {}

  // Element access: t(i) for rank 1, t(r, c) for rank 2.
  __host__ __device__ T &operator()(int i) const {
    static_assert(Layout::rank == 1, "t(i) needs a rank-1 layout");
    return ptr_[Layout::offset(i)];
  }
  __host__ __device__ T &operator()(int r, int c) const {
    static_assert(Layout::rank == 2, "t(r, c) needs a rank-2 layout");
    return ptr_[Layout::offset(r, c)];
  }

  // Flat (linear, storage-order) access.
  __host__ __device__ T &operator[](int linear) const { return ptr_[linear]; }

  __host__ __device__ static constexpr int size() { return Layout::size(); }
  __host__ __device__ static constexpr int dim(int i) { return Layout::dim(i); }
  __host__ __device__ static constexpr int stride(int i) { return Layout::stride(i); }
  __host__ __device__ T *data() const { return ptr_; }

 private:
  T *ptr_;
};
