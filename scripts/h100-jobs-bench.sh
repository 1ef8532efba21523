#!/usr/bin/env bash
# Issue 25 item 3 on the device's 16-core host: each bench program's `check`
# (and `run`) at --jobs 1 2 4 8 16, best of 3 whole-process ms, next to
# compute-sanitizer racecheck of its nvcc build on the GPU. Needs the
# programs built here with `warpsim build` in devbench/rb (carried). Output:
# $OUT/jobs.txt.
set -u
RB=$PWD/devbench/rb; export LD_LIBRARY_PATH=$RB
nv=/usr/local/cuda/bin/nvcc
o=$OUT/jobs.txt
{ nproc; uptime; nvidia-smi --query-gpu=name --format=csv,noheader; lscpu | grep "Model name"; } > $o
for p in block_reduce vector_add histogram transpose scan matmul; do
  $nv -arch=sm_90 -O3 -o /tmp/n_$p tests/bench/$p.cu > /dev/null 2>&1 &
done
wait
best() { local b=999999999 s e t; for r in 1 2 3; do s=$(date +%s%N); "$@" > /tmp/o.txt 2>&1; e=$(date +%s%N); t=$(( (e - s) / 1000000 )); ((t < b)) && b=$t; done; echo $b; }
for p in block_reduce vector_add histogram transpose scan matmul; do
  line="$p racecheck $(best compute-sanitizer --tool racecheck /tmp/n_$p) native $(best /tmp/n_$p)"
  for mode in "checks=all memory_error=continue" "checks=warp"; do
    line="$line | ${mode%% *}"
    for j in 1 2 4 8 16; do
      line="$line j$j $(WARPSIM_OPTIONS="$mode jobs=$j" best $RB/$p)"
      WARPSIM_OPTIONS="$mode jobs=$j" $RB/$p 2>&1 | grep -v kernel_ > /tmp/cmp_$j.txt
      cmp -s /tmp/cmp_1.txt /tmp/cmp_$j.txt || line="$line(DIFFERS)"
    done
  done
  echo "$line" >> $o
done
WARPSIM_OPTIONS="checks=all jobs=16 engine_notes=1" $RB/block_reduce 2>&1 | grep -i "engine\|jobs" >> $o
cat $o
