// puzzle.h — host-side helpers shared by the puzzle programs in kernels/.
// Header-only, plain CUDA C++17: builds with nvcc and with warpsim.
//
//   CUDA_CHECK(call)       on error prints `file:line: CUDA error NAME: STRING`
//                          to stderr and exits 1
//   CUDA_CHECK_LAUNCH()    checks the last launch, then synchronises
//   DeviceBuffer<T>        owns n device elements (cudaMalloc/cudaFree);
//                          zero-filled, or a copy of a host array
//   print_array / print_value   `out: [10, 11]` / `out: 140`
//   check_equal(got, expected, n)   exact comparison; returns the mismatches
//   check_close(label, got, ref, n, atol, rtol)   tolerance comparison against
//                          a (double or float) reference; prints the max abs
//                          diff; returns the mismatches
//   check_close(got, expected, n, atol, rtol)     the same, labelled `out`
//   device_warp_size()     warpSize of the current device (32, or 64 under
//                          `warpsim run --warp-size 64`)
//   finish(mismatches)     prints PASS (returns 0) or FAIL (returns 1)
//   puzzle_output(name, values, n)  with WARPSIM_OUTPUT_FILE set, appends
//                          `name n v0 v1 ...` (%.9g) to that file
//   check_output(name, got, expected, n)  the usual ending: print both
//                          arrays, puzzle_output, check_equal
#pragma once

#include <cmath>
#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CUDA_CHECK(call)                                                     \
  do {                                                                       \
    cudaError_t err_ = (call);                                               \
    if (err_ != cudaSuccess) {                                               \
      std::fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__, \
                   cudaGetErrorName(err_), cudaGetErrorString(err_));        \
      std::exit(1);                                                          \
    }                                                                        \
  } while (0)

// After a <<<...>>> launch: launch errors, then errors while it ran.
#define CUDA_CHECK_LAUNCH()                 \
  do {                                      \
    CUDA_CHECK(cudaGetLastError());         \
    CUDA_CHECK(cudaDeviceSynchronize());    \
  } while (0)

// n elements of device memory, freed when it goes out of scope.
template <typename T>
class DeviceBuffer {
public:
  // Zero-filled.
  explicit DeviceBuffer(std::size_t n) : n_(n) {
    CUDA_CHECK(cudaMalloc(&ptr_, bytes()));
    CUDA_CHECK(cudaMemset(ptr_, 0, bytes()));
  }
  // A copy of host[0..n).
  DeviceBuffer(const T *host, std::size_t n) : n_(n) {
    CUDA_CHECK(cudaMalloc(&ptr_, bytes()));
    upload(host);
  }
  ~DeviceBuffer() { CUDA_CHECK(cudaFree(ptr_)); }
  DeviceBuffer(const DeviceBuffer &) = delete;
  DeviceBuffer &operator=(const DeviceBuffer &) = delete;

  T *data() const { return ptr_; }
  std::size_t size() const { return n_; }
  std::size_t bytes() const { return n_ * sizeof(T); }

  void upload(const T *host) {
    CUDA_CHECK(cudaMemcpy(ptr_, host, bytes(), cudaMemcpyHostToDevice));
  }
  void download(T *host) const {
    CUDA_CHECK(cudaMemcpy(host, ptr_, bytes(), cudaMemcpyDeviceToHost));
  }

private:
  T *ptr_ = nullptr;
  std::size_t n_ = 0;
};

// `label: [v0, v1, ...]`
inline void print_array(const char *label, const float *v, int n) {
  std::printf("%s: [", label);
  for (int i = 0; i < n; ++i) std::printf(i ? ", %g" : "%g", v[i]);
  std::printf("]\n");
}

// `label: v` (a one-value result, such as a dot product)
inline void print_value(const char *label, float v) {
  std::printf("%s: %g\n", label, v);
}

namespace puzzle_detail {
// How many values check_equal and check_close have compared so far (for
// finish's FAIL line).
inline int &values_checked() {
  static int count = 0;
  return count;
}
} // namespace puzzle_detail

// Exact comparison: every expected value is a small integer. Prints the first
// 8 mismatches; returns how many values differ.
inline int check_equal(const float *got, const float *expected, int n) {
  int bad = 0;
  for (int i = 0; i < n; ++i) {
    if (got[i] != expected[i]) {
      if (bad < 8)
        std::printf("mismatch at %d: got %g, expected %g\n", i, got[i], expected[i]);
      ++bad;
    }
  }
  puzzle_detail::values_checked() += n;
  return bad;
}

// Tolerance comparison against a reference (computed on the CPU, usually in
// double): element i passes when |got - ref| <= atol + rtol * |ref| (NaN
// fails). Prints the first 8 mismatches and then
// `label: max abs diff D (atol A, rtol R)`; returns how many values fail.
// Counts into the same totals as check_equal (finish's FAIL line).
namespace puzzle_detail {
template <typename Ref>
inline int check_close_impl(const char *label, const float *got, const Ref *ref, int n,
                            double atol, double rtol) {
  int bad = 0;
  double max_diff = 0.0;
  for (int i = 0; i < n; ++i) {
    double r = double(ref[i]);
    double diff = std::fabs(double(got[i]) - r);
    if (diff > max_diff || diff != diff)
      max_diff = diff;
    if (!(diff <= atol + rtol * std::fabs(r))) {
      if (bad < 8)
        std::printf("mismatch %s[%d]: got %.9g, expected %.9g\n", label, i, got[i], r);
      ++bad;
    }
  }
  std::printf("%s: max abs diff %.3g (atol %g, rtol %g)\n", label, max_diff, atol, rtol);
  values_checked() += n;
  return bad;
}
} // namespace puzzle_detail

inline int check_close(const char *label, const float *got, const double *ref, int n,
                       double atol, double rtol) {
  return puzzle_detail::check_close_impl(label, got, ref, n, atol, rtol);
}
inline int check_close(const char *label, const float *got, const float *ref, int n,
                       double atol, double rtol) {
  return puzzle_detail::check_close_impl(label, got, ref, n, atol, rtol);
}
// Short form for the output buffer `out` against float expected values.
inline int check_close(const float *got, const float *expected, int n, double atol,
                       double rtol) {
  return puzzle_detail::check_close_impl("out", got, expected, n, atol, rtol);
}

// warpSize of the current device, for programs written for any warp size:
// 32 on NVIDIA GPUs; warpsim reports what --warp-size / --arch chose.
inline int device_warp_size() {
  int dev = 0;
  CUDA_CHECK(cudaGetDevice(&dev));
  cudaDeviceProp prop;
  CUDA_CHECK(cudaGetDeviceProperties(&prop, dev));
  return prop.warpSize;
}

// Prints PASS and returns 0, or prints FAIL and returns 1: main's exit code.
inline int finish(int mismatches) {
  if (mismatches) {
    std::printf("FAIL: %d of %d values wrong\n", mismatches,
                puzzle_detail::values_checked());
    return 1;
  }
  std::printf("PASS\n");
  return 0;
}

// With WARPSIM_OUTPUT_FILE set, appends the line `name n v0 v1 ...` (values
// as %.9g, enough to round-trip a float) to that file; otherwise does nothing.
inline void puzzle_output(const char *name, const float *host_values, std::size_t n) {
  const char *path = std::getenv("WARPSIM_OUTPUT_FILE");
  if (!path || !*path) return;
  std::FILE *f = std::fopen(path, "a");
  if (!f) {
    std::fprintf(stderr, "puzzle_output: cannot open WARPSIM_OUTPUT_FILE '%s'\n", path);
    std::exit(1);
  }
  std::fprintf(f, "%s %zu", name, n);
  for (std::size_t i = 0; i < n; ++i) std::fprintf(f, " %.9g", host_values[i]);
  std::fprintf(f, "\n");
  std::fclose(f);
}

// The usual ending of a puzzle's main, for an output array `name`:
//   name: [...]  /  expected: [...]  /  puzzle_output  /  check_equal.
// Returns the mismatches, for finish().
inline int check_output(const char *name, const float *got, const float *expected, int n) {
  print_array(name, got, n);
  print_array("expected", expected, n);
  puzzle_output(name, got, static_cast<std::size_t>(n));
  return check_equal(got, expected, n);
}

// Deterministic inputs, identical under nvcc and warpsim: a 64-bit LCG
// (Knuth's MMIX constants) and the Box–Muller transform in double precision.
struct Lcg {
  unsigned long long state;
  explicit Lcg(unsigned long long seed) : state(seed) {}
  unsigned next_u32() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    return unsigned(state >> 32);
  }
  double uniform() { return (next_u32() + 0.5) / 4294967296.0; } // in (0, 1)
  double normal() {
    double u1 = uniform(), u2 = uniform();
    return std::sqrt(-2.0 * std::log(u1)) * std::cos(6.283185307179586 * u2);
  }
};
