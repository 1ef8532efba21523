#!/usr/bin/env bash
# README command (1): install the dependencies, build, and run every bundled
# puzzle kernel in the simulator, printing one line per puzzle.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/install-deps.sh
scripts/build.sh
warpsim=build/sim/warpsim
cache=build/warpsim-cache
printf '\n%-36s %-6s %-9s %-9s %-15s %s\n' "puzzle" "result" "findings" "launches" "bank conflicts" "SIMT efficiency"
printf '%-36s %-6s %-9s %-9s %-15s %s\n' "------" "------" "--------" "--------" "--------------" "---------------"
fails=0
for k in kernels/p*.cu; do
  name=$(basename "$k" .cu)
  # `check` runs every checker; --profile adds the performance counters.
  out=$("$warpsim" check "$k" --cache-dir "$cache" --profile 2>&1) && rc=0 || rc=$?
  result=FAIL
  if [ $rc -eq 0 ] && grep -q '^PASS' <<<"$out"; then result=PASS; else fails=$((fails + 1)); fi
  summary=$(grep '========= warpsim:' <<<"$out" | tail -1)
  findings=$(sed -E 's/.*warpsim: ([0-9]+) errors?, ([0-9]+) warnings?.*/\1+\2/' <<<"$summary")
  launches=$(sed -E 's/.*launches=([0-9]+).*/\1/' <<<"$summary")
  conflicts=$(awk '/bank_conflicts_pipe_lsu_mem_shared_op_(ld|st)\.sum/ { s += $NF } END { print s + 0 }' <<<"$out")
  simt=$(awk '/warp instructions [0-9]+,.*SIMT efficiency/ {
           n = $0; sub(/.*warp instructions /, "", n); sub(/,.*/, "", n);
           e = $0; sub(/.*SIMT efficiency /, "", e); sub(/%.*/, "", e);
           w += n; t += n * e }
         END { if (w > 0) printf "%.1f%%", t / w; else print "-" }' <<<"$out")
  printf '%-36s %-6s %-9s %-9s %-15s %s\n' "$name" "$result" "$findings" "$launches" "$conflicts" "$simt"
done
echo
echo "findings: errors+warnings from every checker (warpsim check); bank conflicts: shared-memory"
echo "load+store conflicts (l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_{ld,st}.sum);"
echo "SIMT efficiency: mean active lanes per warp instruction / warp size, over all launches."
if [ $fails -eq 0 ]; then echo "all puzzles pass in the simulator"; else echo "$fails puzzle(s) failed"; exit 1; fi
