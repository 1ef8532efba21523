#!/usr/bin/env bash
# CTest projects.cmake_cuda: configures tests/projects/cmake_cuda (LANGUAGES
# CXX CUDA) with -DCMAKE_CUDA_COMPILER=<build>/sim/warpsim-nvcc, so that
# CMake's CUDA compiler identification must pass, builds it, runs the
# program alone, and checks it with `warpsim check --exec`: clean, then the
# race of --racy, reported in the library's unit (histogram.cu).
#   check-cmake.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
warpsim=$build/sim/warpsim
tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-cmake.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-cmake: FAIL: $*" >&2; exit 1; }
project=$source_dir/tests/projects/cmake_cuda

# The project's C++ is compiled by clang++-19 as a host compiler would.
cmake -S "$project" -B "$tmp/b" -DCMAKE_CUDA_COMPILER="$build/sim/warpsim-nvcc" \
  -DCMAKE_CXX_COMPILER=clang++-19 -DCMAKE_BUILD_TYPE=Release >"$tmp/configure.log" 2>&1 ||
  { cat "$tmp/configure.log"; cat "$tmp/b/CMakeFiles/CMakeError.log" 2>/dev/null | tail -50; fail "configure failed"; }
cat "$tmp/configure.log"
grep -q "The CUDA compiler identification is NVIDIA 13\.0" "$tmp/configure.log" ||
  fail "CMake did not identify warpsim-nvcc as nvcc 13.0"
grep -q "Check for working CUDA compiler: .*warpsim-nvcc - skipped\|Detecting CUDA compiler ABI info - done" "$tmp/configure.log" ||
  fail "CMake did not detect the CUDA compiler's ABI"
cmake --build "$tmp/b" >"$tmp/build.log" 2>&1 || { cat "$tmp/build.log"; fail "build failed"; }
cat "$tmp/build.log"

"$tmp/b/app" >"$tmp/run.out" 2>"$tmp/run.err" || { cat "$tmp/run.out" "$tmp/run.err"; fail "app failed alone"; }
cat "$tmp/run.out"
grep -qxF "bins: 69 69 69 69 70 59 60 59 60 59 59 60 59 60 59 60" "$tmp/run.out" || fail "wrong bins"
grep -qxF "PASSED" "$tmp/run.out" || fail "not PASSED"
grep -qxF "total (cuBLAS): 1000" "$tmp/run.out" || fail "cuBLAS (CUDA::cublas) did not sum the bins"
grep -q "Found CUDAToolkit: .*/include (found version \"13\.0" "$tmp/configure.log" ||
  fail "find_package(CUDAToolkit) did not find warpsim-nvcc's toolkit"

"$warpsim" check --exec "$tmp/b/app" >"$tmp/check.out" 2>&1 || { cat "$tmp/check.out"; fail "check of the clean run"; }
grep -q "warpsim: 0 errors" "$tmp/check.out" || { cat "$tmp/check.out"; fail "clean run not clean"; }
line=$(grep -n 'bins\[in\[i\] % kBins\] += 1;' "$project/histogram.cu" | cut -d: -f1)
status=0
"$warpsim" check --exec "$tmp/b/app" -- --racy >"$tmp/race.out" 2>&1 || status=$?
cat "$tmp/race.out"
[ "$status" -eq 3 ] || fail "check --exec app -- --racy exited $status, expected 3"
grep -qE "ERROR \[race\].*kernel 'countKernelRacy'" "$tmp/race.out" || fail "no race in countKernelRacy"
grep -qE "histogram\.cu:$line:" "$tmp/race.out" || fail "the race is not reported at histogram.cu:$line"
echo "check-cmake: OK"
