#!/bin/bash
# Grid-sync programs on a GPU machine: native outputs (tests/runtime/native-h100.txt)
# and compute-sanitizer logs of the tests/checks ones (tests/crosscheck/h100/sanitizer/).
mkdir -p $OUT/native
cd tests/runtime
for f in grid_sync_iterate grid_sync_not_cooperative grid_sync_block_exits; do
  { echo "=== $f"; nvcc -arch=sm_90 -lineinfo -std=c++17 -o /tmp/$f $f.cu 2>&1 | head -8 && timeout 30 /tmp/$f 2>&1 | head -20; echo "rc=${PIPESTATUS[0]}"; } >> $OUT/native/native.txt 2>&1
done
cd ../..
ONLY="grid_sync_reduce_clean race_grid_sync_missing" PHASES=sanitizer bash scripts/h100-crosscheck.sh /tmp/h > /tmp/h.log 2>&1
for f in grid_sync_reduce_clean race_grid_sync_missing; do
  echo "=== $f" >> $OUT/native/native.txt
  find /tmp/h -name "$f" -type f -perm -u+x -exec {} \; >> $OUT/native/native.txt 2>&1
done
tar czf $OUT/san.tgz -C /tmp/h sanitizer
