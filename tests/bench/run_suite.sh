#!/usr/bin/env bash
# The benchmark suite, every system side by side in ONE run (issue 15):
#   native loop over threads (bench_native), PoCL (CPU OpenCL, one thread),
#   Oclgrind plain and --data-races (one worker thread), warpsim run / check
#   (lockstep and --schedule fast),
# on tests/bench/{vector_add,block_reduce,transpose,scan,histogram,matmul}.cu
# and their OpenCL C twins in tests/bench/cl/.
#
#   run_suite.sh <warpsim> <bench_native> [options]
#     --reps N       repetitions per configuration, median reported (default 3)
#     --scale D      divide every problem size by D (1M elements -> 1M/D; the
#                    matrices' side by sqrt(D)); D in 1 4 16 64 (default 1)
#     --kernels "a b"  only these kernels (default: all six)
#     --systems "a b"  only these systems (default: all; names as in the table)
#     --cache DIR    warpsim compile cache (default /tmp/warpsim-suite-cache)
#
# Installs oclgrind, pocl-opencl-icd and ocl-icd-opencl-dev with apt-get when
# missing (it is a benchmark script, not a test) and builds the OpenCL host
# (opencl_host.cpp) into a temporary directory. Repetitions alternate: each
# round runs every system once, in turn, so load on a shared machine hits all
# of them alike. Prints a markdown table: per kernel and system the median
# kernel time (time inside the launch: warpsim --timing, the OpenCL host's
# enqueue-to-finish, bench_native's best of 5), the median whole-process time,
# the largest peak RSS, and how many times slower than it `warpsim check` is
# (kernel time). Every program checks its own result; a failure fails the
# script. Nothing here asserts a timing.
set -u
if [ $# -lt 2 ]; then
  sed -n '2,27p' "$0" >&2
  exit 2
fi
WARPSIM=$(realpath "$1") NATIVE=$(realpath "$2")
shift 2
REPS=3 SCALE=1 CACHE=/tmp/warpsim-suite-cache
KERNELS="vector_add block_reduce transpose scan histogram matmul"
SYSTEMS="native pocl oclgrind oclgrind-races run run-j2 run-fast check check-j2 check-fast"
while [ $# -gt 0 ]; do
  case $1 in
  --reps) REPS=$2; shift 2 ;;
  --scale) SCALE=$2; shift 2 ;;
  --kernels) KERNELS=$2; shift 2 ;;
  --systems) SYSTEMS=$2; shift 2 ;;
  --cache) CACHE=$2; shift 2 ;;
  *) echo "run_suite.sh: unknown option '$1'" >&2; exit 2 ;;
  esac
done
case $SCALE in 1) SIDE_DIV=1 ;; 4) SIDE_DIV=2 ;; 16) SIDE_DIV=4 ;; 64) SIDE_DIV=8 ;;
*) echo "run_suite.sh: --scale must be 1, 4, 16 or 64" >&2; exit 2 ;; esac
case $REPS in '' | *[!0-9]* | 0) echo "run_suite.sh: --reps must be a positive number" >&2; exit 2 ;; esac
for f in "$WARPSIM" "$NATIVE"; do
  [ -x "$f" ] || { echo "run_suite.sh: not an executable: $f" >&2; exit 2; }
done
HERE=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d /tmp/warpsim-suite.XXXXXX)
trap 'rm -rf "$TMP"' EXIT

need=()
command -v oclgrind >/dev/null || need+=(oclgrind)
[ -e /etc/OpenCL/vendors/pocl.icd ] || need+=(pocl-opencl-icd)
[ -e /usr/include/CL/cl.h ] && [ -e /usr/lib/x86_64-linux-gnu/libOpenCL.so ] || need+=(ocl-icd-opencl-dev)
if [ ${#need[@]} -gt 0 ]; then
  echo "== installing ${need[*]} (apt-get)" >&2
  DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends "${need[@]}" >&2 ||
    { echo "run_suite.sh: apt-get install ${need[*]} failed" >&2; exit 1; }
fi
CXX=$(command -v clang++-19 || command -v c++)
"$CXX" -std=c++20 -O2 -o "$TMP/bench_opencl" "$HERE/opencl_host.cpp" -lOpenCL ||
  { echo "run_suite.sh: cannot build opencl_host.cpp" >&2; exit 1; }

size_of() { # kernel -> problem size at this scale
  case $1 in
  transpose) echo $((1024 / SIDE_DIV)) ;;
  matmul) echo $((256 / SIDE_DIV)) ;;
  *) echo $(((1 << 20) / SCALE)) ;;
  esac
}

# One run of kernel $1 on system $2: prints "kernel_s wall_s rss_kb", or fails.
run_one() {
  local k=$1 sys=$2 size out rc cmd=() kms
  size=$(size_of "$k")
  case $sys in
  native) cmd=("$NATIVE" "$size" "$k") ;;
  pocl) cmd=(env BENCH_CL_PLATFORM=Portable POCL_MAX_PTHREAD_COUNT=1 "$TMP/bench_opencl" "$HERE/cl" "$k" "$size") ;;
  oclgrind) cmd=(env OCLGRIND_NUM_THREADS=1 oclgrind "$TMP/bench_opencl" "$HERE/cl" "$k" "$size") ;;
  oclgrind-races) cmd=(env OCLGRIND_NUM_THREADS=1 oclgrind --data-races "$TMP/bench_opencl" "$HERE/cl" "$k" "$size") ;;
  run) cmd=("$WARPSIM" run "$HERE/$k.cu" --cache-dir "$CACHE" --check none --jobs 1 --timing -- "$size") ;;
  run-j2) cmd=("$WARPSIM" run "$HERE/$k.cu" --cache-dir "$CACHE" --check none --jobs 2 --timing -- "$size") ;;
  run-fast) cmd=("$WARPSIM" run "$HERE/$k.cu" --cache-dir "$CACHE" --check none --schedule fast --timing -- "$size") ;;
  check) cmd=("$WARPSIM" check "$HERE/$k.cu" --cache-dir "$CACHE" --jobs 1 --timing -- "$size") ;;
  check-j2) cmd=("$WARPSIM" check "$HERE/$k.cu" --cache-dir "$CACHE" --jobs 2 --timing -- "$size") ;;
  check-fast) cmd=("$WARPSIM" check "$HERE/$k.cu" --cache-dir "$CACHE" --schedule fast --timing -- "$size") ;;
  *) echo "run_suite.sh: unknown system '$sys'" >&2; return 1 ;;
  esac
  out=$(/usr/bin/time -f 'TIME %e %M' "${cmd[@]}" 2>&1)
  rc=$?
  if [ $rc -ne 0 ] || ! echo "$out" | grep -q 'PASS'; then
    echo "run_suite.sh: $k failed on $sys (rc=$rc): ${cmd[*]}" >&2
    echo "$out" | tail -n 20 >&2
    return 1
  fi
  case $sys in
  native) kms=$(echo "$out" | sed -n "s/^${k}_native_ms=//p") ;;
  pocl | oclgrind*) kms=$(echo "$out" | sed -n 's/^kernel_ms=//p') ;;
  *) kms=$(echo "$out" | sed -n 's/.*warpsim: kernel time \([0-9.]*\) ms.*/\1/p' | tail -n1) ;;
  esac
  echo "$out" | awk -v kms="$kms" '/^TIME / { printf "%.6f %s %s\n", kms / 1000, $2, $3 }'
}

median() { sort -g | awk '{ a[NR] = $1 } END { print a[int((NR + 1) / 2)] }'; }

status=0
# Warm up, untimed: fill the compile cache for every warpsim command line (a
# small problem: the size is the program's argument, not part of the cache
# key) and let PoCL compile and cache its kernels.
for k in $KERNELS; do
  for sys in $SYSTEMS; do
    case $sys in
    run* | check*) SCALE=64 SIDE_DIV=8 run_one "$k" "$sys" >/dev/null || status=1 ;;
    pocl) run_one "$k" pocl >/dev/null || status=1 ;;
    esac
  done
done

for rep in $(seq "$REPS"); do
  for k in $KERNELS; do
    for sys in $SYSTEMS; do
      r=$(run_one "$k" "$sys") || { status=1; continue; }
      echo "$k $sys $r" >>"$TMP/results"
      echo "rep $rep/$REPS: $k $sys $r" >&2
    done
  done
done

label() {
  case $1 in
  native) echo "native loop over threads" ;;
  pocl) echo "PoCL, 1 thread" ;;
  oclgrind) echo "Oclgrind, 1 thread" ;;
  oclgrind-races) echo "Oclgrind --data-races, 1 thread" ;;
  run) echo "warpsim run --check none --jobs 1" ;;
  run-j2) echo "warpsim run --check none --jobs 2" ;;
  run-fast) echo "warpsim run --check none --schedule fast" ;;
  check) echo "**warpsim check** --jobs 1" ;;
  check-j2) echo "warpsim check --jobs 2 (runs on one thread: checkers)" ;;
  check-fast) echo "warpsim check --schedule fast" ;;
  esac
}
echo
echo "$(date -u +%Y-%m-%d), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg), scale 1/$SCALE, median of $REPS"
echo
echo "| kernel (size) | system | kernel time (ms) | whole process (s) | peak RSS (MiB) | \`warpsim check\` is (kernel time) |"
echo "|---|---|---|---|---|---|"
for k in $KERNELS; do
  [ -s "$TMP/results" ] || break
  ck=$(awk -v k="$k" '$1 == k && $2 == "check" { print $3 }' "$TMP/results" | median)
  for sys in $SYSTEMS; do
    rows=$(awk -v k="$k" -v s="$sys" '$1 == k && $2 == s' "$TMP/results")
    [ -n "$rows" ] || continue
    kt=$(echo "$rows" | awk '{ print $3 }' | median)
    wt=$(echo "$rows" | awk '{ print $4 }' | median)
    rss=$(echo "$rows" | awk '{ print $5 }' | sort -n | tail -n1)
    ratio=$(awk -v c="$ck" -v t="$kt" 'BEGIN {
      if (c == "" || t <= 0) print "—"; else if (c >= t) printf "%.1f× slower", c / t; else printf "%.1f× faster", t / c }')
    printf '| %s (%s) | %s | %s | %.2f | %d | %s |\n' "$k" "$(size_of "$k")" "$(label "$sys")" \
      "$(awk -v t="$kt" 'BEGIN { t *= 1000; if (t >= 100) printf "%.0f", t; else printf "%.3g", t }')" \
      "$wt" $((rss / 1024)) "$ratio"
  done
done
exit $status
