#!/usr/bin/env bash
# Records the GPU side of the cross-check (docs/crosscheck.md) on a machine
# with an NVIDIA GPU, CUDA 13 nvcc, ncu and compute-sanitizer:
#   scripts/h100-crosscheck.sh OUTDIR
# writes under OUTDIR
#   outputs/<prog>.out     named buffers (WARPSIM_OUTPUT_FILE) of every kernels/*.cu
#   stdout/<prog>.txt      its stdout+stderr and exit code
#   ncu/<prog>.csv         the issue's counters, one row per launch and metric
#   sanitizer/<prog>.<tool>.txt   racecheck/synccheck on every program;
#                          memcheck/initcheck too on the bug variants and tests/checks
#   versions.txt           GPU, driver and tool versions
# PHASES (default "outputs sanitizer ncu") picks the steps; ONLY="prog ..."
# restricts them to those programs (e.g. new tests/checks kernels); SANITIZER_TIMEOUT
# (default 120 s) bounds each sanitizer run (a kernel that deadlocks on the GPU
# is killed, rc=124); binaries are kept in
# build-h100/ and rebuilt only when a source is newer; with TARBALL set, OUTDIR
# is packed there after every step (a run cut short still returns its data).
# Copy OUTDIR to tests/crosscheck/h100/ to update the recorded data.
set -u
out=${1:?usage: h100-crosscheck.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
nvcc=$cuda/bin/nvcc
ncu=${NCU:-$(command -v ncu || echo "$cuda/bin/ncu")}
sanitizer=${SANITIZER:-$(command -v compute-sanitizer || echo "$cuda/bin/compute-sanitizer")}
jobs=$(nproc)
phases=${PHASES:-outputs sanitizer ncu}
bin=$root/build-h100
mkdir -p "$bin"
pack() { [ -z "${TARBALL:-}" ] || tar -C "$out" -czf "$TARBALL" .; }
has() { [[ " $phases " == *" $1 "* ]]; }
mkdir -p "$out"/{outputs,stdout,ncu,sanitizer}

{
  nvidia-smi --query-gpu=name,driver_version,compute_cap --format=csv,noheader
  "$nvcc" --version | tail -2
  "$ncu" --version | tail -1
  "$sanitizer" --version | tail -1
} >"$out/versions.txt" 2>&1

# prog-name<TAB>source for every program; kind = kernel | bug | check
list() {
  for f in "$root"/kernels/*.cu; do printf 'kernel\t%s\t%s\n' "$(basename "$f" .cu)" "$f"; done
  for f in "$root"/kernels/bugs/*.cu; do printf 'bug\t%s\t%s\n' "$(basename "$f" .cu)" "$f"; done
  for f in "$root"/tests/checks/*.cu; do printf 'check\t%s\t%s\n' "$(basename "$f" .cu)" "$f"; done
}
if [ -n "${ONLY:-}" ]; then
  list | awk -F'\t' -v only=" $ONLY " 'index(only, " " $2 " ")' >"$bin/programs.tsv"
else
  list >"$bin/programs.tsv"
fi

# Same flags as the CMake native build (cmake/Warpsim.cmake): sm_90, or the
# arch a `// nvcc-arch: sm_90a` line names, alone (wgmma needs sm_90a; nvcc's
# -arch=sm_90a also embeds compute_90 PTX, which ptxas refuses for wgmma).
rm -f "$bin/build-failures.txt"
cut -f2,3 "$bin/programs.tsv" | xargs -P "$jobs" -L1 bash -c \
  '[ "$2/$3" -nt "$4" ] && [ "$2/$3" -nt "$1/kernels/puzzle.h" ] && exit 0
   a=$(sed -n "s|^// nvcc-arch: sm_\\([0-9]*a\\)$|\\1|p" "$4" | head -1)
   arch=-arch=sm_90; [ -n "$a" ] && arch=-gencode=arch=compute_$a,code=sm_$a
   "$0" "$arch" -lineinfo -std=c++17 -I"$1/kernels" -o "$2/$3" "$4" >"$2/$3.build.txt" 2>&1 ||
   echo "$3" >>"$2/build-failures.txt"' "$nvcc" "$root" "$bin"
cp "$bin/build-failures.txt" "$out/" 2>/dev/null || true

# 1. outputs of every puzzle program
has outputs && while IFS=$'\t' read -r kind name src; do
  [ "$kind" = kernel ] && [ -x "$bin/$name" ] || continue
  rm -f "$out/outputs/$name.out"
  (cd "$(dirname "$src")" &&
    WARPSIM_OUTPUT_FILE="$out/outputs/$name.out" timeout 60 "$bin/$name" >"$out/stdout/$name.txt" 2>&1
    echo "rc=$?" >>"$out/stdout/$name.txt")
done <"$bin/programs.tsv"
pack

# 2. sanitizers (four at a time: small kernels, the GPU is shared fine)
has sanitizer && while IFS=$'\t' read -r kind name src; do
  [ -x "$bin/$name" ] || continue
  tools="racecheck synccheck"
  [ "$kind" = kernel ] || tools="racecheck synccheck memcheck initcheck"
  for t in $tools; do printf '%s\t%s\t%s\n' "$t" "$name" "$(dirname "$src")"; done
done <"$bin/programs.tsv" | xargs -P 4 -L1 bash -c \
  'cd "$5" && timeout "${SANITIZER_TIMEOUT:-120}" "$0" --tool "$3" --print-limit 50 "$1/$4" >"$2/sanitizer/$4.$3.txt" 2>&1;
   echo "rc=$?" >>"$2/sanitizer/$4.$3.txt"' "$sanitizer" "$bin" "$out"
pack

# 3. ncu counters of every puzzle program (one at a time: ncu locks the GPU)
metrics=l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_ld.sum,l1tex__data_bank_conflicts_pipe_lsu_mem_shared_op_st.sum
metrics+=,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_ld.sum,l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum
metrics+=,l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum
metrics+=,l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum,l1tex__t_requests_pipe_lsu_mem_global_op_st.sum
metrics+=,smsp__thread_inst_executed_per_inst_executed.ratio,smsp__inst_executed.sum,smsp__thread_inst_executed.sum
has ncu && while IFS=$'\t' read -r kind name src; do
  [ "$kind" = kernel ] && [ -x "$bin/$name" ] || continue
  (cd "$(dirname "$src")" &&
    timeout 120 "$ncu" --csv --metrics "$metrics" "$bin/$name" >"$out/ncu/$name.csv" 2>&1)
done <"$bin/programs.tsv"
pack
