#!/usr/bin/env bash
# warpsim at scale (issue 15): is time linear in the grid, and is peak memory
# independent of the number of threads and blocks?
#
#   run_scale.sh <path/to/warpsim> [--cache-dir DIR] [--reps N]
#                [--reduce-sizes "1048576 4194304 16777216"]
#                [--wide-blocks "256 512 1024"] [--modes "none run check"]
#
# Programs: block_reduce.cu (256-thread blocks, argv[1] = elements) and
# wide_reduce.cu (1024-thread blocks, argv[1] = blocks). Modes: `none` is
# `warpsim run --check none`, `run` is `warpsim run` (the warp checker),
# `check` is `warpsim check` (every checker), each with `--timing`, a warm
# compile cache and the median of --reps runs (default 1). Columns: wall and
# CPU (user+system, the program included) seconds of the whole process
# (/usr/bin/time) and CPU ns per simulated thread, flat when time is linear
# in the grid; kernel time (`--timing`: wall time inside the launch); the
# program's own peak RSS (`--timing`) and that less what grows with the data,
# "RSS - data": the program's buffers (D = 4 bytes a thread of input plus 4 a
# block of results, on the device and in a host copy: 2D) and, under `check`,
# the checkers' shadow of device memory (race detector 8 bytes per byte the
# kernel touches, init checker 1 bit per byte: 8.125D); flat when memory does
# not grow with threads and blocks; the whole process's peak RSS
# (/usr/bin/time: the larger of the driver's and the program's).
# Prints the load (uptime) before and after. Nothing is asserted; the script
# fails only if a program fails.
set -u

if [ $# -lt 1 ]; then
  echo "usage: $0 <warpsim-binary> [--cache-dir DIR] [--reps N] [--reduce-sizes LIST] [--wide-blocks LIST] [--modes LIST]" >&2
  exit 2
fi
WARPSIM=$1
shift
HERE=$(cd "$(dirname "$0")" && pwd)
CACHE=${TMPDIR:-/tmp}/warpsim-scale-cache
REPS=1
REDUCE_SIZES="1048576 4194304 16777216"
WIDE_BLOCKS="256 512 1024"
MODES="none run check"
while [ $# -gt 0 ]; do
  case $1 in
    --cache-dir) CACHE=$2; shift 2 ;;
    --reps) REPS=$2; shift 2 ;;
    --reduce-sizes) REDUCE_SIZES=$2; shift 2 ;;
    --wide-blocks) WIDE_BLOCKS=$2; shift 2 ;;
    --modes) MODES=$2; shift 2 ;;
    *) echo "run_scale.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
if [ ! -x "$WARPSIM" ]; then
  echo "run_scale.sh: not an executable: $WARPSIM" >&2
  exit 2
fi
if [ ! -x /usr/bin/time ]; then
  echo "run_scale.sh: needs /usr/bin/time (Debian package 'time')" >&2
  exit 2
fi
case $REPS in '' | *[!0-9]* | 0) echo "run_scale.sh: --reps needs a positive number" >&2; exit 2 ;; esac

median() { printf '%s\n' "$@" | sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }
status=0
echo "load before: $(uptime)"
for prog in block_reduce wide_reduce; do
  "$WARPSIM" build "$HERE/$prog.cu" --cache-dir "$CACHE" >/dev/null || status=1
done

echo
echo "| program | threads | blocks | mode | wall (s) | CPU (s) | CPU ns/thread | kernel (s) | program peak RSS (MiB) | RSS - data (MiB) | whole process peak RSS (MiB) |"
echo "|---|---|---|---|---|---|---|---|---|---|---|"
row() { # program arg threads blocks
  local prog=$1 arg=$2 threads=$3 blocks=$4 mode cmd
  for mode in $MODES; do
    case $mode in
      none) cmd=(run --check none) ;;
      run) cmd=(run) ;;
      check) cmd=(check) ;;
      *) echo "run_scale.sh: unknown mode '$mode'" >&2; exit 2 ;;
    esac
    local walls=() cpus=() kms=() prss=() rsss=() rep
    for ((rep = 0; rep < REPS; rep++)); do
      local tf out
      tf=$(mktemp)
      out=$(/usr/bin/time -o "$tf" -f "%e %U %S %M" "$WARPSIM" "${cmd[@]}" "$HERE/$prog.cu" \
            --cache-dir "$CACHE" --timing -- "$arg" 2>&1)
      if ! echo "$out" | grep -q '^PASS'; then
        echo "run_scale.sh: $prog $arg under '${cmd[*]}' failed:" >&2
        echo "$out" | tail -n 20 >&2
        status=1
      fi
      read -r e u s m <"$tf"
      rm -f "$tf"
      walls+=("$e")
      cpus+=("$(awk -v u="$u" -v s="$s" 'BEGIN { printf "%.2f", u + s }')")
      rsss+=("$m")
      kms+=("$(echo "$out" | sed -n 's/.*warpsim: kernel time \([0-9.]*\) ms.*/\1/p' | tail -n1)")
      prss+=("$(echo "$out" | sed -n 's/.*warpsim: program peak RSS \([0-9]*\) KiB.*/\1/p' | tail -n1)")
    done
    awk -v p="$prog" -v t="$threads" -v b="$blocks" -v mode="$mode" -v w="$(median "${walls[@]}")" \
        -v c="$(median "${cpus[@]}")" -v k="$(median "${kms[@]}")" -v pr="$(median "${prss[@]}")" \
        -v r="$(median "${rsss[@]}")" 'BEGIN {
      d = 4 * t + 4 * b
      data = 2 * d + (mode == "check" ? 8.125 * d : 0)
      printf "| %s | %d | %d | %s | %.2f | %.2f | %.0f | %.2f | %.1f | %.1f | %.1f |\n",
             p, t, b, mode, w, c, c * 1e9 / t, k / 1000, pr / 1024, (pr * 1024 - data) / 1048576,
             r / 1024
    }'
  done
}
for n in $REDUCE_SIZES; do row block_reduce "$n" "$n" $(((n + 255) / 256)); done
for b in $WIDE_BLOCKS; do row wide_reduce "$b" $((b * 1024)) "$b"; done
echo
echo "load after: $(uptime)"
exit $status
