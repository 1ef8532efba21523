#!/bin/bash
# dirs.sh WARPSIM CACHE WORK MIN "DIR..." [warpsim command and options...]
# engine.sh for every program under the DIRs but those whose source names a
# barrier, a warp operation or an async copy (their kernels stay on fibers,
# where both runs are the same engine: not worth CI's time; under ENGINE=auto
# CTA barriers and warp operations stay in, as the direct path runs them)
# and those that
# expect a race; counts how many
# ran a kernel on the compiled engine and fails below MIN, so that a
# regression to "everything on fibers" shows.
set -u
warpsim=$1 cache=$2 work=$3 min=$4 dirs=$5
shift 5
here=$(dirname "$0")
fail=0 compiled=0 total=0 n=0
every=${DIRS_EVERY:-1} # DIRS_EVERY=N: every Nth program (by name) only
# shellcheck disable=SC2086 # DIRs are words
for f in $(find $dirs -name '*.cu' | LC_ALL=C sort); do
  n=$((n + 1))
  [ $(((n - 1) % every)) = 0 ] || continue
  skip='mbarrier\|memcpy_async\|cp_async\|cuda::barrier\|cuda::pipeline\|this_grid\|cluster'
  [ "${ENGINE:-compiled}" = auto ] || skip="__syncthreads\\|_sync(\\|__syncwarp\\|$skip"
  grep -q "$skip" "$f" && continue
  # Racing lanes on a recorded launch (--engine compiled under check) run one
  # after another and see other values than under fibers (docs/architecture.md,
  # "Two engines"); under auto a direct launch whose threads meet goes back.
  [ "${ENGINE:-compiled}" = auto ] || ! grep -q '^// EXPECT: race ' "$f" || continue
  name=$(basename "$(dirname "$f")")-$(basename "$f" .cu)
  if ! out=$("$here/engine.sh" "$warpsim" "$cache" "$work/$name" "$f" "$@"); then
    echo "$out"; fail=1
  fi
  total=$((total + 1))
  case $out in *"(compiled)"*) compiled=$((compiled + 1)) ;; esac
done
echo "$total programs identical under --engine fibers and ${ENGINE:-compiled}; $compiled ran compiled"
[ "$compiled" -ge "$min" ] || { echo "FAIL: fewer than $min programs ran compiled"; fail=1; }
exit $fail
