#!/usr/bin/env bash
# Runs tests/runtime/cluster/probe_clusters.cu on an H100 (CUDA 13): how launches with
# clusters fail, occupancy of clusters, special registers, DSMEM. Output in
# $1/probe_clusters.txt (committed as tests/runtime/cluster/probe_clusters.h100.txt).
set -uo pipefail
out=${1:-/tmp/h100-clusters}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
nvcc -arch=sm_90a -lineinfo -o "$out/probe_clusters" tests/runtime/cluster/probe_clusters.cu 2>&1 | tee "$out/nvcc.txt"
"$out/probe_clusters" > "$out/probe_clusters.txt"; echo "exit $?"
cat "$out/probe_clusters.txt"
