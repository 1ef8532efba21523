#!/usr/bin/env bash
# README command (1): install the dependencies, build, and run every bundled
# puzzle kernel in the simulator, printing one line per puzzle.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
warpsim=build/sim/warpsim
cache=build/warpsim-cache
printf '\n%-34s %-6s %-9s %-10s %s\n' "puzzle" "result" "findings" "launches" "events"
printf '%-34s %-6s %-9s %-10s %s\n' "------" "------" "--------" "--------" "------"
fails=0
for k in kernels/p*.cu; do
  name=$(basename "$k" .cu)
  out=$("$warpsim" run "$k" --cache-dir "$cache" 2>&1) && rc=0 || rc=$?
  result=FAIL
  if [ $rc -eq 0 ] && grep -q '^PASS' <<<"$out"; then result=PASS; else fails=$((fails + 1)); fi
  summary=$(grep '========= warpsim:' <<<"$out" | tail -1)
  findings=$(sed -E 's/.*warpsim: ([0-9]+) errors?, ([0-9]+) warnings?.*/\1+\2/' <<<"$summary")
  launches=$(sed -E 's/.*launches=([0-9]+).*/\1/' <<<"$summary")
  events=$(sed -E 's/.*events=([0-9]+).*/\1/' <<<"$summary")
  printf '%-34s %-6s %-9s %-10s %s\n' "$name" "$result" "$findings" "$launches" "$events"
done
echo
if [ $fails -eq 0 ]; then echo "all puzzles pass in the simulator"; else echo "$fails puzzle(s) failed"; exit 1; fi
