#!/usr/bin/env bash
# The instrumentation's effect on speed: tests/bench/block_reduce.cu (and the
# vector add) built with today's TSan hooks at -O0 and with the value-carrying
# pass at -O0, -O1 (the default) and -O2, each run REPS times (default 5) by
# `warpsim run --timing` (host time inside the launch) and `warpsim check
# --timing`; prints the median of each and its ratio to tsan -O0. Nothing is
# asserted.
#   run_instrumentation_bench.sh <path/to/warpsim> <cache-dir> [reps]
set -u
if [ $# -lt 2 ]; then
  echo "usage: $0 <warpsim-binary> <cache-dir> [reps]" >&2
  exit 2
fi
WARPSIM=$1 CACHE=$2 REPS=${3:-5}
HERE=$(cd "$(dirname "$0")" && pwd)
median() { printf '%s\n' "$@" | sort -n | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
# BENCH_CONFIGS="tsan 0;values 1" measures only those (the first is the base).
IFS=';' read -r -a configs <<<"${BENCH_CONFIGS:-tsan 0;values 0;values 1;values 2}"
status=0
header=""
for c in "${configs[@]}"; do
  set -- $c
  header="$header $1 -O$2 |"
done
printf '| kernel | command |%s\n' "$header"
printf '|---|---|%s\n' "$(printf -- '---|%.0s' "${configs[@]}")"
# The configurations take turns within each repetition, so that a change in
# the machine's load falls on all of them alike.
for k in block_reduce vector_add; do
  for c in "${configs[@]}"; do
    set -- $c
    WARPSIM_INSTRUMENTATION=$1 WARPSIM_OPT_LEVEL=$2 "$WARPSIM" build "$HERE/$k.cu" \
      --cache-dir "$CACHE" >/dev/null 2>&1
  done
  for cmd in run check; do
    declare -A times=()
    for _ in $(seq "$REPS"); do
      for i in "${!configs[@]}"; do
        set -- ${configs[$i]}
        out=$(WARPSIM_INSTRUMENTATION=$1 WARPSIM_OPT_LEVEL=$2 "$WARPSIM" "$cmd" "$HERE/$k.cu" \
          --cache-dir "$CACHE" --timing 2>&1)
        if ! echo "$out" | grep -q '^PASS'; then
          echo "$k failed ($cmd, ${configs[$i]}):" >&2
          echo "$out" >&2
          status=1
        fi
        times[$i]="${times[$i]:-} $(echo "$out" | sed -n 's/.*warpsim: kernel time \([0-9.]*\) ms.*/\1/p' | tail -n1)"
      done
    done
    row="| $k | $cmd |"
    base=""
    for i in "${!configs[@]}"; do
      m=$(median ${times[$i]})
      [ -z "$base" ] && base=$m
      row="$row $m ms ($(awk -v a="$m" -v b="$base" 'BEGIN { printf "%.2f", a / b }')) |"
    done
    unset times
    echo "$row"
  done
done
exit $status
