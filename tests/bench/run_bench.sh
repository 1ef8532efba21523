#!/usr/bin/env bash
# warpsim benchmark: native C++ baseline vs `warpsim run` on the same kernels.
#
#   run_bench.sh <path/to/warpsim> <build-dir> [path/to/bench_native]
#
# Runs bench_native (default <build-dir>/tests/bench/bench_native) once, then
# `warpsim run` on vector_add.cu and block_reduce.cu, timing each warpsim run
# as a whole process with `date +%s.%N` (so its time includes process start,
# host-side set-up of the 1M-element inputs, copies and the self-check).
# Prints a table: kernel, native ms, warpsim ms, slowdown, and, when the
# program prints them:
#   kernel_ms=X          (the .cu's own cudaEvent timing of the launch)
#   warpsim: events=N    (warpsim's event count) -> events/s = N / wall time
# Nothing here asserts a timing; the script fails only if a program fails.
set -u

if [ $# -lt 2 ]; then
  echo "usage: $0 <warpsim-binary> <build-dir> [bench_native-binary]" >&2
  exit 2
fi
WARPSIM=$1
BUILD=$2
NATIVE=${3:-$BUILD/tests/bench/bench_native}
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=$BUILD/warpsim-cache

for f in "$WARPSIM" "$NATIVE"; do
  if [ ! -x "$f" ]; then
    echo "run_bench.sh: not an executable: $f" >&2
    exit 2
  fi
done

status=0

echo "== native baseline: $NATIVE"
native_out=$("$NATIVE") || status=1
echo "$native_out"
native_ms() { echo "$native_out" | sed -n "s/^$1_native_ms=//p" | head -n1; }

# Median of three runs per kernel and schedule; warpsim's own --timing is the
# host time spent inside launches (so compile, process start and the
# program's host-side set-up are not counted).
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
declare -A KMS EVENTS
for k in vector_add block_reduce; do
  src=$HERE/$k.cu
  "$WARPSIM" build "$src" --cache-dir "$CACHE" >/dev/null 2>&1 || true
  for sched in lockstep fast; do
    times=()
    for rep in 1 2 3; do
      out=$("$WARPSIM" run "$src" --cache-dir "$CACHE" --schedule "$sched" --timing 2>&1)
      rc=$?
      if [ $rc -ne 0 ] || ! echo "$out" | grep -q '^PASS'; then
        echo "run_bench.sh: $k failed under warpsim --schedule $sched (rc=$rc)" >&2
        echo "$out" >&2
        status=1
      fi
      times+=("$(echo "$out" | sed -n 's/.*warpsim: kernel time \([0-9.]*\) ms.*/\1/p' | tail -n1)")
      EVENTS[$k]=$(echo "$out" | sed -n 's/.*events=\([0-9][0-9]*\).*/\1/p' | tail -n1)
    done
    KMS[$k,$sched]=$(median "${times[@]}")
  done
done

echo
printf '%-14s %10s %8s %14s %10s %12s %14s %10s\n' kernel native_ms events lockstep_ms slowdown events_per_s fast_ms slowdown
for k in vector_add block_reduce; do
  n=$(native_ms "$k")
  l=${KMS[$k,lockstep]}
  f=${KMS[$k,fast]}
  e=${EVENTS[$k]}
  printf '%-14s %10s %8s %14s %10s %12s %14s %10s\n' "$k" "$n" "$e" "$l" \
    "$(awk -v a="$l" -v b="$n" 'BEGIN { printf "%.0fx", a / b }')" \
    "$(awk -v e="$e" -v a="$l" 'BEGIN { printf "%.3g", e / (a / 1000) }')" \
    "$f" "$(awk -v a="$f" -v b="$n" 'BEGIN { printf "%.0fx", a / b }')"
done
echo "(native_ms: the same kernel bodies as plain C++ loops, best of 5; *_ms: warpsim's host"
echo " time inside the launch, median of 3; events: memory accesses + barrier arrivals)"
exit $status
