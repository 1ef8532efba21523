#!/usr/bin/env bash
# The litmus table (docs/memory-model.md), tests/litmus/CMakeLists.txt:
#   litmus_test.sh MODE WARPSIM OUTDIR CACHE
# MODE: ptx      litmus.cu and barriers.cu, seeds 1..8 (random schedule) and
#                the lockstep run: no test's forbidden outcome ever appears;
#                each allowed weak outcome of recorded-seeds.txt appears under
#                its seed, and a second run of that seed prints the same bytes;
#                LB's weak outcome (allowed, out of the model's reach: no
#                promises) never appears
#       sc       the same seeds under --memory-model sc (and the default): no
#                weak outcome at all, allowed or forbidden
#       explore  warpsim explore --memory-model ptx finds MP's weak outcome and
#                its smallest seed replays it; under sc it finds none
#       usage    bad --memory-model values and WARPSIM_INSTRUMENTATION=tsan with
#                ptx: one message, exit status 2
set -uo pipefail
mode=$1 warpsim=$2 out=$3 cache=$4
here=$(cd "$(dirname "$0")" && pwd)
SEEDS="1 2 3 4 5 6 7 8"
rm -rf "$out/$mode" && mkdir -p "$out/$mode" && out=$out/$mode
fail() {
  echo "FAIL ($mode): $*" >&2
  exit 1
}
cd "$here" || fail "cd"
run() {
  local prog=$1
  shift
  "$warpsim" run "$prog" --cache-dir "$cache" "$@"
}
# weak FILE TEST: the count of instances that ended in TEST's weak outcome.
weak() { grep "^$2 " "$1" | sed -n 's/.*weak([^)]*) \([0-9]*\)\/.*/\1/p'; }
verdict() { grep "^$2 " "$1" | awk '{print $3}'; }
tests() { awk '{print $1}' "$1"; }

case $mode in
ptx | sc)
  for prog in litmus.cu barriers.cu; do
    expected=$([ $prog = litmus.cu ] && echo 18 || echo 7)
    for s in $SEEDS; do
      run $prog --memory-model "$mode" --schedule random --seed "$s" >"$out/$prog.seed$s.out" 2>&1 ||
        fail "$prog seed $s exited $?: $(tail -3 "$out/$prog.seed$s.out")"
      [ "$(grep -c ' weak(' "$out/$prog.seed$s.out")" -eq "$expected" ] ||
        fail "$prog seed $s: not $expected tests"
    done
    run $prog --memory-model "$mode" >"$out/$prog.lockstep.out" 2>&1 || fail "$prog lockstep exited $?"
  done
  for f in "$out"/*.out; do
    for t in $(grep ' weak(' "$f" | awk '{print $1}'); do
      w=$(weak "$f" "$t")
      [ -n "$w" ] || fail "$f: no count for $t"
      v=$(verdict "$f" "$t")
      if [ "$mode" = sc ] && [ "$w" -ne 0 ]; then
        fail "$f: $t's weak outcome appeared $w times under sc"
      fi
      if [ "$v" = forbidden ] && [ "$w" -ne 0 ]; then
        fail "$f: $t's forbidden outcome appeared $w times"
      fi
      if [ "$t" = LB ] && [ "$w" -ne 0 ]; then
        fail "$f: LB's weak outcome appeared: the model has no promises, it must not reach it"
      fi
    done
  done
  if [ "$mode" = ptx ]; then
    while read -r prog t s; do
      case $prog in '#'* | '') continue ;; esac
      w=$(weak "$out/$prog.seed$s.out" "$t")
      [ "${w:-0}" -gt 0 ] || fail "$prog $t: recorded seed $s shows no weak outcome (${w:-none})"
      run "$prog" --memory-model ptx --schedule random --seed "$s" >"$out/replay.out" 2>&1
      cmp -s "$out/$prog.seed$s.out" "$out/replay.out" ||
        fail "$prog seed $s does not replay byte for byte"
      echo "$prog $t: weak outcome $w under seed $s, replayed"
    done <recorded-seeds.txt
    # Every allowed weak outcome but LB's has a recorded seed.
    for prog in litmus.cu barriers.cu; do
      for t in $(grep ' allowed ' "$out/$prog.seed1.out" | awk '{print $1}'); do
        [ "$t" = LB ] && continue
        grep -q "^$prog $t " recorded-seeds.txt || fail "allowed $t of $prog has no recorded seed"
      done
    done
  fi
  echo "PASS ($mode)"
  ;;
explore)
  "$warpsim" explore litmus.cu --cache-dir "$cache" --seeds 1..4 --jobs 2 --memory-model ptx \
    --check none -- MP >"$out/ptx.txt" 2>&1
  rc=$?
  [ $rc -eq 1 ] || fail "explore ptx exited $rc, expected 1 (several outcomes)"
  grep -q 'weak(r1=1,r2=0) [1-9]' "$out/ptx.txt" || fail "explore ptx: no weak MP outcome"
  replay=$(grep -B1 'replay:.*' "$out/ptx.txt" | grep -A1 'weak(r1=1,r2=0) [1-9]' | grep -o 'replay: .*' | head -1 | sed 's/replay: warpsim run litmus.cu //')
  [ -n "$replay" ] || fail "explore ptx: no replay line for the weak outcome"
  # shellcheck disable=SC2086
  run litmus.cu $replay >"$out/replay.out" 2>&1 || fail "replay exited $?"
  grep -q 'weak(r1=1,r2=0) [1-9]' "$out/replay.out" || fail "replay ($replay) lost the weak outcome"
  "$warpsim" explore litmus.cu --cache-dir "$cache" --seeds 1..4 --jobs 2 --check none -- MP \
    >"$out/sc.txt" 2>&1
  rc=$?
  [ $rc -le 1 ] || fail "explore sc exited $rc"
  grep -q 'weak(r1=1,r2=0) [1-9]' "$out/sc.txt" && fail "explore sc: a weak MP outcome"
  echo "PASS (explore)"
  ;;
usage)
  usage_error() {
    "$@" >"$out/u.out" 2>"$out/u.err"
    local rc=$?
    [ $rc -eq 2 ] || fail "$* exited $rc, expected 2"
    [ "$(wc -l <"$out/u.err")" -eq 1 ] || fail "$*: not one line: $(cat "$out/u.err")"
    grep -q -- "$expect" "$out/u.err" || fail "$*: message lacks '$expect': $(cat "$out/u.err")"
  }
  expect="--memory-model needs 'sc' or 'ptx', not 'tso'"
  usage_error "$warpsim" run litmus.cu --cache-dir "$cache" --memory-model tso
  expect="--memory-model needs a value"
  usage_error "$warpsim" run litmus.cu --cache-dir "$cache" --memory-model
  expect="--memory-model ptx needs the value-carrying instrumentation"
  WARPSIM_INSTRUMENTATION=tsan usage_error "$warpsim" run litmus.cu --cache-dir "$cache" --memory-model ptx
  echo "PASS (usage)"
  ;;
*) fail "unknown mode" ;;
esac
