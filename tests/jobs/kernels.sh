#!/bin/bash
# kernels.sh WARPSIM CACHE WORK ROOT: every program of kernels/ and examples/
# under `run --check none` at --jobs 1, 2, 4 and 7 (jobs.sh); counts how many
# ran parallel rounds, so a regression to "nothing parallel" shows.
set -u
warpsim=$1 cache=$2 work=$3 root=$4
here=$(dirname "$0")
fail=0 parallel=0 total=0
for f in $(find "$root/kernels" "$root/examples" -name '*.cu' | LC_ALL=C sort); do
  name=$(basename "$f" .cu)
  if ! out=$("$here/jobs.sh" "$warpsim" "$cache" "$work/$name" any "$f"); then
    echo "$out"; fail=1
  fi
  total=$((total + 1))
  grep -q 'parallel rounds [1-9]' "$work/$name/out-2.txt" && parallel=$((parallel + 1))
done
echo "$total programs identical under --jobs 1, 2, 4, 7; $parallel of them ran parallel rounds"
[ "$parallel" -ge 10 ] || { echo "FAIL: fewer than 10 programs ran parallel rounds"; fail=1; }
exit $fail
