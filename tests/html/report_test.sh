#!/usr/bin/env bash
# The --html report, without a browser (tests/html/CMakeLists.txt):
#   report_test.sh MODE WARPSIM SOURCE OUTDIR CACHE
# MODE: race     check finds the race; the page names it at both sites, with
#                the lines highlighted and escaped, the threads and the call
#                stack; the counts agree with the --json report; no external
#                URL; a second run gives the same bytes
#       clean    the same program with the barrier: an explicit "no findings"
#       profile  run --profile: the per-line table (numbers equal to the
#                text report's) and the inline pictures
#       usage    bad --html use: one message, exit status 2, no page
set -uo pipefail
mode=$1 warpsim=$2 src=$3 out=$4 cache=$5
mkdir -p "$out"
fail() {
  echo "FAIL ($mode): $*" >&2
  exit 1
}
base=$(basename "$src")
line_of() { grep -n "// @$1\$" "$src" | cut -d: -f1; }
read_line=$(line_of read)
write_line=$(line_of write)
call_line=$(line_of call)
[ -n "$read_line" ] && [ -n "$write_line" ] && [ -n "$call_line" ] || fail "markers missing in $src"
# Run from the source's directory: the page names files as the user does.
cd "$(dirname "$src")" || fail "cd"

# Text exactly as the page must show it: HTML-escaped.
esc() { printf '%s' "$1" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g' -e 's/>/\&gt;/g' -e "s/'/\&#39;/g" -e 's/"/\&quot;/g'; }
escaped() { esc "$(sed -n "$1p" "$src")"; }
# A site's highlighted line: escaped, the character at the site's column
# (from the text report, "ROLE at FILE:LINE:COL") marked.
highlighted() {
  local role=$1 n=$2 col text
  col=$(sed -n "s/.*: $role at $base:$n:\([0-9]*\)\$/\1/p" "$out/race.txt" | head -1)
  [ -n "$col" ] || fail "the text report has no '$role at $base:$n:COL'"
  text=$(sed -n "${n}p" "$src")
  printf '<div class="ln hl"><span class="no">%s</span><code>%s<span class="col">%s</span>%s</code></div>' \
    "$n" "$(esc "${text:0:col-1}")" "$(esc "${text:col-1:1}")" "$(esc "${text:col}")"
}
has() { grep -qF -- "$2" "$1" || fail "$1 lacks: $2"; }
lacks() { ! grep -qF -- "$2" "$1" || fail "$1 has: $2"; }
no_external() {
  # Self-contained: no fetched resource. The SVG namespace is a name, not a URL to load.
  local urls
  urls=$(grep -oE "https?://[^\"' <>]*" "$1" | grep -vx 'http://www.w3.org/2000/svg' || true)
  [ -z "$urls" ] || fail "$1 has external URLs: $urls"
  ! grep -qE '(src|href)=|@import|url\(' "$1" || fail "$1 loads something: $(grep -oE '(src|href)=[^ ]*|@import|url\(' "$1" | head -3)"
}

case $mode in
race)
  page=$out/race.html
  rm -f "$page" "$out/race2.html" "$out/race.json"
  "$warpsim" check "$base" --cache-dir "$cache" --html "$page" --json "$out/race.json" >"$out/race.txt" 2>&1
  rc=$?
  [ $rc -eq 3 ] || fail "exit status $rc, expected 3: $(cat "$out/race.txt")"
  [ -s "$page" ] || fail "no page written"
  has "$page" '<!DOCTYPE html>'
  has "$page" 'data-kind="race"'
  # Both sites located and their lines highlighted, escaped.
  has "$page" "<span class=\"loc\">$base:$read_line:"
  has "$page" "<span class=\"loc\">$base:$write_line:"
  has "$page" "$(highlighted read "$read_line")"
  has "$page" "$(highlighted "earlier write" "$write_line")"
  has "$page" '(t &gt; 0 &amp;&amp; t &lt; n) ? <span class="col">s</span>[t - 1] &amp; 0xff'
  lacks "$page" '(t > 0 && t < n)'
  # Context lines around the highlighted one, not highlighted.
  has "$page" "<div class=\"ln\"><span class=\"no\">$((read_line - 1))</span>"
  # Threads and blocks, the call stack into neighbour() from the kernel.
  grep -qE '<span class="who">thread \([0-9]+,0,0\) of block \(0,0,0\)</span>' "$page" || fail "no thread/block"
  has "$page" 'call stack'
  grep -qE "<li><span class=\"loc\">$base:$call_line:[0-9]+</span> in <span class=\"fn\">shift_left" "$page" ||
    fail "no caller frame $base:$call_line in shift_left"
  # The summary's counts: as many race findings as the JSON report has.
  json_races=$(grep -c '"kind": "race"' "$out/race.json")
  [ "$json_races" -gt 0 ] || fail "the JSON report has no race"
  page_races=$(grep -c '<details class="finding [a-z]*" id="finding-[0-9]*" data-kind="race"' "$page")
  [ "$page_races" -eq "$json_races" ] || fail "page shows $page_races races, JSON has $json_races"
  json_errors=$(sed -n 's/^  "errors": \([0-9]*\),$/\1/p' "$out/race.json")
  has "$page" "<span id=\"error-count\">$json_errors</span>"
  row=$(grep -o '<tr data-kind="race">.*</tr>' "$page")
  sum=$(echo "$row" | sed -E 's/.*class="num errors">([0-9]+)<.*class="num warnings">([0-9]+)<.*class="num notes">([0-9]+)<.*/\1+\2+\3/')
  [ $((sum)) -eq "$page_races" ] || fail "summary row '$row' does not count $page_races races"
  lacks "$page" 'id="no-findings"'
  no_external "$page"
  # Deterministic: the same run, the same bytes.
  "$warpsim" check "$base" --cache-dir "$cache" --html "$out/race2.html" >/dev/null 2>&1
  cmp "$page" "$out/race2.html" || fail "two runs gave different pages"
  # ... also when the program is built afresh elsewhere (other temporary and
  # cache paths must not reach the page).
  rm -rf "$out/other-cache" "$out/race3.html"
  "$warpsim" check "$base" --cache-dir "$out/other-cache" --html "$out/race3.html" >/dev/null 2>&1
  cmp "$page" "$out/race3.html" || fail "a build in another cache gave a different page"
  rm -rf "$out/other-cache"
  ;;
clean)
  page=$out/clean.html
  rm -f "$page"
  "$warpsim" check "$base" -DWITH_BARRIER --cache-dir "$cache" --html "$page" >"$out/clean.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] || fail "exit status $rc, expected 0: $(cat "$out/clean.txt")"
  has "$page" '<p id="no-findings"'
  has "$page" '<span id="error-count">0</span>'
  has "$page" '<span id="finding-count">0</span>'
  lacks "$page" 'class="finding'
  lacks "$page" '<div class="ln hl">'
  no_external "$page"
  ;;
profile)
  page=$out/profile.html
  rm -f "$page"
  "$warpsim" run "$base" -DWITH_BARRIER --profile --cache-dir "$cache" --html "$page" >"$out/profile.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] || fail "exit status $rc, expected 0: $(cat "$out/profile.txt")"
  has "$page" '<section id="profile">'
  has "$page" '<div class="kernel-profile" data-kernel="shift_left">'
  has "$page" '<table class="lines">'
  has "$page" '<figure id="profile-picture">'
  has "$page" 'lane activity'
  has "$page" 'bank heat map'
  [ "$(grep -c '<svg ' "$page")" -eq 1 ] || fail "not exactly one inline SVG"
  has "$page" 'l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum'
  # The write line's row: its executed and bank-wavefront numbers are the text table's.
  text_row=$(grep -E "^========= +$base:$write_line " "$out/profile.txt") || fail "no text row for line $write_line"
  read -r _ _ _ t_exec t_active _ t_wf _ <<<"$text_row"
  html_row=$(grep -oE "<tr[^>]*><td class=\"loc\">$base:$write_line</td>.*</tr>" "$page") || fail "no table row for line $write_line"
  h_exec=$(echo "$html_row" | sed -E 's#^<tr[^>]*><td[^>]*>[^<]*</td><td>[^<]*</td><td class="num">([^<]*)</td><td class="num">([^<]*)</td><td class="num">[^<]*</td><td class="num">([^<]*)</td>.*#\1 \2 \3#')
  [ "$h_exec" = "$t_exec $t_active $t_wf" ] || fail "table row '$h_exec' differs from the text '$t_exec $t_active $t_wf'"
  # The source column: the trimmed line, escaped.
  for l in "$write_line" "$read_line"; do
    has "$page" "<code>$(escaped "$l" | sed -e 's/^[ \t]*//' -e 's/[ \t]*$//')</code>"
  done
  has "$page" '<p id="no-findings"'
  no_external "$page"
  # Without --profile, no profile section (the twin).
  "$warpsim" run "$base" -DWITH_BARRIER --cache-dir "$cache" --html "$out/noprofile.html" >/dev/null 2>&1
  lacks "$out/noprofile.html" '<section id="profile">'
  lacks "$out/noprofile.html" '<svg'
  ;;
usage)
  expect_usage() {
    local what=$1 want=$2
    shift 2
    local err
    err=$("$warpsim" "$@" 2>&1 >/dev/null)
    local rc=$?
    [ $rc -eq 2 ] || fail "$what: exit status $rc, expected 2 ($err)"
    [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] || fail "$what: not one line: $err"
    case $err in
    "warpsim: error: "*"$want"*) ;;
    *) fail "$what: message '$err' lacks '$want'" ;;
    esac
  }
  rm -rf "$out/usage" && mkdir -p "$out/usage"
  expect_usage "no file name" "option --html needs a value" check "$base" --cache-dir "$cache" --html
  expect_usage "an option for a file name" "--html needs a file name" check "$base" --html --profile
  expect_usage "a missing directory" "no directory '$out/usage/missing'" check "$base" --cache-dir "$cache" --html "$out/usage/missing/r.html"
  expect_usage "a directory" "is a directory" check "$base" --cache-dir "$cache" --html "$out/usage"
  expect_usage "lint" "--html is an option of run and check only" lint "$base" --html "$out/usage/l.html"
  [ -z "$(ls -A "$out/usage")" ] || fail "bad usage left files: $(ls "$out/usage")"
  ;;
*)
  fail "unknown mode"
  ;;
esac
echo "ok ($mode)"
