#!/usr/bin/env bash
# CTest projects.make_multi: builds tests/projects/make_multi, unchanged, with
#   make NVCC="<build>/sim/warpsim nvcc"
# (each unit compiled on its own with -rdc=true, a static library of device
# code, a device link step, a host C++ unit), runs the program alone, and
# checks it with `warpsim check --exec`: clean, then with the race that
# --race launches, reported at the second unit's file:line.
#   check-make.sh BUILD_DIR SOURCE_DIR
set -euo pipefail
build=$(cd "$1" && pwd)
source_dir=$(cd "$2" && pwd)
warpsim=$build/sim/warpsim
tmp=$(mktemp -d "${TMPDIR:-/tmp}/warpsim-make.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
fail() { echo "check-make: FAIL: $*" >&2; exit 1; }

cp -r "$source_dir/tests/projects/make_multi" "$tmp/project"
cd "$tmp/project"
make NVCC="$warpsim nvcc" BUILD="$tmp/out" >"$tmp/make.log" 2>&1 || { cat "$tmp/make.log"; fail "make failed"; }
cat "$tmp/make.log"
[ -x "$tmp/out/multi" ] || fail "no program $tmp/out/multi"
# Nothing left to do: the objects are newer than their sources.
make NVCC="$warpsim nvcc" BUILD="$tmp/out" | grep -q "Nothing to be done" || fail "make rebuilt an up-to-date project"

# Alone, as nvcc's program would run.
"$tmp/out/multi" >"$tmp/run.out" 2>"$tmp/run.err" || { cat "$tmp/run.out" "$tmp/run.err"; fail "the program failed alone"; }
cat "$tmp/run.out"
for line in "scale: 0 of 256 elements differ" "launches counted on the device: 2" \
            "weighted sum = 182\.42[0-9]* \(ok\)" "PASSED"; do
  grep -qxE "$line" "$tmp/run.out" || fail "missing output line '$line'"
done
if grep -q '"type":"finding"' "$tmp/run.err"; then cat "$tmp/run.err"; fail "findings in a clean run"; fi

# Under warpsim check: the clean run, then the race in src/kernels/sum.cu.
"$warpsim" check --exec "$tmp/out/multi" >"$tmp/check.out" 2>&1 || { cat "$tmp/check.out"; fail "check of the clean run"; }
grep -q "warpsim: 0 errors" "$tmp/check.out" || { cat "$tmp/check.out"; fail "clean run not clean"; }
line=$(grep -n '\*out += x\[t\]' src/kernels/sum.cu | cut -d: -f1)
status=0
"$warpsim" check --exec "$tmp/out/multi" -- --race >"$tmp/race.out" 2>&1 || status=$?
cat "$tmp/race.out"
[ "$status" -eq 3 ] || fail "check --exec ... -- --race exited $status, expected 3"
grep -qE "ERROR \[race\].*kernel 'racySumKernel'" "$tmp/race.out" || fail "no data race in racySumKernel"
grep -qE "src/kernels/sum\.cu:$line:" "$tmp/race.out" || fail "the race is not reported at src/kernels/sum.cu:$line"
if grep -qE "(main|scale)\.cu:[0-9]+:" "$tmp/race.out"; then fail "the race is reported in another unit"; fi
echo "check-make: OK"
