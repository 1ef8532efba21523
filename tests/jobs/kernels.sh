#!/bin/bash
# kernels.sh WARPSIM CACHE WORK MIN "DIR..." [warpsim command and options...]
# Every program under the DIRs at --jobs 1, 2, 4 and 7 (jobs.sh: output,
# findings and JSON byte-identical; default command `run --check none`);
# counts how many ran parallel rounds and fails below MIN, so a regression
# to "nothing parallel" shows. KERNELS_EVERY=N (default 1) takes every Nth
# program in name order: CI's subset (tests/jobs/CMakeLists.txt).
set -u
every=${KERNELS_EVERY:-1} index=0
warpsim=$1 cache=$2 work=$3 min=$4 dirs=$5
shift 5
here=$(dirname "$0")
fail=0 parallel=0 total=0
# shellcheck disable=SC2086 # DIRs are words
for f in $(find $dirs -name '*.cu' | LC_ALL=C sort); do
  index=$((index + 1))
  [ $(((index - 1) % every)) -eq 0 ] || continue
  name=$(basename "$f" .cu)
  if ! out=$("$here/jobs.sh" "$warpsim" "$cache" "$work/$name" any "$f" "$@"); then
    echo "$out"; fail=1
  fi
  total=$((total + 1))
  grep -q 'parallel rounds [1-9]' "$work/$name/out-2.txt" && parallel=$((parallel + 1))
done
echo "$total programs identical under --jobs 1, 2, 4, 7; $parallel of them ran parallel rounds"
[ "$parallel" -ge "$min" ] || { echo "FAIL: fewer than $min programs ran parallel rounds"; fail=1; }
exit $fail
