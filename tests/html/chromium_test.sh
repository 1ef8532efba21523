#!/usr/bin/env bash
# The --html page in a real browser: Debian's chromium, headless.
#   chromium_test.sh page    WARPSIM SOURCE OUTDIR CACHE
#       writes the page of `warpsim check SOURCE`, loads it and requires:
#       the page's scripts ran without an error (data-js-ready="1",
#       data-js-errors="0", no console line), the DOM shows the race at its
#       read line with that line highlighted and the summary's count equal to
#       the findings shown, and a screenshot that is a non-empty PNG;
#   chromium_test.sh broken  WARPSIM SOURCE OUTDIR CACHE
#       the twin: the same page with a script error added must be caught,
#       both in the console and in data-js-errors.
# No chromium is a failure, not a skip: CMake's WARPSIM_HTML_TESTS=OFF is the
# documented way to leave these tests out.
set -uo pipefail
mode=$1 warpsim=$2 src=$3 out=$4 cache=$5
fail() {
  echo "FAIL (chromium $mode): $*" >&2
  exit 1
}
chromium=$(command -v chromium || command -v chromium-browser) ||
  fail "no 'chromium' on PATH: install Debian's chromium (scripts/install-deps.sh --test) or configure with -DWARPSIM_HTML_TESTS=OFF"
mkdir -p "$out"
base=$(basename "$src")
read_line=$(grep -n '// @read$' "$src" | cut -d: -f1)
cd "$(dirname "$src")" || fail "cd"
page=$out/chromium-$mode.html
"$warpsim" check "$base" --cache-dir "$cache" --html "$page" >"$out/chromium-$mode.txt" 2>&1
[ $? -eq 3 ] || fail "warpsim check did not report the race: $(cat "$out/chromium-$mode.txt")"
if [ "$mode" = broken ]; then
  sed -i 's#</body>#<script>noSuchFunction();</script></body>#' "$page"
fi

# One headless chromium run: its own profile directory, a time limit.
browse() {
  local profile
  profile=$(mktemp -d "$out/chromium-profile.XXXXXX")
  timeout 120 "$chromium" --headless --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run \
    --user-data-dir="$profile" --enable-logging=stderr --v=0 --window-size=1280,1600 "$@" \
    "file://$page"
  local rc=$?
  rm -rf "$profile"
  return $rc
}

dom=$out/chromium-$mode.dom
log=$out/chromium-$mode.log
browse --dump-dom >"$dom" 2>"$log"
rc=$?
[ $rc -eq 0 ] || fail "chromium --dump-dom: exit status $rc (124: timed out): $(tail -5 "$log")"
[ -s "$dom" ] || fail "chromium dumped an empty DOM"
# Console messages of the page (chromium logs them as ...:CONSOLE(...)).
console=$(grep -E ':CONSOLE|Uncaught' "$log" || true)
errors_attr=$(grep -oE 'data-js-errors="[0-9]+"' "$dom" | head -1)

if [ "$mode" = broken ]; then
  echo "$console" | grep -q 'Uncaught ReferenceError: noSuchFunction' ||
    fail "the console did not show the added error: $(tail -5 "$log")"
  [ "$errors_attr" = 'data-js-errors="1"' ] || fail "the page recorded '$errors_attr', expected 1 error"
  echo "ok (chromium broken: the added error is seen)"
  exit 0
fi

[ -z "$console" ] || fail "console messages: $console"
[ "$errors_attr" = 'data-js-errors="0"' ] || fail "the page recorded errors: $errors_attr"
grep -qF 'data-js-ready="1"' "$dom" || fail "the page's script did not run to its end"
# The finding, its location and the highlighted line, as the browser parsed them.
grep -qE '<details class="finding error" id="finding-1" data-kind="race" open="">' "$dom" ||
  fail "no open race finding in the DOM"
grep -qF "<span class=\"loc\">$base:$read_line:" "$dom" || fail "no $base:$read_line in the DOM"
grep -qE "<div class=\"ln hl\"><span class=\"no\">$read_line</span><code>.*t &lt; n\) \? <span class=\"col\">s</span>\[t - 1\] &amp; 0xff" "$dom" ||
  fail "the read line is not highlighted (escaped) in the DOM"
shown=$(grep -oE '<details class="finding [a-z]+" id="finding-[0-9]+" data-kind="race"' "$dom" | wc -l)
errors_shown=$(grep -oE '<details class="finding error" id="finding-[0-9]+"' "$dom" | wc -l)
row=$(grep -oE '<tr data-kind="race">.*</tr>' "$dom")
errors=$(echo "$row" | sed -E 's/.*class="num errors">([0-9]+)<.*/\1/')
warnings=$(echo "$row" | sed -E 's/.*class="num warnings">([0-9]+)<.*/\1/')
[ "$shown" -gt 0 ] && [ $((errors + warnings)) -eq "$shown" ] ||
  fail "summary row says $errors errors + $warnings warnings, the DOM shows $shown race findings"
grep -qF "<span id=\"error-count\">$errors_shown</span>" "$dom" ||
  fail "the error count is not the $errors_shown error findings shown"

# A screenshot: a PNG (signature, IHDR width 1280) of some size.
png=$out/chromium-$mode.png
rm -f "$png"
browse --screenshot="$png" >/dev/null 2>"$log.shot"
rc=$?
[ $rc -eq 0 ] || fail "chromium --screenshot: exit status $rc: $(tail -5 "$log.shot")"
[ "$(head -c 8 "$png" | od -An -tx1 | tr -d ' \n')" = 89504e470d0a1a0a ] || fail "$png is not a PNG"
[ "$(head -c 24 "$png" | tail -c 8 | od -An -tu1 | awk '{print $1*16777216+$2*65536+$3*256+$4}')" -eq 1280 ] ||
  fail "$png is not 1280 pixels wide"
size=$(stat -c %s "$png")
[ "$size" -gt 20000 ] || fail "$png has only $size bytes"
echo "ok (chromium page: $shown race findings, screenshot $size bytes)"
