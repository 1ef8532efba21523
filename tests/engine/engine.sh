#!/bin/bash
# engine.sh WARPSIM CACHE WORK FILE [warpsim command and options...]
# Runs FILE under --engine fibers and under --engine $ENGINE (default
# compiled: the compiled engine where the kernel allows it, recorded when
# checkers watch; auto stays on fibers for now) and asserts that exit status, stdout,
# stderr and the JSON report are byte-identical (--timing's lines aside, and
# the raw addresses of shared and host memory, which differ from process to
# process, masked as tests/golden does), and that
# --timing names the engine each `// ENGINE-EXPECT: text` line of FILE says
# (e.g. "k: compiled" or "k: fibers: a synchronising call, __syncthreads")
# and no `// ENGINE-NOT: text` line (e.g. "k: fibers": k never went back).
# OTHER_OPTS adds options to the second run only.
# Prints "compiled" in its PASS line when some kernel ran compiled.
set -u
warpsim=$1 cache=$2 work=$3 file=$4
shift 4
[ $# -gt 0 ] || set -- check
rm -rf "$work" && mkdir -p "$work"
export WARPSIM_CACHE_DIR=$cache
fail=0
other=${ENGINE:-compiled}
for e in fibers "$other"; do
  opts=()
  # OTHER_OPTS: options of the second run only (e.g. --jobs 3: a direct
  # launch's blocks on several host threads, whatever the machine's load).
  # shellcheck disable=SC2206 # options are words
  [ "$e" = fibers ] || opts=(${OTHER_OPTS:-})
  "$warpsim" "$@" "${opts[@]}" --engine $e --timing --json "$work/report-$e.json" "$file" \
    >"$work/out-$e.txt" 2>"$work/err-$e.txt"
  echo "exit $?" >>"$work/out-$e.txt"
  mask='s/address 0x[0-9A-F]* (\(host\|global\|shared\) memory)/address <addr> (\1 memory)/'
  grep -v 'warpsim: kernel time\|warpsim: program peak RSS' "$work/out-$e.txt" |
    sed -e "$mask" >"$work/cmp-$e.txt"
  grep -v "^warpsim: engine: \|^warpsim: jobs: \|^warpsim: warning: --engine compiled: kernel '.*' runs on fibers: " \
    "$work/err-$e.txt" | sed -e "$mask" >"$work/cmperr-$e.txt"
done
for k in cmp cmperr; do
  if ! cmp -s "$work/$k-fibers.txt" "$work/$k-$other.txt"; then
    echo "FAIL: $k differs between --engine fibers and $other"
    diff "$work/$k-fibers.txt" "$work/$k-$other.txt" | head -20
    fail=1
  fi
done
if ! cmp -s "$work/report-fibers.json" "$work/report-$other.json"; then
  echo "FAIL: JSON report differs between --engine fibers and $other"
  diff <(tr ',' '\n' <"$work/report-fibers.json") <(tr ',' '\n' <"$work/report-$other.json") | head -20
  fail=1
fi
while IFS= read -r want; do
  grep -qF -- "warpsim: engine: $want" "$work/err-$other.txt" ||
    { echo "FAIL: --timing did not say '$want'"; grep '^warpsim: engine:' "$work/err-$other.txt"; fail=1; }
done < <(sed -n 's|^// ENGINE-EXPECT: ||p' "$file")
while IFS= read -r unwanted; do
  ! grep -qF -- "warpsim: engine: $unwanted" "$work/err-$other.txt" ||
    { echo "FAIL: --timing said '$unwanted'"; fail=1; }
done < <(sed -n 's|^// ENGINE-NOT: ||p' "$file")
how=fibers
grep -q '^warpsim: engine: .*: compiled' "$work/err-$other.txt" && how=compiled
[ $fail = 0 ] && echo "PASS: $(basename "$file") identical under --engine fibers and $other ($how)"
exit $fail
