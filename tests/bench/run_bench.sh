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

declare -A WALL KMS EVENTS
for k in vector_add block_reduce; do
  src=$HERE/$k.cu
  # Warm the compile cache first, so the timed run measures running, not compiling.
  "$WARPSIM" build "$src" --cache-dir "$CACHE" >/dev/null 2>&1 || true
  echo "== warpsim run $src"
  t0=$(date +%s.%N)
  out=$("$WARPSIM" run "$src" --cache-dir "$CACHE" 2>&1)
  rc=$?
  t1=$(date +%s.%N)
  echo "$out"
  if [ $rc -ne 0 ] || ! echo "$out" | grep -q '^PASS'; then
    echo "run_bench.sh: $k failed under warpsim (rc=$rc)" >&2
    status=1
  fi
  WALL[$k]=$(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.1f", (b - a) * 1000 }')
  KMS[$k]=$(echo "$out" | sed -n 's/^kernel_ms=//p' | head -n1)
  # Hook: warpsim's runtime reports `warpsim: events=N`.
  EVENTS[$k]=$(echo "$out" | sed -n 's/^warpsim: events=\([0-9][0-9]*\).*/\1/p' | head -n1)
done

echo
printf '%-14s %12s %12s %10s %18s %17s %14s\n' kernel native_ms warpsim_ms slowdown warpsim_kernel_ms kernel_slowdown events_per_s
for k in vector_add block_reduce; do
  n=$(native_ms "$k")
  w=${WALL[$k]}
  km=${KMS[$k]:--}
  slow=$(awk -v w="$w" -v n="${n:-0}" 'BEGIN { if (n > 0) printf "%.0fx", w / n; else print "-" }')
  kslow=$(awk -v w="${KMS[$k]:-0}" -v n="${n:-0}" 'BEGIN { if (n > 0 && w > 0) printf "%.0fx", w / n; else print "-" }')
  if [ -n "${EVENTS[$k]}" ]; then
    eps=$(awk -v e="${EVENTS[$k]}" -v w="$w" 'BEGIN { if (w > 0) printf "%.3g", e / (w / 1000); else print "-" }')
  else
    eps=-
  fi
  printf '%-14s %12s %12s %10s %18s %17s %14s\n' "$k" "${n:--}" "$w" "$slow" "$km" "$kslow" "$eps"
done
echo "(warpsim_ms: the whole \`warpsim run\` process; slowdown = warpsim_ms / native_ms;"
echo " warpsim_kernel_ms: the program's own cudaEvent time of the launch; kernel_slowdown = that / native_ms)"
exit $status
