#!/usr/bin/env bash
# CTest projects.nvcc_cli: nvcc's command line at its edges. --version as
# CMake reads it; an architecture warpsim does not simulate, an output it
# cannot make and an unknown option are each one message naming them (exit
# 2); a unit that does not compile is one located error (exit 4); -M writes
# the make rule; a program built from one command runs.
#   check-nvcc-cli.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
nvcc=$build/sim/warpsim-nvcc
tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-nvcc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-nvcc-cli: FAIL: $*" >&2; exit 1; }
cd "$tmp"

"$nvcc" --version | grep -q "^Cuda compilation tools, release 13\.0, V13\.0\." || fail "--version"
"$build/sim/warpsim" nvcc --version | grep -q "nvcc: NVIDIA (R) Cuda compiler driver" || fail "warpsim nvcc --version"

cat >k.cu <<'CU'
#include <cstdio>
#include "k.h"
__global__ void k(int *o) { o[threadIdx.x] = threadIdx.x * SCALE; }
int main() {
  int *d, h[4];
  cudaMalloc(&d, sizeof h);
  k<<<1, 4>>>(d);
  cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
  std::printf("%d %d %d %d\n", h[0], h[1], h[2], h[3]);
  return 0;
}
CU
echo '#define SCALE 3' >k.h
refused() { # expected-text, args...
  local want=$1; shift
  local status=0
  "$nvcc" "$@" >out.txt 2>&1 || status=$?
  [ "$status" -eq 2 ] || { cat out.txt; fail "'$*' exited $status, expected 2"; }
  [ "$(wc -l <out.txt)" -eq 1 ] || { cat out.txt; fail "'$*': more than one line"; }
  grep -qF -- "$want" out.txt || { cat out.txt; fail "'$*' does not say '$want'"; }
}
refused "architecture 'sm_35' is not simulated" -arch=sm_35 k.cu
refused "architecture 'compute_52' is not simulated" -gencode arch=compute_52,code=sm_52 k.cu
refused "-ptx: warpsim simulates CUDA C++ on the CPU and produces no PTX" -ptx k.cu
refused "unknown option '-Wall'" -Wall k.cu
refused "-std=c++14: warpsim compiles CUDA C++ as C++17 or C++20" -std=c++14 k.cu

"$nvcc" -arch=sm_80 -O3 -lineinfo -Xcompiler -Wall,-fPIC -o k k.cu >build.txt 2>&1 || { cat build.txt; fail "one-command build"; }
./k 2>/dev/null | grep -qxF "0 3 6 9" || fail "the program's output"
"$nvcc" -M k.cu -MT k.o -o k.d && grep -q "^k.o:" k.d && grep -q "k.h" k.d || fail "-M"
"$nvcc" -c -MD k.cu -o k.o && [ -f k.o ] && grep -q "k.h" k.d || fail "-MD"

printf '__global__ void bad(int *o) { o[0] = undeclared; }\n' >bad.cu
status=0
"$nvcc" -c bad.cu -o bad.o >bad.txt 2>&1 || status=$?
[ "$status" -eq 4 ] || { cat bad.txt; fail "a compile error exited $status, expected 4"; }
grep -q "^bad.cu:1:38: error: use of undeclared identifier 'undeclared'" bad.txt || { cat bad.txt; fail "the error's location"; }
echo "check-nvcc-cli: OK"
