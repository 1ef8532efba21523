#!/usr/bin/env bash
# Compares warpsim's findings with compute-sanitizer's on every bug variant
# (kernels/bugs), every program of the checkers' corpus (tests/checks) and
# every puzzle program (kernels/*.cu), from the recorded GPU logs in
# tests/crosscheck/h100/sanitizer/ and fresh `warpsim check` runs:
#
#   tests/crosscheck/sanitizer/sanitizer-compare.sh BUILD_DIR [--state]
#
# prints the Markdown table of docs/crosscheck-sanitizers.md (one row per bug
# variant and corpus program, one summary line for the puzzle programs that
# both sides find clean) and the totals. With --state it prints instead the
# `program | verdict | state` lines that expected.txt records (the CTests
# `sanitizer.<program>` compare against them). The comparison itself is
# compare.cmake; the GPU side is recorded by scripts/h100-crosscheck.sh.
set -euo pipefail
build=$(cd "${1:?usage: sanitizer-compare.sh BUILD_DIR [--state]}" && pwd)
mode=row
[ "${2:-}" = --state ] && mode=state
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
warpsim=$build/sim/warpsim
[ -x "$warpsim" ] || { echo "no $warpsim: build the warpsim target first" >&2; exit 2; }
cache=$build/warpsim-cache
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

compare() { # SOURCE MODE
  local src=$1 name
  name=$(basename "$src" .cu)
  cmake -DPROGRAM="$name" -DSOURCE="$src" -DLOGS="$root/tests/crosscheck/h100/sanitizer" \
    -DWARPSIM="$warpsim" -DCACHE="$cache" -DOUT="$tmp/$name.json" -DMODE="$2" \
    -DEXPECTED="$here/expected.txt" -P "$here/compare.cmake"
}

bugs_and_checks=("$root"/kernels/bugs/*.cu "$root"/tests/checks/*.cu)
puzzles=("$root"/kernels/*.cu)

if [ "$mode" = state ]; then
  for src in "${bugs_and_checks[@]}" "${puzzles[@]}"; do compare "$src" state; done
  exit 0
fi

echo "| program | warpsim findings (kind, space, line, other sites, severity, count) | compute-sanitizer findings (tool: report, line, severity, hazards / reports) | verdict | explanation |"
echo "|---|---|---|---|---|"
for src in "${bugs_and_checks[@]}"; do compare "$src" row; done | tee "$tmp/rows"
clean_puzzles=()
for src in "${puzzles[@]}"; do
  row=$(compare "$src" row)
  if [[ "$row" == *"| — | — | clean |"* ]]; then
    clean_puzzles+=("$(basename "$src" .cu)")
  else
    echo "$row" | tee -a "$tmp/rows"
  fi
done
echo
echo "Puzzle programs (kernels/*.cu) both sides find clean (racecheck and synccheck logs; warpsim check): ${#clean_puzzles[@]} of ${#puzzles[@]}: ${clean_puzzles[*]}"
echo
echo "Totals over the ${#bugs_and_checks[@]} bug variants and corpus programs:"
cut -d'|' -f5 "$tmp/rows" | sed 's/^ *//;s/ *$//' | sort | uniq -c | sed 's/^/  /'
