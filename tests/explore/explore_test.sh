#!/usr/bin/env bash
# warpsim explore and merge (docs/explore.md), tests/explore/CMakeLists.txt:
#   explore_test.sh MODE WARPSIM OUTDIR CACHE
# MODE: outcomes  the racy counter under seeds 1..N: at least two outcomes and a
#                 race; the same bytes for --jobs 1, 2 and 4; the smallest seed
#                 of each outcome and finding replays it with warpsim run
#       clean     the atomic twin: one outcome, no finding, exit status 0
#       merge     reports of sub-ranges (disjoint and overlapping), merged in
#                 any order, are byte for byte the report of the whole range;
#                 incompatible, unreadable and disagreeing reports: exit 2
#       usage     bad explore and merge command lines: one message, exit 2
#       parallel  GNU parallel runs sub-ranges (-j2) on this host; merged, they
#                 are the whole range's report
#       slurm     scripts/explore-slurm.sh as two Slurm array tasks (the task id
#                 set by hand); merged, the whole range's report
set -uo pipefail
mode=$1 warpsim=$2 out=$3 cache=$4
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
src=racy_counter.cu
N=24 # seeds 1..N
rm -rf "$out/$mode" && mkdir -p "$out/$mode" && out=$out/$mode
fail() {
  echo "FAIL ($mode): $*" >&2
  exit 1
}
# Run from the source's directory: reports name files as the user does.
cd "$here" || fail "cd"
explore() { "$warpsim" explore "$src" --cache-dir "$cache" "$@"; }
# python3 reads the JSON (llvm-19-tools, a build dependency, brings it).
json_get() { python3 -c "import json,sys; r=json.load(open(sys.argv[1])); print(eval(sys.argv[2]))" "$@"; }
line_of() { grep -n "// @$1\$" "$src" | cut -d: -f1; }
# A usage error: exit status 2, exactly one line, naming what is wrong.
usage_error() {
  local what=$1
  shift
  "$@" >"$out/usage.out" 2>"$out/usage.err"
  local rc=$?
  [ $rc -eq 2 ] || fail "$* exited $rc, expected 2: $(cat "$out/usage.err")"
  [ "$(wc -l <"$out/usage.err")" -eq 1 ] || fail "$* printed more than one line: $(cat "$out/usage.err")"
  grep -q "^warpsim: error: .*$what" "$out/usage.err" || fail "$*: message lacks '$what': $(cat "$out/usage.err")"
  [ ! -s "$out/usage.out" ] || fail "$* printed a report: $(cat "$out/usage.out")"
}
whole() { # the reference: one explore over 1..N
  explore --seeds "1..$N" --json "$out/whole.json" >"$out/whole.txt" 2>"$out/whole.err"
  local rc=$?
  [ $rc -eq 1 ] || fail "explore 1..$N exited $rc, expected 1 (something found): $(cat "$out/whole.err")"
}
same() { cmp -s "$1" "$2" || fail "$1 and $2 differ: $(diff "$1" "$2" | head -10)"; }

case $mode in
outcomes)
  for j in 1 2 4; do
    explore --seeds "1..$N" --jobs $j --json "$out/j$j.json" >"$out/j$j.txt" 2>"$out/j$j.err"
    rc=$?
    [ $rc -eq 1 ] || fail "--jobs $j exited $rc, expected 1: $(cat "$out/j$j.err")"
  done
  same "$out/j1.json" "$out/j2.json"
  same "$out/j1.json" "$out/j4.json"
  same "$out/j1.txt" "$out/j2.txt"
  same "$out/j1.txt" "$out/j4.txt"
  r=$out/j1.json
  outcomes=$(json_get "$r" 'len(r["outcomes"])')
  [ "$outcomes" -ge 2 ] || fail "only $outcomes outcome(s) over $N seeds: the test program must depend on the schedule"
  [ "$(json_get "$r" 'r["runs"]')" -eq $N ] || fail "runs is not $N"
  [ "$(json_get "$r" 'sum(o["runs"] for o in r["outcomes"])')" -eq $N ] || fail "outcome counts do not add up to $N"
  grep -q "^========= $outcomes outcomes\$" "$out/j1.txt" || fail "text does not say '$outcomes outcomes'"
  # Each outcome: its smallest seed is the first of its seeds, no seed below it
  # gave it, and warpsim run with that seed prints exactly its stdout.
  for k in $(seq 0 $((outcomes - 1))); do
    s=$(json_get "$r" "r['outcomes'][$k]['smallest_seed']")
    [ "$(json_get "$r" "r['outcomes'][$k]['seeds'][0][0]")" -eq "$s" ] || fail "outcome $k: smallest seed is not its first seed"
    json_get "$r" "r['outcomes'][$k]['stdout']" >"$out/expect.out"
    truncate -s -1 "$out/expect.out" # print() added a newline
    "$warpsim" run "$src" --cache-dir "$cache" --schedule random --seed "$s" >"$out/replay.out" 2>&1
    rc=$?
    [ $rc -eq "$(json_get "$r" "r['outcomes'][$k]['exit_status']")" ] || fail "seed $s: exit status $rc"
    grep -v '^=========' "$out/replay.out" >"$out/replay.stdout"
    same "$out/expect.out" "$out/replay.stdout"
    # The report's own replay command (with --check all) gives the same output.
    cmd=$(json_get "$r" "r['outcomes'][$k]['replay']")
    [ "$cmd" = "warpsim run $src --check all --schedule random --seed $s" ] || fail "replay command: $cmd"
    "$warpsim" ${cmd#warpsim } --cache-dir "$cache" 2>&1 | grep -v '^=========' >"$out/replay2.stdout"
    same "$out/expect.out" "$out/replay2.stdout"
    # A seed of another outcome does not print this one's output.
    other=$(json_get "$r" "r['outcomes'][$(((k + 1) % outcomes))]['smallest_seed']")
    "$warpsim" run "$src" --cache-dir "$cache" --schedule random --seed "$other" 2>&1 | grep -v '^=========' >"$out/other.stdout"
    ! cmp -s "$out/expect.out" "$out/other.stdout" || fail "seeds $s and $other print the same, yet are two outcomes"
  done
  # The race, at the read and the write, with a replay that shows it.
  read_line=$(line_of read) write_line=$(line_of write)
  race=$(json_get "$r" "[f for f in r['findings'] if f['kind']=='race'][0]['smallest_seed']") ||
    fail "no race finding: $(cat "$out/j1.txt")"
  sites=$(json_get "$r" "' '.join([f for f in r['findings'] if f['kind']=='race'][0]['sites'])")
  [[ " $sites " == *" $src:$read_line "* || " $sites " == *" $src:$write_line "* ]] || fail "race sites: $sites"
  "$warpsim" run "$src" --cache-dir "$cache" --check all --schedule random --seed "$race" >"$out/race.txt" 2>&1
  grep -q "ERROR \[race\]" "$out/race.txt" || fail "seed $race does not replay the race: $(tail -3 "$out/race.txt")"
  grep -q "^=========   error \[race\] at .*$src:$write_line.*smallest $race\$" "$out/j1.txt" ||
    fail "text report lacks the race: $(cat "$out/j1.txt")"
  ;;
clean)
  explore --seeds "1..$N" -DUSE_ATOMIC --jobs 2 --json "$out/clean.json" >"$out/clean.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] || fail "clean twin exited $rc, expected 0: $(cat "$out/clean.txt")"
  [ "$(json_get "$out/clean.json" 'len(r["outcomes"])')" -eq 1 ] || fail "clean twin: not one outcome"
  [ "$(json_get "$out/clean.json" 'r["outcomes"][0]["stdout"]')" = "counter = 256, last = 7" ] || fail "clean twin: wrong output"
  [ "$(json_get "$out/clean.json" 'r["outcomes"][0]["runs"]')" -eq $N ] || fail "clean twin: not $N runs"
  [ "$(json_get "$out/clean.json" 'len(r["findings"])')" -eq 0 ] || fail "clean twin: findings"
  grep -q "^========= explore: $N seeds, 1 outcome, 0 findings (0 errors)\$" "$out/clean.txt" || fail "clean summary: $(tail -1 "$out/clean.txt")"
  ;;
merge)
  whole
  explore --seeds 1..10 --json "$out/a.json" >/dev/null 2>&1
  explore --seeds "11..$N" --json "$out/b.json" >/dev/null 2>&1
  explore --seeds 5..15 --json "$out/c.json" >/dev/null 2>&1
  explore --seeds 3 --json "$out/d.json" >/dev/null 2>&1
  ! cmp -s "$out/a.json" "$out/whole.json" || fail "a sub-range gives the whole range's report"
  i=0
  for order in "a b" "b a" "c b a" "a c b d" "d b c a"; do
    files=()
    for f in $order; do files+=("$out/$f.json"); done
    "$warpsim" merge "${files[@]}" --json "$out/m$i.json" >"$out/m$i.txt" 2>"$out/m$i.err"
    rc=$?
    [ $rc -eq 1 ] || fail "merge $order exited $rc: $(cat "$out/m$i.err")"
    same "$out/whole.json" "$out/m$i.json"
    same "$out/whole.txt" "$out/m$i.txt"
    i=$((i + 1))
  done
  # Reports that leave a gap merge into a report that says so.
  "$warpsim" merge "$out/d.json" "$out/b.json" --json "$out/gap.json" >"$out/gap.txt" 2>&1
  grep -q "^========= EXPLORE $src: 15 seeds (3, 11..$N) of" "$out/gap.txt" || fail "gap: $(head -1 "$out/gap.txt")"
  # Not the same exploration: another define, another option.
  explore --seeds 1..2 -DUSE_ATOMIC --json "$out/atomic.json" >/dev/null 2>&1
  usage_error "atomic.json does not combine with .*a.json: it runs another command" "$warpsim" merge "$out/a.json" "$out/atomic.json"
  # Another source text (same name).
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['source_fnv1a64']='0'*16; json.dump(r,open(sys.argv[2],'w'))" "$out/a.json" "$out/edited.json"
  usage_error "another version of $src" "$warpsim" merge "$out/b.json" "$out/edited.json"
  # Made by another warpsim.
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['warpsim_version']='0.0.1'; json.dump(r,open(sys.argv[2],'w'))" "$out/b.json" "$out/old.json"
  usage_error "old.json does not combine with .*a.json: it was made by warpsim 0.0.1, not " "$warpsim" merge "$out/a.json" "$out/old.json"
  # Overlapping reports that disagree about a seed.
  python3 -c "
import json,sys
r=json.load(open(sys.argv[1]))
o=r['outcomes'][0]; o['stdout_fnv1a64']='f'*16
json.dump(r,open(sys.argv[2],'w'))" "$out/c.json" "$out/liar.json"
  usage_error "disagree about the outcome" "$warpsim" merge "$out/a.json" "$out/liar.json"
  usage_error "cannot read '$out/none.json'" "$warpsim" merge "$out/a.json" "$out/none.json"
  usage_error "cannot read '$out'" "$warpsim" merge "$out"
  echo '{"version": 1, "tool": "warpsim", "outcomes": [' >"$out/broken.json"
  usage_error "broken.json: not JSON" "$warpsim" merge "$out/a.json" "$out/broken.json"
  "$warpsim" check "$src" --cache-dir "$cache" --json "$out/check.json" >/dev/null 2>&1
  usage_error "check.json: a warpsim run/check report, not an explore report" "$warpsim" merge "$out/check.json"
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); r['version']=2; json.dump(r,open(sys.argv[2],'w'))" "$out/a.json" "$out/v2.json"
  usage_error "explore report version 2, this warpsim reads version 1" "$warpsim" merge "$out/v2.json"
  python3 -c "import json,sys; r=json.load(open(sys.argv[1])); del r['outcomes'][0]['seeds']; json.dump(r,open(sys.argv[2],'w'))" "$out/a.json" "$out/noseeds.json"
  usage_error "noseeds.json: outcome 1: 'seeds' is missing" "$warpsim" merge "$out/noseeds.json"
  [ ! -e "$out/none.json" ] || fail "a failed merge wrote something"
  ;;
usage)
  usage_error "explore needs --seeds A..B" "$warpsim" explore "$src"
  usage_error "--seeds needs a range A..B .* not '5..3'" "$warpsim" explore "$src" --seeds 5..3
  usage_error "--seeds needs a range A..B .* not '1..x'" "$warpsim" explore "$src" --seeds 1..x
  usage_error "option --seeds needs a value" "$warpsim" explore "$src" --seeds
  usage_error "--jobs needs an integer between 1 and 4096, not '0'" "$warpsim" explore "$src" --seeds 1..2 --jobs 0
  usage_error "--schedule is not an option of explore" "$warpsim" explore "$src" --seeds 1..2 --schedule lockstep
  usage_error "--seed is not an option of explore" "$warpsim" explore "$src" --seeds 1..2 --seed 4
  usage_error "--html is not an option of explore" "$warpsim" explore "$src" --seeds 1..2 --html x.html
  usage_error "--json '$out/no/such/dir/r.json': no directory" "$warpsim" explore "$src" --seeds 1..2 --json "$out/no/such/dir/r.json"
  usage_error "--json '$out' is a directory" "$warpsim" explore "$src" --seeds 1..2 --json "$out"
  usage_error "--warp-size must be 32 or 64" "$warpsim" explore "$src" --seeds 1..2 --warp-size 48
  usage_error "unknown option '--frobnicate'" "$warpsim" explore "$src" --seeds 1..2 --frobnicate
  usage_error "merge needs explore reports" "$warpsim" merge
  usage_error "unknown option '--seeds' of merge" "$warpsim" merge --seeds 1..2 x.json
  "$warpsim" explore --help >"$out/help.txt" 2>&1 || fail "explore --help failed"
  grep -q "^  explore FILE.cu --seeds A..B" "$out/help.txt" || fail "explore --help: $(head -3 "$out/help.txt")"
  # The twin: a good command line runs (exit 1: the race is found).
  "$warpsim" explore "$src" --cache-dir "$cache" --seeds 1..2 >"$out/ok.txt" 2>&1
  [ $? -eq 1 ] || fail "a good command line did not run: $(cat "$out/ok.txt")"
  # A file that does not compile: the compiler's located error, exit 4.
  printf '__global__ void k() { int x = ; }\nint main() {}\n' >"$out/bad.cu"
  "$warpsim" explore "$out/bad.cu" --cache-dir "$cache" --seeds 1..2 >"$out/bad.txt" 2>&1
  rc=$?
  [ $rc -eq 4 ] || fail "a program that does not compile: exit $rc, expected 4"
  grep -q "bad.cu:1:.*error" "$out/bad.txt" || fail "no located error: $(cat "$out/bad.txt")"
  ;;
parallel)
  command -v parallel >/dev/null || fail "GNU parallel is not installed (scripts/install-deps.sh --test)"
  whole
  mkdir -p "$out/reports"
  # As docs/explore.md shows it; explore's exit status 1 (something found) is
  # no failure of the job.
  parallel --will-cite -j2 "'$warpsim' explore $src --cache-dir '$cache' --seeds {} --json '$out/reports/{#}.json' >/dev/null; test \$? -le 1" \
    ::: 1..7 8..16 17..$N 3..9 || fail "parallel: a job failed"
  [ "$(ls "$out/reports" | wc -l)" -eq 4 ] || fail "parallel wrote $(ls "$out/reports" | wc -l) reports, not 4"
  "$warpsim" merge "$out"/reports/*.json --json "$out/merged.json" >"$out/merged.txt" 2>&1
  [ $? -eq 1 ] || fail "merge: $(cat "$out/merged.txt")"
  same "$out/whole.json" "$out/merged.json"
  same "$out/whole.txt" "$out/merged.txt"
  # The twin: without one sub-range the union is not the whole range.
  "$warpsim" merge "$out/reports/1.json" "$out/reports/3.json" --json "$out/part.json" >/dev/null 2>&1
  ! cmp -s "$out/whole.json" "$out/part.json" || fail "a partial merge equals the whole"
  ;;
slurm)
  whole
  # Two tasks of `sbatch --array=0-1 scripts/explore-slurm.sh`, N/2 seeds each.
  for t in 0 1; do
    SLURM_ARRAY_TASK_ID=$t WARPSIM=$warpsim "$root/scripts/explore-slurm.sh" "$src" 1 $((N / 2)) "$out/reports" \
      --cache-dir "$cache" >"$out/task$t.log" 2>&1 || fail "task $t: $(cat "$out/task$t.log")"
  done
  [ -s "$out/reports/task-0.json" ] && [ -s "$out/reports/task-1.json" ] || fail "tasks wrote no reports: $(ls "$out/reports")"
  [ "$(json_get "$out/reports/task-1.json" 'r["seeds"]')" = "[[$((N / 2 + 1)), $N]]" ] || fail "task 1's seeds: $(json_get "$out/reports/task-1.json" 'r["seeds"]')"
  "$warpsim" merge "$out"/reports/task-*.json --json "$out/merged.json" >"$out/merged.txt" 2>&1
  same "$out/whole.json" "$out/merged.json"
  same "$out/whole.txt" "$out/merged.txt"
  # Without a task id the script says so and fails.
  env -u SLURM_ARRAY_TASK_ID WARPSIM=$warpsim "$root/scripts/explore-slurm.sh" "$src" 1 4 "$out/x" >"$out/noid.log" 2>&1 &&
    fail "the task script ran without SLURM_ARRAY_TASK_ID"
  grep -q "SLURM_ARRAY_TASK_ID" "$out/noid.log" || fail "no word about SLURM_ARRAY_TASK_ID: $(cat "$out/noid.log")"
  ;;
*) fail "unknown mode" ;;
esac
echo "PASS ($mode)"
