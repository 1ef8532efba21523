#!/usr/bin/env bash
# The warpgroup MMA programs (issue 28 items 2, 4, 5) on an H100 with CUDA 13:
#   scripts/h100-wgmma.sh OUTDIR
# 1. tests/runtime/wgmma_forms.cu and wgmma_shapes.cu built with
#    -gencode=arch=compute_90a,code=sm_90a and run (OUTDIR/native/<prog>.txt:
#    build log, stdout, exit code), and the same programs under warpsim if
#    build/sim/warpsim exists (OUTDIR/warpsim/<prog>.txt) to diff against;
# 2. scripts/h100-crosscheck.sh restricted to kernels/h10_tma_wgmma_gemm.cu,
#    its bug variants and tests/checks/wgmma_*.cu (ONLY=...): outputs,
#    compute-sanitizer logs (racecheck and synccheck on every program, memcheck
#    and initcheck on the bug variants and checks), ncu counters. The
#    crosscheck script builds every source with a `// nvcc-arch: sm_90a` line
#    with the same -gencode flags.
set -u
out=${1:?usage: h100-wgmma.sh OUTDIR}
root=$(cd "$(dirname "$0")/.." && pwd)
cuda=${CUDA_HOME:-/usr/local/cuda}
mkdir -p "$out/native" "$out/warpsim"
for prog in wgmma_forms wgmma_shapes; do
  src=$root/tests/runtime/$prog.cu
  {
    echo "\$ nvcc -gencode=arch=compute_90a,code=sm_90a -lineinfo -std=c++17 -o $prog tests/runtime/$prog.cu"
    "$cuda/bin/nvcc" -gencode=arch=compute_90a,code=sm_90a -lineinfo -std=c++17 \
      -o "/tmp/h100-$prog" "$src" 2>&1 | grep -v "C751[79]"
    echo "\$ ./$prog"
    timeout 120 "/tmp/h100-$prog" 2>&1
    echo "rc=$?"
  } >"$out/native/$prog.txt" 2>&1
  if [ -x "$root/build/sim/warpsim" ]; then
    (cd "$root" && timeout 600 build/sim/warpsim run "tests/runtime/$prog.cu" >"$out/warpsim/$prog.txt" 2>&1
      echo "rc=$?" >>"$out/warpsim/$prog.txt")
  fi
done
progs="h10_tma_wgmma_gemm h10_bug_wgmma_missing_proxy_fence h10_bug_wgmma_release_before_wait"
progs="$progs $(cd "$root/tests/checks" && ls wgmma_*.cu | sed 's/\.cu$//' | tr '\n' ' ')"
ONLY="$progs" bash "$root/scripts/h100-crosscheck.sh" "$out/crosscheck"
