#!/usr/bin/env bash
# Regenerates known-differences.txt from what `warpsim crosscheck` sees now:
#   tests/crosscheck/update-known.sh BUILD_DIR
# Runs every kernels/*.cu against the H100's recorded outputs and ncu counters
# (h100/) without the known list, and writes one entry per current difference:
# out:<buffer> ulp<=<max ulp> (digest when only a digest is recorded, or a NaN
# differs), counter:<kernel>:<metric> warpsim=<warpsim's value>. The header
# comment is kept, and so is the reason of an entry for the same program and
# item; a new entry's reason is "TODO: explain". Differences no entry can
# cover (a missing buffer or kernel, a size mismatch) and programs that fail
# are listed on stderr, and the script exits 1. JOBS (default: nproc) runs
# that many at once.
set -euo pipefail
build=${1:?usage: update-known.sh BUILD_DIR}
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
warpsim=$(cd "$build" && pwd)/sim/warpsim
known=$here/known-differences.txt
cache=${WARPSIM_CACHE_DIR:-$(cd "$build" && pwd)/warpsim-cache}
[ -x "$warpsim" ] || { echo "update-known.sh: no $warpsim (build the warpsim target)" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# 1. Every program, without --known: every difference is reported.
ls "$root"/kernels/*.cu | xargs -P "${JOBS:-$(nproc)}" -I{} bash -c '
  stem=$(basename "$1" .cu)
  cd "$(dirname "$1")"
  "$2" crosscheck "$1" --no-native --cache-dir "$5" \
    --recorded "$3/h100/outputs/$stem.out" --ncu "$3/h100/ncu/$stem.csv" \
    >"$4/$stem.txt" 2>"$4/$stem.err"
  echo $? >"$4/$stem.rc"' _ {} "$warpsim" "$here" "$work" "$cache"

# 2. The reasons written so far, by "program item".
reasons=$work/reasons
if [ -f "$known" ]; then
  awk '/^[ \t]*(#|$)/ { next }
       { line = $0; reason = ""
         if (match(line, /[ \t]#/)) { reason = substr(line, RSTART + 2); sub(/^[ \t]+/, "", reason) }
         print $1 " " $2 "\t" reason }' "$known" >"$reasons"
else
  : >"$reasons"
fi

# 3. The new file: the old header, then the entries program by program.
new=$work/known.txt
if [ -f "$known" ]; then
  awk '/^[ \t]*(#|$)/ { print; next } { exit }' "$known" | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}' >"$new"
else
  echo "# Known differences between warpsim and the H100 (see docs/cli.md, crosscheck)." >"$new"
fi
status=0
for txt in "$work"/*.txt; do
  stem=$(basename "$txt" .txt)
  [ "$stem" = known ] && continue
  rc=$(cat "$work/$stem.rc")
  if ! grep -q '^========= crosscheck: ' "$txt"; then
    echo "update-known.sh: $stem: crosscheck exited with $rc:" >&2
    tail -5 "$work/$stem.err" >&2
    status=1
    continue
  fi
  # Buffer lines come before the first COUNTERS line; counter lines after it
  # belong to the kernel of the COUNTERS line above them.
  awk -v stem="$stem" -v reasons="$reasons" '
    BEGIN { FS = "\t"; while ((getline l < reasons) > 0) { split(l, p, "\t"); why[p[1]] = p[2] }; FS = " " }
    function entry(item, allowance,   key, r) {
      key = stem " " item
      r = (key in why && why[key] != "") ? why[key] : "TODO: explain"
      printf "%s %s %s  # %s\n", stem, item, allowance, r
    }
    /^========= COUNTERS / {
      kernel = $3; sub(/:$/, "", kernel); counters = 1
      if ($0 ~ /missing in/) print "UNCOVERABLE " $0
      next
    }
    /^=========   / && !counters && / differs \(digest only\)/ { entry("out:" $2, "digest"); next }
    /^=========   / && !counters && / differs: / {
      ulp = $NF
      entry("out:" $2, ulp == "NaN" ? "digest" : "ulp<=" ulp); next
    }
    /^=========   / && !counters && /(size mismatch|missing in)/ { print "UNCOVERABLE " $0; next }
    /^=========   / && counters && $NF == "differs" { entry("counter:" kernel ":" $2, "warpsim=" $4) }
  ' "$txt" >"$work/$stem.entries"
  if grep -q '^UNCOVERABLE ' "$work/$stem.entries"; then
    sed -n "s/^UNCOVERABLE /update-known.sh: $stem: no entry can cover: /p" "$work/$stem.entries" >&2
    status=1
  fi
  if grep -qv '^UNCOVERABLE ' "$work/$stem.entries"; then
    printf '\n' >>"$new"
    grep -v '^UNCOVERABLE ' "$work/$stem.entries" >>"$new"
  fi
done
cp "$new" "$known"
echo "update-known.sh: $(grep -cv '^[ \t]*\(#\|$\)' "$known" || true) entries in $known" >&2
exit $status
