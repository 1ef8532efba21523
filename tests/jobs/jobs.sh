#!/bin/bash
# jobs.sh WARPSIM CACHE WORK EXPECT FILE [warpsim command and options...]
# Runs FILE under --jobs 1, 2, 4 and 7 and asserts that exit status, stdout,
# stderr and the JSON report are byte-identical (--timing's kernel time and
# peak RSS lines and its count of a direct launch's host threads aside), and that it prints each `// JOBS-EXPECT: text` line
# of FILE. EXPECT: "parallel" (some round ran in parallel phases:
# the test is not passing because nothing ran in parallel) or "classic"
# (the launch needs the one-thread engine, e.g. with checkers on).
set -u
warpsim=$1 cache=$2 work=$3 expect=$4 file=$5
shift 5
[ $# -gt 0 ] || set -- run --check none
# `run` without checkers would take the compiled engine's direct path where
# the kernel allows it, which has no parallel rounds: these tests are about
# the rounds, so `run` keeps fibers (checkers and the profiler: the default,
# the compiled engine's recorded path where the kernel allows).
case " $* " in
*" run "*) case " $* " in *" --engine "*) ;; *) set -- "$@" --engine fibers ;; esac ;;
esac
rm -rf "$work" && mkdir -p "$work"
export WARPSIM_CACHE_DIR=$cache
fail=0
for n in 1 2 4 7; do
  "$warpsim" "$@" --jobs $n --timing --json "$work/report-$n.json" "$file" \
    >"$work/out-$n.txt" 2>"$work/err-$n.txt"
  echo "exit $?" >>"$work/out-$n.txt"
  rounds=$(sed -n 's/.*parallel rounds \([0-9]*\),.*/\1/p' "$work/out-$n.txt")
  if [ -z "$rounds" ]; then
    echo "FAIL: --jobs $n printed no timing line"; fail=1
  elif [ "$expect" = parallel ] && [ "$rounds" -eq 0 ]; then
    echo "FAIL: --jobs $n ran no parallel round"; fail=1
  elif [ "$expect" = classic ] && [ "$rounds" -ne 0 ]; then
    echo "FAIL: --jobs $n ran $rounds parallel rounds, expected the one-thread engine"; fail=1
  fi
  grep -v 'warpsim: kernel time\|warpsim: program peak RSS' "$work/out-$n.txt" >"$work/cmp-$n.txt"
  # --timing names how many host threads ran a direct launch's blocks.
  sed 's/; its blocks on [0-9]* host threads$//' "$work/err-$n.txt" >"$work/errcmp-$n.txt"
done
for n in 2 4 7; do
  for k in cmp errcmp; do
    if ! cmp -s "$work/$k-1.txt" "$work/$k-$n.txt"; then
      echo "FAIL: $k differs between --jobs 1 and --jobs $n"
      diff "$work/$k-1.txt" "$work/$k-$n.txt" | head -20; fail=1
    fi
  done
  if ! cmp -s "$work/report-1.json" "$work/report-$n.json"; then
    echo "FAIL: JSON report differs between --jobs 1 and --jobs $n"; fail=1
  fi
done
# What the program must print or report (its `// JOBS-EXPECT: text` lines).
while IFS= read -r want; do
  grep -qF -- "$want" "$work/cmp-1.txt" "$work/err-1.txt" ||
    { echo "FAIL: --jobs 1 did not print '$want'"; fail=1; }
done < <(sed -n 's|^// JOBS-EXPECT: ||p' "$file")
[ $fail = 0 ] && echo "PASS: $(basename "$file") identical under --jobs 1, 2, 4, 7 ($expect)"
cat "$work/cmp-1.txt" | head -5
exit $fail
