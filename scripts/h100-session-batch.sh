#!/usr/bin/env bash
# The GPU batch this session could not run (no device machine started): the texture
# weight probe (scripts/probe_tex_weights.cu; fit with scripts/fit_tex3d.py), native runs of
# the new runtime programs, the cross-check recording of every program awaiting a GPU run
# (docs/crosscheck-sanitizers.md) and check timings beside compute-sanitizer racecheck
# (needs tests/bench/run_jobs.sh-style builds of the bench programs in devbench/rb).
# Run from the repository root with OUT set; results are packed into $OUT/all.tgz.
set -u
R=$OUT/res; mkdir -p $R/probe $R/native $R/bench
nv=/usr/local/cuda/bin/nvcc
pack() { tar -C $R -czf $OUT/all.tgz .; }
T0=$(date +%s)
$nv -arch=sm_90 -O2 -o /tmp/tw scripts/probe_tex_weights.cu && /tmp/tw $R/probe > $R/probe/log.txt 2>&1; echo "rc=$?" >> $R/probe/log.txt
pack
for p in wmma_fragments mma_ptx_forms tma_tiles tma_reduce tma_driver_entry wgmma_forms wgmma_shapes tma_multicast tma_im2col tma_tensormap_replace; do
  (cd tests/runtime && $nv -gencode=arch=compute_90a,code=sm_90a -std=c++17 -lineinfo -o /tmp/$p $p.cu -lcuda > $R/native/$p.build.txt 2>&1 && timeout 60 /tmp/$p > $R/native/$p.txt 2>&1; echo "rc=$?" >> $R/native/$p.txt) &
done
for p in block_reduce vector_add histogram transpose scan matmul; do
  $nv -arch=sm_90 -O3 -o /tmp/n_$p tests/bench/$p.cu > $R/bench/build_$p.txt 2>&1 &
done
wait
pack
echo "natives done at $(( $(date +%s) - T0 )) s"
# The HIP programs' CUDA twins (tests/hip/cuda): their stdout on the GPU.
timeout 120 bash scripts/h100-crosscheck-hip.sh $R/hip > $R/hip.log 2>&1; rm -rf $R/hip/bin
pack
ONLY="h07_wmma_gemm h08_mma_ldmatrix_gemm h09_tma_transpose h07_bug_wmma_no_sync_before_load h08_bug_mma_divergent_guard h09_bug_tma_store_no_proxy_fence wmma_divergent tma_tile_clean tma_store_missing_proxy_fence tma_load_missing_wait tma_encode_misuse tma_map_not_grid_constant race_memcpy_async_streams race_memcpy_async_streams_clean race_lock_order_acquire_unfenced lock_order_fenced_clean lock_order_forced_clean mp_volatile_no_acquire mp_volatile_no_release mp_volatile_strict mp_volatile_fenced_clean last_block_sample_fence_before_atomic last_block_sample_fenced_clean race_last_block_sample_no_fence race_waw_same_value_blocks race_waw_different_value_blocks race_kernels_two_streams_clean h10_tma_wgmma_gemm h10_bug_wgmma_missing_proxy_fence h10_bug_wgmma_release_before_wait wgmma_clean wgmma_missing_proxy_fence wgmma_accumulator_early_access wgmma_partial_warpgroup wgmma_tile_overwritten wgmma_missing_fence wgmma_divergent tma_multicast_clean tma_multicast_missing_wait tma_multicast_missing_proxy_fence tma_multicast_bad_mask tma_tensormap_fence_clean tma_tensormap_missing_fence tma_tensormap_missing_acquire tma_tensormap_acquire_other_map tma_tensormap_cp_fenceproxy_clean tma_tensormap_cp_fenceproxy_missing_acquire tma_tensormap_replace_refused tma_im2col_clean tma_im2col_encode_misuse tma_im2col_mode_mismatch" \
PHASES="outputs ncu sanitizer" SANITIZER_TIMEOUT=30 timeout 420 scripts/h100-crosscheck.sh $R/xc > $R/xc.log 2>&1
pack
echo "crosscheck done at $(( $(date +%s) - T0 )) s"
RB=$PWD/devbench/rb; export LD_LIBRARY_PATH=$RB
{ nproc; uptime; nvidia-smi --query-gpu=name --format=csv,noheader; lscpu | grep "Model name"; } > $R/bench/host.txt
ms() { local s; s=$(date +%s%N); "$@" > /tmp/o.txt 2>&1; echo "$? $(( ($(date +%s%N) - s) / 1000000 ))"; }
for r in 1 2; do for p in block_reduce vector_add histogram transpose scan matmul; do
  [ $(( $(date +%s) - T0 )) -lt 560 ] || break 2
  echo "$p racecheck r$r $(ms compute-sanitizer --tool racecheck /tmp/n_$p)"
  echo "$p native r$r $(ms /tmp/n_$p)"
  echo "$p warpsim_check_j1 r$r $(WARPSIM_OPTIONS="checks=all memory_error=continue jobs=1" ms $RB/$p)"
  echo "$p warpsim_check_j16 r$r $(WARPSIM_OPTIONS="checks=all memory_error=continue jobs=16" ms $RB/$p)"
  echo "$p warpsim_check_fibers_j16 r$r $(WARPSIM_OPTIONS="checks=all memory_error=continue jobs=16 engine=fibers" ms $RB/$p)"
done; done > $R/bench/bench.txt 2>&1
pack
echo "all done at $(( $(date +%s) - T0 )) s"; cat $R/bench/bench.txt | head -70
