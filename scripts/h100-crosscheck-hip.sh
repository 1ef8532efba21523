#!/usr/bin/env bash
# Records the GPU side of the HIP programs' CUDA twins (tests/hip/cuda/*.cu,
# docs/hip.md "Cross-checking") on an H100 with CUDA 13 nvcc:
#   scripts/h100-crosscheck-hip.sh OUTDIR
# Each twin is built as cmake/Warpsim.cmake builds it (nvcc -arch=sm_90
# -lineinfo -std=c++17) and run once; OUTDIR/NAME.stdout is its stdout (rc
# appended to OUTDIR/NAME.rc). Copy OUTDIR/*.stdout to tests/hip/h100/: the
# CTests hip.h100.NAME then compare them with warpsim's HIP run at 64 lanes
# (the lines starting "ws:" depend on the device and are not compared).
set -u
out=${1:?usage: h100-crosscheck-hip.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
nvcc=${CUDA_HOME:-/usr/local/cuda}/bin/nvcc
mkdir -p "$out/bin"
for f in "$root"/tests/hip/cuda/*.cu; do
  name=$(basename "$f" .cu)
  if ! "$nvcc" -arch=sm_90 -lineinfo -std=c++17 -o "$out/bin/$name" "$f" >"$out/$name.build.txt" 2>&1; then
    echo "$name: build failed (see $out/$name.build.txt)"
    continue
  fi
  "$out/bin/$name" >"$out/$name.stdout" 2>"$out/$name.stderr"
  echo "$?" >"$out/$name.rc"
  echo "$name: rc=$(cat "$out/$name.rc")"
done
