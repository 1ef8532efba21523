#!/usr/bin/env bash
# One case of the filters/report-destination/progress/timeout tests:
#   filters.sh CASE WARPSIM CACHE_DIR WORK_DIR
# Runs from this directory; each case asserts what a user would see and
# exits non-zero, saying why, when something differs.
set -u
case_name=$1 WARPSIM=$2 CACHE=$3 WORK=$4
cd "$(dirname "$0")" || exit 1
mkdir -p "$WORK" && rm -rf "${WORK:?}"/* || exit 1
OUT=$WORK/out.txt

fail() { echo "FAIL ($case_name): $*"; echo "--- output:"; cat "$OUT" 2>/dev/null; exit 1; }
# ws ARGS...: runs warpsim (stdout and stderr to $OUT), sets $rc.
ws() { "$WARPSIM" "$@" --cache-dir "$CACHE" >"$OUT" 2>&1; rc=$?; }
expect_rc() { [ "$rc" = "$1" ] || fail "exit status $rc, expected $1"; }
has() { grep -Eq -- "$1" "${2:-$OUT}" || fail "no match for '$1' in ${2:-output}"; }
hasnt() { ! grep -Eq -- "$1" "${2:-$OUT}" || fail "unexpected match for '$1' in ${2:-output}"; }
APP="ERROR \[race\] in kernel 'app_last_writer'"
LIB="ERROR \[race\] in kernel 'lib_histogram'"

case $case_name in
supp.file) # a race in library code, silenced by file; the user's stays
  ws check two_kernels.cu --suppressions supp_lib.txt --json "$WORK/r.json" --sarif "$WORK/r.sarif"
  expect_rc 3
  has "$APP"; hasnt "lib_histogram"
  has "warpsim: unused suppression at supp_lib.txt:5$"; hasnt "unused suppression at supp_lib.txt:2"
  has "warpsim: 3 findings suppressed \(--suppressions supp_lib.txt\)"
  has "warpsim: 1 error, 0 warnings"
  # (llvm::json's layout: one key a line, two spaces an indent level)
  has '^  "suppressed": 3,$' "$WORK/r.json"
  tr -d ' \n' <"$WORK/r.json" | grep -q '"unused_suppressions":\["supp_lib.txt:5"\]' ||
    fail "json unused_suppressions"
  has '^  "errors": 1,$' "$WORK/r.json"; has '"name": "app_last_writer"' "$WORK/r.json"
  hasnt lib_histogram "$WORK/r.json"
  [ "$(grep -c '"ruleId"' "$WORK/r.sarif")" = 1 ] || fail "sarif results"
  hasnt lib_histogram "$WORK/r.sarif" ;;
supp.all) # every error silenced: check no longer exits 3
  printf 'kind=race file=*/lib/*\nkernel=app_last_writer\n' >"$WORK/s.txt"
  ws check two_kernels.cu --suppressions "$WORK/s.txt"
  expect_rc 0
  has "done 1"; hasnt "ERROR"; hasnt "unused suppression"
  has "warpsim: 4 findings suppressed"; has "warpsim: 0 errors, 0 warnings" ;;
supp.function) # by a function of the call stack
  ws check two_kernels.cu --suppressions supp_function.txt
  expect_rc 3; has "$APP"; hasnt "lib_histogram"; has "3 findings suppressed" ;;
supp.kernel) # by kernel glob, any kind
  ws check two_kernels.cu --suppressions supp_kernel_glob.txt
  expect_rc 3; has "$LIB"; hasnt "app_last_writer"; has "1 finding suppressed" ;;
supp.no_match) # the twin: close rules that match nothing
  ws check two_kernels.cu --suppressions supp_no_match.txt --json "$WORK/r.json"
  expect_rc 3; has "$APP"; has "$LIB"
  for l in 2 3 4; do has "unused suppression at supp_no_match.txt:$l$"; done
  has "warpsim: 0 findings suppressed"; has "warpsim: 4 errors"
  has '^  "suppressed": 0,$' "$WORK/r.json" ;;
supp.unused_keys_absent) # without filters the JSON has no new keys
  ws check two_kernels.cu --json "$WORK/r.json"
  expect_rc 3
  has '^  "errors": 4,$' "$WORK/r.json"
  hasnt '"(suppressed|kernel_filtered|unused_suppressions)"' "$WORK/r.json"
  hasnt "suppress" ;;
cli.suppressions_bad_kind)
  ws check two_kernels.cu --suppressions supp_bad_kind.txt
  expect_rc 2
  has "^warpsim: error: supp_bad_kind.txt:3: unknown finding kind 'racy'"
  [ "$(wc -l <"$OUT")" = 1 ] || fail "more than one line" ;;
cli.suppressions_bad_field)
  ws check two_kernels.cu --suppressions supp_bad_field.txt
  expect_rc 2; has "^warpsim: error: supp_bad_field.txt:2: expected key=value, not 'kernel'" ;;
cli.suppressions_bad_key)
  printf 'kind=race\n\n  # ok\nkernal=x\n' >"$WORK/s.txt"
  ws check two_kernels.cu --suppressions "$WORK/s.txt"
  expect_rc 2; has "s.txt:4: unknown key 'kernal' \(kind, kernel, function or file\)" ;;
cli.suppressions_fatal)
  ws check two_kernels.cu --suppressions supp_fatal.txt
  expect_rc 2; has "supp_fatal.txt:1: 'deadlock' ends the run and cannot be suppressed" ;;
cli.suppressions_missing)
  ws check two_kernels.cu --suppressions no_such_file.txt
  expect_rc 2; has "^warpsim: error: cannot read the suppressions file 'no_such_file.txt'" ;;
kernel.substring) # compute-sanitizer's kns=
  ws check two_kernels.cu --kernel-name kns=histo --json "$WORK/r.json"
  expect_rc 3; has "$LIB"; hasnt "app_last_writer"
  has "warpsim: 1 finding in other kernels not reported"
  has '^  "kernel_filtered": 1,$' "$WORK/r.json"; hasnt app_last_writer "$WORK/r.json" ;;
kernel.exact) # kernel_name= and a plain NAME are whole names
  ws check two_kernels.cu --kernel-name kernel_name=app_last_writer
  expect_rc 3; has "$APP"; hasnt "lib_histogram"
  ws check two_kernels.cu --kernel-name app_last
  expect_rc 0; hasnt "ERROR"; has "4 findings in other kernels not reported" ;;
kernel.exclude)
  ws check two_kernels.cu --kernel-name-exclude kne=lib_histogram
  expect_rc 3; has "$APP"; hasnt "lib_histogram"
  ws check two_kernels.cu --kernel-name-exclude kns=_ --kernel-name kns=app
  expect_rc 0; hasnt "ERROR" ;;
kernel.unfiltered) # the twin: a filter that selects both reports both
  ws check two_kernels.cu --kernel-name kns=_ --kernel-name-exclude kne=lib
  expect_rc 3; has "$APP"; has "$LIB"; hasnt "other kernels" ;;
cli.kernel_name_bad)
  ws check two_kernels.cu --kernel-name foo=bar
  expect_rc 2; has "^warpsim: error: --kernel-name: unknown key 'foo'"
  ws check two_kernels.cu --kernel-name-exclude kns=
  expect_rc 2; has "^warpsim: error: --kernel-name-exclude: expected kernel_name=NAME"
  "$WARPSIM" check two_kernels.cu --kernel-name >"$OUT" 2>&1; rc=$?
  expect_rc 2; has "option --kernel-name needs a value" ;;
logfile.report) # the report to the file, the program's output stays
  ws check two_kernels.cu --log-file "$WORK/report.%p.%q{WARPSIM_TEST_TAG}.%%.txt"
  expect_rc 3
  has "^done 1$"; hasnt "========="
  # shellcheck disable=SC2086
  set -- "$WORK"/report.*.txt
  [ $# = 1 ] && [ -f "$1" ] || fail "no single log file: $*"
  [[ $1 =~ report\.[0-9]+\.filters\.%\.txt$ ]] || fail "log file name $1"
  has "$APP" "$1"; has "$LIB" "$1"; has "warpsim: 4 errors, 0 warnings" "$1"
  hasnt "done 1" "$1" ;;
logfile.twin) # without it, the report is on stdout as before
  "$WARPSIM" check two_kernels.cu --cache-dir "$CACHE" >"$OUT" 2>/dev/null; rc=$?
  expect_rc 3; has "^done 1$"; has "$APP"; has "$LIB"; has "warpsim: 4 errors" ;;
cli.log_file_bad)
  ws check two_kernels.cu --log-file "$WORK/r%z.txt"
  expect_rc 2; has "unknown substitution '%z'"
  ws check two_kernels.cu --log-file "$WORK/r%q{WARPSIM_NO_SUCH_VAR}.txt"
  expect_rc 2; has "environment variable 'WARPSIM_NO_SUCH_VAR'"
  ws check two_kernels.cu --log-file "$WORK/no/such/dir/r.txt"
  expect_rc 2; has "^warpsim: error: --log-file: cannot write '.*no/such/dir/r.txt'" ;;
progress.tty) # a pseudo-terminal shows the line, and it is erased
  script -qfec "'$WARPSIM' run slow_launches.cu --cache-dir '$CACHE'" /dev/null >"$OUT" 2>&1
  has "finished"; has "warpsim: [0-9]+ launch(es)? \| .* events/s \| [0-9.]+ s"
  grep -q $'\r\x1b\[K' "$OUT" || fail "the progress line is not erased"
  has "launches=4 " ;;
progress.kernel) # inside a launch: the kernel and its blocks
  script -qfec "'$WARPSIM' run long_kernel.cu --timeout 3 --cache-dir '$CACHE'" /dev/null \
    >"$OUT" 2>&1
  has "warpsim: 1 launch \| 'count_up' blocks 0/1 \| [0-9.]+[kMG]? events/s"
  hasnt " 0 events/s"; has "ERROR \[timeout\]" ;;
progress.no_tty) # the twin: in a pipe, nothing
  "$WARPSIM" run slow_launches.cu --cache-dir "$CACHE" 2>&1 | cat >"$OUT"
  has "finished"; hasnt "events/s"; grep -q $'\r' "$OUT" && fail "carriage return in a pipe"
  true ;;
progress.disabled) # --no-progress, and a JSON report on stdout
  script -qfec "'$WARPSIM' run slow_launches.cu --no-progress --cache-dir '$CACHE'" /dev/null \
    >"$OUT" 2>&1
  has "finished"; hasnt "events/s"
  script -qfec "'$WARPSIM' run slow_launches.cu --json - --cache-dir '$CACHE'" /dev/null \
    >"$OUT" 2>&1
  has '"tool": "warpsim"'; hasnt "events/s" ;;
timeout.host) # main spins, another host thread sleeps: both located
  start=$SECONDS
  ws run host_hang.cu --timeout 2
  expect_rc 5
  [ $((SECONDS - start)) -lt 60 ] || fail "took $((SECONDS - start)) s"
  has "^launched$"
  has "ERROR \[timeout\]"
  has "the program ran longer than --timeout 2 s and was ended; where each host thread was:"
  has "host thread 1 \(main\) at host_hang.cu:1[89]:"
  has "#1 host_hang.cu:[0-9]+:[0-9]+ in main"
  has "host thread 2 at host_hang.cu:1[23]:"
  has "host thread 1 \(main\) at host_hang.cu:1[89]:[0-9]+ in spin_forever"
  has "in waiter"
  hasnt "sim/runtime|_start"; hasnt "was killed" ;;
timeout.kernel) # a long kernel: the GPU thread running on the main thread
  ws check long_kernel.cu --timeout 2
  expect_rc 5
  has "ERROR \[timeout\] in kernel 'count_up' \(launch 1\)"
  has "ended while a kernel was running; where each host thread and each GPU thread was:"
  has "host thread 1 \(main\)(, running this (launch|GPU thread))? at long_kernel.cu:[0-9]+"
  has "32 threads \(0..31\) of block \(0,0,0\): running(, last [a-z ]+ memory)? at long_kernel.cu:[789]:"
  hasnt "without progress"; hasnt "sim/runtime"
  hasnt "never printed" ;;
timeout.unresponsive) # every signal blocked: killed, and said so
  ws run host_hang_masked.cu --timeout 1
  expect_rc 5
  has "^warpsim: error: the program ran longer than --timeout 1 s and was killed \(it did not report where its threads were\)"
  hasnt "ERROR \[timeout\]" ;;
timeout.unaffected) # the twin: a run well within the limit is the same run
  "$WARPSIM" check two_kernels.cu --cache-dir "$CACHE" >"$WORK/plain.txt" 2>&1; rc1=$?
  ws check two_kernels.cu --timeout 600
  expect_rc $rc1
  cmp -s "$OUT" "$WORK/plain.txt" || fail "output differs with --timeout" ;;
cli.timeout_bad)
  for v in 0 -3 abc 1.5 999999999; do
    ws run host_hang.cu --timeout "$v"
    expect_rc 2
    has "^warpsim: error: --timeout needs a whole number of seconds between 1 and 604800, not '$v'"
  done ;;
cli.filters_other_commands) # options of run and check only
  for c in build lint crosscheck translate; do
    ws "$c" two_kernels.cu --timeout 5
    expect_rc 2; has "^warpsim: error: --timeout is an option of run and check only"
  done
  ws lint two_kernels.cu --suppressions supp_lib.txt
  expect_rc 2; has "--suppressions is an option of run and check only" ;;
*) echo "unknown case $case_name"; exit 1 ;;
esac
echo "ok: $case_name"
