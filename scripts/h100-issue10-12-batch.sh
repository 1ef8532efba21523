#!/bin/bash
# native runs of new runtime programs + sanitizer logs of new tests/checks programs
mkdir -p $OUT/native
cd tests/runtime
for f in shared_alignas pipeline_api cg_memcpy_async ptx_functions device_heap heap_clean heap_leak heap_double_free heap_out_of_bounds heap_use_after_free large_params large_params_overflow; do
  { echo "=== $f"; nvcc -arch=sm_90a -lineinfo -std=c++17 -o /tmp/$f $f.cu 2>&1 | grep -v "^$" | head -8 && timeout 60 /tmp/$f 2>&1 | head -40; echo "rc=${PIPESTATUS[0]}"; } >> $OUT/native/native.txt 2>&1
done
for f in heap_leak heap_double_free heap_out_of_bounds heap_use_after_free heap_clean; do
  [ -x /tmp/$f ] && timeout 120 compute-sanitizer --tool memcheck --leak-check full /tmp/$f > $OUT/native/$f.memcheck.txt 2>&1
done
cd ../..
ONLY="cg_memcpy_async_clean cg_memcpy_async_missing_wait pipeline_acquire_overrun pipeline_missing_consumer_wait pipeline_tiles_clean" PHASES=sanitizer SANITIZER_TIMEOUT=60 bash scripts/h100-crosscheck.sh /tmp/h > /tmp/h.log 2>&1
tar czf $OUT/san.tgz -C /tmp/h sanitizer
tail -3 /tmp/h.log
