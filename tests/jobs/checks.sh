#!/bin/bash
# checks.sh WARPSIM CACHE WORK ROOT: every program of tests/checks/ (each
# with the findings it must produce, or a clean twin) under `warpsim check`
# at --jobs 1, 2, 4 and 7 (jobs.sh): the checkers run beside each other in
# parallel phases and must report byte-identical findings for every N.
# Counts how many ran parallel rounds, so a regression to "nothing parallel"
# shows.
set -u
warpsim=$1 cache=$2 work=$3 root=$4
here=$(dirname "$0")
fail=0 parallel=0 total=0
for f in $(find "$root/tests/checks" -name '*.cu' | LC_ALL=C sort); do
  name=$(basename "$f" .cu)
  if ! out=$("$here/jobs.sh" "$warpsim" "$cache" "$work/$name" any "$f" check); then
    echo "$out"; fail=1
  fi
  total=$((total + 1))
  grep -q 'parallel rounds [1-9]' "$work/$name/out-2.txt" && parallel=$((parallel + 1))
done
echo "$total programs' findings identical under --jobs 1, 2, 4, 7; $parallel of them ran parallel rounds"
[ "$parallel" -ge 30 ] || { echo "FAIL: fewer than 30 programs ran parallel rounds"; fail=1; }
exit $fail
