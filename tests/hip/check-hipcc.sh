#!/usr/bin/env bash
# CTest hip.hipcc: warpsim hipcc (and the warpsim-hipcc link) builds HIP
# programs as hipcc does, objects and links included, and what it builds runs
# alone at 64 lanes and under `warpsim check --exec`; `warpsim run` takes a
# .cpp file that includes hip/hip_runtime.h as HIP; what HIP mode refuses is
# one message each (docs/hip.md).
#   check-hipcc.sh BUILD_DIR SOURCE_DIR(tests/hip)
set -euo pipefail
build=$(cd "$1" && pwd)
src=$(cd "$2" && pwd)
warpsim=$build/sim/warpsim
hipcc=$build/sim/warpsim-hipcc
tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-hipcc.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
export WARPSIM_CACHE_DIR=$tmp/cache
fail() { echo "check-hipcc: FAIL: $*" >&2; exit 1; }
cd "$tmp"

# (outputs go to files first: grep -q ends early, and pipefail would see the
# writer's SIGPIPE)
"$hipcc" --version >v.txt && grep -q "^HIP version: 6\.2\.0" v.txt || fail "--version"
"$warpsim" hipcc --version >v.txt && grep -q "^HIP version:" v.txt || fail "warpsim hipcc --version"

refused() { # exit-status expected-text, args...
  local want_status=$1 want=$2; shift 2
  local status=0
  "$hipcc" "$@" >out.txt 2>&1 || status=$?
  [ "$status" -eq "$want_status" ] || { cat out.txt; fail "'$*' exited $status, expected $want_status"; }
  grep -qF -- "$want" out.txt || { cat out.txt; fail "'$*' does not say '$want'"; }
}
cp "$src/vector_add.hip" va.hip
refused 2 "offload architecture 'gfx90a' is not simulated (warpsim simulates gfx942)" --offload-arch=gfx90a va.hip
refused 2 "-S: warpsim simulates HIP C++ on the CPU and produces no assembly" -S va.hip
refused 2 "unknown option '--frobnicate'" --frobnicate va.hip
refused 2 "-std=c++14: warpsim compiles HIP C++ as C++17 or C++20" -std=c++14 va.hip

# Objects, then a link; the program runs alone (no WARPSIM_OPTIONS) at the
# architecture it was built for.
"$hipcc" --offload-arch=gfx942:sramecc+:xnack- -O3 -g -fgpu-rdc -c va.hip -o va.o || fail "-c"
"$hipcc" -fgpu-rdc --hip-link va.o -o va || fail "link"
./va >va.txt 2>/dev/null && grep -qxF "vector_add: n=1000 c[1]=1.5 c[999]=1498.5 mismatches=0" va.txt || fail "va's output"
# A .cpp source is HIP for hipcc; the program names its architecture.
cp "$src/device_props.hip" props.cpp
"$hipcc" -std=c++17 props.cpp -o props || fail "props.cpp"
./props >props.txt 2>/dev/null && grep -qF "ws: warpSize=64 multiProcessorCount=304" props.txt || fail "props alone: not cdna3"
"$warpsim" check --exec ./props >check.txt 2>&1 || { cat check.txt; fail "check --exec"; }
grep -qF "ws: device code: __HIP_DEVICE_COMPILE__=1 __CUDA_ARCH__=0 warpSize=64" check.txt || { cat check.txt; fail "check --exec: not at 64 lanes"; }
grep -qF "========= warpsim: 0 errors, 0 warnings" check.txt || { cat check.txt; fail "check --exec: findings"; }
# --arch still decides when given.
"$warpsim" run --exec ./props --arch sm_90 >props32.txt 2>&1 && grep -qF "ws: warpSize=32" props32.txt || fail "--exec --arch sm_90"

# The classic porting bug, built by hipcc and checked: the race at its line.
cp "$src/checks/race_warp_tail32.hip" race.hip
"$hipcc" race.hip -o race || fail "race.hip"
status=0
"$warpsim" check --exec ./race >race.txt 2>&1 || status=$?
[ "$status" -eq 3 ] || { cat race.txt; fail "check --exec ./race exited $status, expected 3"; }
grep -q "RAW hazard on shared memory .*same warp with no __syncwarp() between" race.txt || { cat race.txt; fail "the race's reason"; }
grep -q "race.hip:27:" race.txt || { cat race.txt; fail "the race's line"; }

# warpsim run: a .cpp that includes hip/hip_runtime.h is HIP.
cp "$src/wave_reduce.hip" reduce.cpp
"$warpsim" run reduce.cpp >run.txt 2>&1 || { cat run.txt; fail "run reduce.cpp"; }
grep -qF "ws: warpSize=64 wavefronts per block=4" run.txt || { cat run.txt; fail "reduce.cpp not HIP"; }

# Refused constructs: one located error each, exit 4.
cat >asm.hip <<'HIP'
#include <hip/hip_runtime.h>
__global__ void k(int *o) {
  asm volatile("s_nop 0");
  o[0] = 1;
}
int main() { return 0; }
HIP
status=0
"$warpsim" run asm.hip >asm.txt 2>&1 || status=$?
[ "$status" -eq 4 ] || { cat asm.txt; fail "AMD asm exited $status, expected 4"; }
grep -q "^asm.hip:3:3: error: AMD GPU inline assembly is not supported by warpsim ('s_nop 0')" asm.txt || { cat asm.txt; fail "AMD asm message"; }
status=0
"$hipcc" -c asm.hip -o asm.o >asm2.txt 2>&1 || status=$?
[ "$status" -eq 4 ] || { cat asm2.txt; fail "hipcc AMD asm exited $status, expected 4"; }
cat >swizzle.hip <<'HIP'
#include <hip/hip_runtime.h>
__global__ void k(int *o) {
  o[threadIdx.x] = __builtin_amdgcn_ds_swizzle(o[threadIdx.x], 0x1f);
}
int main() { return 0; }
HIP
status=0
"$warpsim" run swizzle.hip >swizzle.txt 2>&1 || status=$?
[ "$status" -eq 4 ] || { cat swizzle.txt; fail "ds_swizzle exited $status, expected 4"; }
grep -q "^swizzle.hip:3:20: error: .*__builtin_amdgcn_ds_swizzle" swizzle.txt || { cat swizzle.txt; fail "ds_swizzle message"; }
# A 32-bit mask in a _sync function: refused at compile time, as hipcc does.
cat >mask32.hip <<'HIP'
#include <hip/hip_runtime.h>
__global__ void k(int *o) {
  int v = o[threadIdx.x];
  v += __shfl_down_sync(0xffffffff, v, 16);
  o[threadIdx.x] = v;
}
int main() { return 0; }
HIP
status=0
"$warpsim" run mask32.hip >mask32.txt 2>&1 || status=$?
[ "$status" -eq 4 ] || { cat mask32.txt; fail "32-bit mask exited $status, expected 4"; }
grep -q "error: .*The mask must be a 64-bit integer" mask32.txt || { cat mask32.txt; fail "32-bit mask message"; }
grep -q "^mask32.hip:4:8: note: in instantiation" mask32.txt || { cat mask32.txt; fail "32-bit mask location"; }
echo "check-hipcc: OK"
