#!/usr/bin/env bash
# Reproduces the recorded fuzzing run of the front end (docs/reliability.md):
# builds warpsim_frontend_fuzz (clang-19, libFuzzer + ASan; Debian's
# libclang-rt-19-dev) in build-fuzz/, seeds it with every .cu file in the
# repository and the committed corpus (tests/fuzz/corpus), and fuzzes for
# SECONDS (default 1800) as one niced job. What it finds goes to
# build-fuzz/fuzz-run/: crashes/ (each a crash, leak, timeout or OOM input),
# corpus/ (everything new), min/ (corpus/ minimised with -merge=1), fuzz.log.
#   scripts/fuzz.sh [SECONDS]
# Environment: WARPSIM_FUZZ_BUILD (build directory), WARPSIM_FUZZ_WORK (run
# directory), WARPSIM_FUZZ_FORK (1, the default: go on after a finding; 0:
# one process, which stops at the first finding but spends no time
# restarting jobs), WARPSIM_FUZZ_TIMEOUT (seconds per input, default 300:
# the limit is wall-clock time, and a niced job on a busy machine waits),
# WARPSIM_FUZZ_SEEDS (more corpus directories, space-separated),
# WARPSIM_FUZZ_ARGS (more libFuzzer flags).
set -euo pipefail
secs=${1:-1800}
root=$(cd "$(dirname "$0")/.." && pwd)
build=${WARPSIM_FUZZ_BUILD:-$root/build-fuzz}
work=${WARPSIM_FUZZ_WORK:-$build/fuzz-run}

cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_C_COMPILER=clang-19 -DCMAKE_CXX_COMPILER=clang++-19 \
  -DWARPSIM_FUZZ=ON -DWARPSIM_NATIVE_KERNELS=OFF >/dev/null
cmake --build "$build" --target warpsim_frontend_fuzz
fuzzer=$build/frontend/fuzz/warpsim_frontend_fuzz

mkdir -p "$work/corpus" "$work/crashes" "$work/seeds" "$work/min"
# Every .cu in the repository, flattened (kernels/p01.cu -> kernels_p01.cu).
(cd "$root" && git ls-files '*.cu') | while read -r f; do
  cp "$root/$f" "$work/seeds/${f//\//_}"
done
echo "fuzz.sh: $(ls "$work/seeds" | wc -l) seed files, $secs s"

dirs=("$work/corpus" "$work/seeds")
[ -d "$root/tests/fuzz/corpus" ] && dirs+=("$root/tests/fuzz/corpus")
# shellcheck disable=SC2206
dirs+=(${WARPSIM_FUZZ_SEEDS:-})
fork=()
[ "${WARPSIM_FUZZ_FORK:-1}" = 1 ] &&
  fork=(-fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1)
# -fork=1 with -ignore_*: one job that goes on after a finding, so that one
# run collects every crash; -timeout and -rss_limit_mb make hangs and
# runaway memory findings too (-timeout is wall-clock: a timeout input is
# only a hang if it is slow again when run alone).
# shellcheck disable=SC2086
nice -n 19 "$fuzzer" "${dirs[@]}" \
  -dict="$root/frontend/fuzz/cuda.dict" -max_total_time="$secs" \
  -timeout="${WARPSIM_FUZZ_TIMEOUT:-300}" -rss_limit_mb=3072 -max_len=32768 "${fork[@]}" \
  -artifact_prefix="$work/crashes/" -print_final_stats=1 \
  ${WARPSIM_FUZZ_ARGS:-} 2>&1 | tee "$work/fuzz.log" | grep -E '^#|INFO: fuzzed|crash|timeout|oom|leak' || true

# The corpus, minimised: the inputs that keep the coverage reached.
nice -n 19 "$fuzzer" -merge=1 "$work/min" "${dirs[@]}" \
  >"$work/merge.log" 2>&1 || true
echo "fuzz.sh: minimised corpus: $(ls "$work/min" | wc -l) files in $work/min"
echo "fuzz.sh: findings: $(ls "$work/crashes" | wc -l) in $work/crashes"
