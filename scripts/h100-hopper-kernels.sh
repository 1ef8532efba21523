#!/usr/bin/env bash
# Records the GPU side of the Hopper programs (kernels/h0*.cu) and their bug
# variants (kernels/bugs/h0*_bug_*.cu) on an H100 with CUDA 13 nvcc, ncu and
# compute-sanitizer:
#   scripts/h100-hopper-kernels.sh OUTDIR
# 1. scripts/h100-crosscheck.sh restricted to those programs (ONLY=...): the
#    CMake native build's flags (nvcc -arch=sm_90 -lineinfo), outputs/ and
#    stdout/ of the clean programs, sanitizer/<prog>.<tool>.txt (racecheck and
#    synccheck on every program, memcheck and initcheck on the bug variants;
#    SANITIZER_TIMEOUT, default 30 s, kills a kernel that hangs: rc=124) and
#    ncu/<prog>.csv of the clean programs;
# 2. memcheck on the clean programs too (sanitizer/<prog>.memcheck.txt);
# 3. every program built again with -arch=sm_90a and run once
#    (sm90a/<prog>.txt: build log, output, exit code): the issue asks for
#    sm_90a builds; none of these programs needs the `a` features.
# OUTDIR/outputs, stdout, sanitizer and ncu go to tests/crosscheck/h100/ (the
# layout of scripts/h100-crosscheck.sh); sm90a/ to tests/crosscheck/h100/hopper-sm90a/.
set -u
out=${1:?usage: h100-hopper-kernels.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
sanitizer=${SANITIZER:-$(command -v compute-sanitizer || echo "$cuda/bin/compute-sanitizer")}
mkdir -p "$out/sanitizer" "$out/sm90a"

progs=$(cd "$root/kernels" && ls h0*.cu bugs/h0*_bug_*.cu | xargs -n1 basename | sed 's/\.cu$//' | tr '\n' ' ')
echo "programs: $progs"

ONLY="$progs" SANITIZER_TIMEOUT=${SANITIZER_TIMEOUT:-30} bash "$root/scripts/h100-crosscheck.sh" "$out"

for f in "$root"/kernels/h0*.cu; do
  name=$(basename "$f" .cu)
  [ -x "$root/build-h100/$name" ] || continue
  (cd "$root/kernels" &&
    timeout "${SANITIZER_TIMEOUT:-30}" "$sanitizer" --tool memcheck --print-limit 50 \
      "$root/build-h100/$name" >"$out/sanitizer/$name.memcheck.txt" 2>&1
    echo "rc=$?" >>"$out/sanitizer/$name.memcheck.txt")
done

for f in "$root"/kernels/h0*.cu "$root"/kernels/bugs/h0*_bug_*.cu; do
  name=$(basename "$f" .cu)
  log="$out/sm90a/$name.txt"
  {
    echo "\$ nvcc -arch=sm_90a -lineinfo -std=c++17 -I kernels -o $name ${f#"$root"/}"
    "$cuda/bin/nvcc" -arch=sm_90a -lineinfo -std=c++17 -I"$root/kernels" -o "/tmp/sm90a-$name" "$f" 2>&1
    echo "build rc=$?"
    (cd "$(dirname "$f")" && timeout 30 "/tmp/sm90a-$name" 2>&1)
    echo "rc=$?"
  } >"$log" 2>&1
done
