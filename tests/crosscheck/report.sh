#!/usr/bin/env bash
# The tables of docs/crosscheck.md, from `warpsim crosscheck` against the
# recorded H100 data (the same runs as the crosscheck.* tests):
#   tests/crosscheck/report.sh BUILD_DIR > /tmp/tables.md
set -euo pipefail
build=${1:?usage: report.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
warpsim=$(cd "$build" && pwd)/sim/warpsim
data=$here/h100
raw=$(mktemp)
trap 'rm -f "$raw"' EXIT

for src in "$root"/kernels/*.cu; do
  stem=$(basename "$src" .cu)
  echo "PROGRAM $stem"
  (cd "$root/kernels" && "$warpsim" crosscheck "$src" --no-native \
    --recorded "$data/outputs/$stem.out" --ncu "$data/ncu/$stem.csv" \
    --known "$here/known-differences.txt") || true
done >"$raw"

# Outputs: one row per buffer. Counters: one row per kernel; a cell is the
# common value when H100 and warpsim agree, else "H100 → warpsim".
awk '
function cell(m) { return (gpu[m] == ws[m]) ? gpu[m] : "**" gpu[m] " → " ws[m] "**" }
function flush() {
  if (kernel == "") return
  printf "| %s | `%s` | %s | %s / %s | %s / %s | %s / %s | %s / %s | %s / %s |\n", prog, kernel, launches,
    cell("bank_ld"), cell("bank_st"), cell("wf_ld"), cell("wf_st"), cell("sect_ld"), cell("sect_st"),
    cell("req_ld"), cell("req_st"), tpi_gpu, tpi_ws >> "/dev/stderr"
  kernel = ""
}
/^PROGRAM / { flush(); prog = $2; next }
/^=========   buffer / { inbuf = 1; next }
/^========= COUNTERS / {
  flush(); inbuf = 0
  kernel = $3; sub(/:$/, "", kernel); launches = $5
  next
}
inbuf && /^=========   [^ ]/ {
  line = $0; sub(/^=========   /, "", line)
  name = line; sub(/ .*/, "", name)
  rest = line; sub(/^[^ ]+ +/, "", rest)
  n = rest; sub(/ .*/, "", n)
  result = rest; sub(/^[0-9]+ +/, "", result)
  sub(/ \(known: [^,]*, /, " (", result)
  printf "| %s | `%s` | %s | %s |\n", prog, name, n, result
  next
}
/^========= crosscheck:/ { inbuf = 0 }
kernel != "" && /_op_(ld|st)\.sum/ {
  m = $2; key = ""
  if (m ~ /bank_conflicts/) key = "bank"
  else if (m ~ /wavefronts/) key = "wf"
  else if (m ~ /sectors/) key = "sect"
  else if (m ~ /requests/) key = "req"
  key = key (m ~ /op_ld/ ? "_ld" : "_st")
  gpu[key] = $3; ws[key] = $4
  next
}
kernel != "" && /threads per instruction/ { tpi_gpu = $(NF-1); tpi_ws = $NF; next }
END { flush() }
' "$raw" 2>"$raw.counters" >"$raw.outputs"

echo "### Outputs"
echo
echo "| program | buffer | elements | H100 vs warpsim |"
echo "|---|---|---|---|"
cat "$raw.outputs"
echo
echo "### Counters"
echo
echo "| program | kernel | H100 launches | bank conflicts ld / st | shared wavefronts ld / st | global sectors ld / st | global requests ld / st | threads per instruction H100 / warpsim |"
echo "|---|---|---|---|---|---|---|---|"
cat "$raw.counters"
echo
echo "### Totals"
echo
grep '^========= crosscheck:' "$raw" | awk '
{ oi += $4; ok += $6; od += $8; ce += $11; ck += $13; cd += $15; st += $17 }
END {
  printf "- outputs: %d buffers identical, %d known (within the stated ulp), %d differing\n", oi, ok, od
  printf "- counters: %d equal, %d known differences, %d differing; %d stale entries\n", ce, ck, cd, st
}'
rm -f "$raw.outputs" "$raw.counters"
