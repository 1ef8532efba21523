#!/usr/bin/env bash
# The instrumentation's effect on speed: tests/bench/block_reduce.cu (and the
# vector add) built with today's TSan hooks at -O0 and with the value-carrying
# pass at -O0, -O1 and -O2, each run REPS times (default 5) by `warpsim run
# --timing` (host time inside the launch) and `warpsim check --timing`; prints
# the median of each and its ratio to tsan -O0. Nothing is asserted.
#   run_instrumentation_bench.sh <path/to/warpsim> <cache-dir> [reps]
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 <warpsim-binary> <cache-dir> [reps]" >&2
  exit 2
fi
WARPSIM=$1 CACHE=$2 REPS=${3:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
configs=("tsan 0" "values 0" "values 1" "values 2")
status=0
printf '| kernel | command | %s |\n' "tsan -O0 | values -O0 | values -O1 | values -O2"
printf '|---|---|---|---|---|---|\n'
for k in block_reduce vector_add; do
  for cmd in run check; do
    row="| $k | $cmd |"
    base=""
    for c in "${configs[@]}"; do
      set -- $c
      export WARPSIM_INSTRUMENTATION=$1 WARPSIM_OPT_LEVEL=$2
      "$WARPSIM" build "$HERE/$k.cu" --cache-dir "$CACHE" >/dev/null 2>&1
      times=()
      for _ in $(seq "$REPS"); do
        out=$("$WARPSIM" "$cmd" "$HERE/$k.cu" --cache-dir "$CACHE" --timing 2>&1)
        if ! echo "$out" | grep -q '^PASS'; then
          echo "$k failed ($cmd, $c):" >&2
          echo "$out" >&2
          status=1
        fi
        times+=("$(echo "$out" | sed -n 's/.*warpsim: kernel time \([0-9.]*\) ms.*/\1/p' | tail -n1)")
      done
      m=$(median "${times[@]}")
      [ -z "$base" ] && base=$m
      row="$row $m ms ($(awk -v a="$m" -v b="$base" 'BEGIN { printf "%.2f", a / b }')) |"
    done
    echo "$row"
  done
done
exit $status
