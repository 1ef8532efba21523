#!/usr/bin/env bash
# The realistic-size suite (issue 25 item 4) at the sizes GPU users run:
# every program of tests/bench/realistic/ under `warpsim run` and `warpsim
# check` (--timing, one host thread unless --jobs), and, when nvcc is found,
# its native build (nvcc -arch=sm_90 -O3), run when a GPU answers nvidia-smi.
# Prints a markdown table: per program and command the whole-process time,
# the time inside kernels (--timing), the peak RSS (/usr/bin/time), and PASS,
# FAIL or "> T s" for a run stopped at the time limit. CI does not run this
# (the bench_small tests run every program small); nothing here asserts a
# timing.
#
#   run_realistic.sh <warpsim> [options]
#     --scale D        pass D as every program's scale divisor (default 1)
#     --timeout S      seconds per run before it is stopped (default 600)
#     --programs "a b" only these programs (default: all of realistic/)
#     --commands "a b" of: run check native (default: all three)
#     --jobs N         warpsim --jobs (default 1)
#     --cache DIR      warpsim compile cache (default /tmp/warpsim-realistic-cache)
set -u
if [ $# -lt 1 ]; then
  sed -n '2,19p' "$0" >&2
  exit 2
fi
WARPSIM=$(realpath "$1")
shift
SCALE=1 TIMEOUT=600 JOBS=1 CACHE=/tmp/warpsim-realistic-cache COMMANDS="run check native"
HERE=$(cd "$(dirname "$0")" && pwd)
PROGRAMS=$(cd "$HERE/realistic" && ls *.cu | sed 's/\.cu$//' | LC_ALL=C sort | tr '\n' ' ')
while [ $# -gt 0 ]; do
  case $1 in
  --scale) SCALE=$2; shift 2 ;;
  --timeout) TIMEOUT=$2; shift 2 ;;
  --programs) PROGRAMS=$2; shift 2 ;;
  --commands) COMMANDS=$2; shift 2 ;;
  --jobs) JOBS=$2; shift 2 ;;
  --cache) CACHE=$2; shift 2 ;;
  *) echo "run_realistic.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
[ -x "$WARPSIM" ] || { echo "run_realistic.sh: not an executable: $WARPSIM" >&2; exit 2; }
TMP=$(mktemp -d /tmp/warpsim-realistic.XXXXXX)
trap 'rm -rf "$TMP"' EXIT
NVCC=$(command -v nvcc || { [ -x /usr/local/cuda/bin/nvcc ] && echo /usr/local/cuda/bin/nvcc; })
GPU=0
command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 && GPU=1

# One run: prints "status wall_s kernel_s rss_mb" (kernel_s "-" when unknown).
run_one() {
  local p=$1 c=$2 src="$HERE/realistic/$1.cu" cmd=() out rc
  case $c in
  run) cmd=("$WARPSIM" run "$src" --cache-dir "$CACHE" --jobs "$JOBS" --timing -- "$SCALE") ;;
  check) cmd=("$WARPSIM" check "$src" --cache-dir "$CACHE" --jobs "$JOBS" --timing -- "$SCALE") ;;
  native) cmd=("$TMP/$p" "$SCALE") ;;
  esac
  out=$(/usr/bin/time -f 'TIME %e %M' timeout "$TIMEOUT" "${cmd[@]}" 2>&1)
  rc=$?
  echo "$out" >"$TMP/$p.$c.log"
  local status=PASS
  if [ $rc -eq 124 ]; then
    status="> ${TIMEOUT} s"
  elif [ $rc -ne 0 ] || ! echo "$out" | grep -q '^PASS'; then
    status="FAIL (exit $rc)"
    echo "run_realistic.sh: $p failed under $c (exit $rc); last lines:" >&2
    echo "$out" | tail -n 8 >&2
  fi
  local kms
  kms=$(echo "$out" | sed -n 's/.*warpsim: kernel time \([0-9.]*\) ms.*/\1/p' | tail -n1)
  echo "$out" | awk -v st="$status" -v kms="${kms:--}" '/^TIME / {
    k = kms == "-" ? "-" : sprintf("%.2f", kms / 1000)
    printf "%s|%.2f|%s|%.0f\n", st, $2, k, $3 / 1024 }'
}

status=0
for p in $PROGRAMS; do
  [ -f "$HERE/realistic/$p.cu" ] || { echo "run_realistic.sh: no program $p" >&2; exit 2; }
  for c in $COMMANDS; do
    case $c in
    run | check)
      # Compile first, untimed (the size is an argument, not part of the key).
      "$WARPSIM" build "$HERE/realistic/$p.cu" --cache-dir "$CACHE" >/dev/null 2>&1 ;;
    native)
      if [ -z "$NVCC" ]; then
        echo "$p|native|no nvcc|-|-|-" >>"$TMP/results"
        continue
      fi
      "$NVCC" -arch=sm_90 -O3 -o "$TMP/$p" "$HERE/realistic/$p.cu" >"$TMP/$p.nvcc.log" 2>&1 ||
        { echo "$p|native|nvcc failed|-|-|-" >>"$TMP/results"; status=1; continue; }
      if [ $GPU -eq 0 ]; then
        echo "$p|native|built, no GPU|-|-|-" >>"$TMP/results"
        continue
      fi ;;
    *) echo "run_realistic.sh: unknown command '$c'" >&2; exit 2 ;;
    esac
    r=$(run_one "$p" "$c")
    case $r in PASS*) ;; *) status=1 ;; esac
    echo "$p|$c|$r" >>"$TMP/results"
    echo "$p $c: $r" >&2
  done
done

echo "Realistic suite, scale divisor $SCALE, --jobs $JOBS, limit ${TIMEOUT} s, $(date -u +%Y-%m-%d), $(nproc) cores"
echo
echo "| program | command | result | whole process (s) | in kernels (s) | peak RSS (MB) |"
echo "|---|---|---|---|---|---|"
awk -F'|' '{ printf "| %s | %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5, $6 }' "$TMP/results"
exit $status
