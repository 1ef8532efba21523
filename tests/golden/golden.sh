#!/usr/bin/env bash
# Byte-identical outputs: runs every CUDA program in kernels/, examples/ and
# tests/ under `warpsim check --json` and `warpsim run --profile` (and, for
# tests/, under the fast and random schedules) and compares what it prints,
# its exit status and its JSON report with the recorded set in
# tests/golden/recorded/. A refactoring that changes nothing observable keeps
# this test green; an intended change re-records (and the diff is reviewed).
# Normalised besides paths: the raw address printed for an access outside
# every allocation (host memory is laid out by the kernel's address-space
# randomisation, so it differs run to run), and the column of a lambda in
# the front end's rewritten launch line (it moves with the length of the
# checkout's path, which that line quotes).
#
# Options after CACHE_DIR are added to every run: the outputs were recorded
# with the fiber engine and CI compares under the default (--engine auto,
# compiled where the kernel allows); `ctest -L golden_engine` compares under
# --engine fibers (docs/architecture.md).
#
#   golden.sh compare|record WARPSIM ROOT WORKDIR CACHE_DIR [warpsim options...]
set -euo pipefail
mode=$1 warpsim=$2 root=$(cd "$3" && pwd) work=$4 cache=$5
shift 5
extra="$*"
every=${WARPSIM_GOLDEN_EVERY:-1}
[ "$mode" = record ] && every=1 # the recorded set is always whole
recorded="$root/tests/golden/recorded"
mkdir -p "$work"
rm -rf "${work:?}/out"
mkdir -p "$work/out"

# One program in one configuration -> one normalised text file.
run_one() {
  local rel=$1 cfg=$2 out
  out="$work/out/$(echo "$rel" | tr / _).$cfg.txt"
  local args=()
  case $cfg in
    check) args=(check "$root/$rel" --json "$out.json") ;;
    profile) args=(run "$root/$rel" --profile) ;;
    fast) args=(check "$root/$rel" --schedule fast --json "$out.json") ;;
    random) args=(check "$root/$rel" --schedule random --seed 3 --json "$out.json") ;;
  esac
  local rc=0
  # shellcheck disable=SC2086 # extra options are words
  (cd "$root" && "$warpsim" "${args[@]}" $extra --cache-dir "$cache" >"$out.stdout" 2>"$out.stderr") || rc=$?
  {
    echo "exit: $rc"
    echo "--- stdout"
    cat "$out.stdout"
    echo "--- stderr"
    cat "$out.stderr"
    if [ -f "$out.json" ]; then
      echo "--- json"
      cat "$out.json"
    fi
  } | sed -e "s|$root|<root>|g" -e "s|$cache|<cache>|g" \
      -e 's/address 0x[0-9A-F]* (\(host\|global\|shared\) memory)/address <addr> (\1 memory)/' \
      -e 's/(lambda at \([^:)]*\):\([0-9]*\):[0-9]*)/(lambda at \1:\2:<col>)/g' >"$out"
  rm -f "$out.stdout" "$out.stderr" "$out.json"
}
export -f run_one
export root work cache warpsim extra

{
  cd "$root"
  # tests/filters/ holds programs that hang by design (--timeout's tests);
  # filters.sh asserts what each of its programs prints. tests/projects/ holds
  # units of multi-file projects (built by warpsim nvcc, check-*.sh); tests/libs/
  # (CUB, Thrust, cuBLAS, cuRAND) runs minutes and is checked by its own CTests.
  n=0
  for f in $(find kernels examples tests -name '*.cu' -not -path 'tests/filters/*' \
               -not -path 'tests/projects/*' -not -path 'tests/libs/*' | LC_ALL=C sort); do
    # Programs that only make sense under a resource limit their own test sets.
    grep -q 'warpsim-golden: skip' "$f" && continue
    echo "$f check"
    echo "$f profile"
    case $f in
      tests/*)
        # WARPSIM_GOLDEN_EVERY=N: the two schedules for every Nth program only.
        if [ $((n % every)) -eq 0 ]; then echo "$f fast"; echo "$f random"; fi
        n=$((n + 1)) ;;
    esac
  done
} | xargs -P "$(nproc)" -n 2 bash -c 'run_one "$0" "$1"'

if [ "$mode" = record ]; then
  rm -rf "$recorded"
  mkdir -p "$recorded"
  cp "$work"/out/*.txt "$recorded/"
  echo "golden: recorded $(ls "$recorded" | wc -l) outputs in $recorded"
  exit 0
fi
if [ "$every" -gt 1 ]; then
  # A subset: every output made is compared, and every recorded check and
  # profile output must have been made.
  bad=0
  for o in "$work"/out/*.txt; do
    r="$recorded/$(basename "$o")"
    if ! cmp -s "$r" "$o"; then
      [ $bad -eq 0 ] && echo "golden: outputs differ from the recorded set:"
      bad=1
      diff -u "$r" "$o" | head -60
    fi
  done
  for r in "$recorded"/*.check.txt "$recorded"/*.profile.txt; do
    [ -f "$work/out/$(basename "$r")" ] || { echo "golden: no output for $(basename "$r")"; bad=1; }
  done
  [ $bad -eq 0 ] && echo "golden: all $(ls "$work"/out/*.txt | wc -l) outputs made (schedules for every ${every}th test program) byte-identical"
  exit $bad
fi
if diff -r -q "$recorded" "$work/out" >/dev/null; then
  echo "golden: all $(ls "$recorded" | wc -l) outputs byte-identical"
  exit 0
fi
echo "golden: outputs differ from the recorded set:"
diff -r -u "$recorded" "$work/out" | head -200
exit 1
