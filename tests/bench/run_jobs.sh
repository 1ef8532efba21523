#!/bin/bash
# --jobs scaling of the benchmark programs (docs/performance.md, "Blocks on
# several host threads").
#   run_jobs.sh prepare WARPSIM DIR   build the programs with warpsim into DIR
#                                     (with Boost.Context's library), for a
#                                     many-core machine without LLVM
#   run_jobs.sh time DIR [JOBS...]    time them there: best of 3 per --jobs
#                                     (default 1 2 4 8 16), and check that
#                                     every output is the one of --jobs 1
set -u
here=$(cd "$(dirname "$0")" && pwd)
case ${1:-} in
prepare)
  warpsim=$2 dir=$3
  mkdir -p "$dir"
  for p in block_reduce vector_add histogram transpose scan matmul; do
    d=$("$warpsim" run --check none --keep-temps "$here/$p.cu" 2>&1 | sed -n 's/.*kept in //p')
    cp "$d/program" "$dir/$p" && rm -rf "$d"
  done
  cp "$(ldd "$dir/block_reduce" | awk '/libboost_context/ {print $3}')" "$dir/"
  cp "$0" "$dir/run_jobs.sh" ;;
time)
  dir=$2
  shift 2
  [ $# -gt 0 ] || set -- 1 2 4 8 16
  cd "$dir" && export LD_LIBRARY_PATH=$PWD
  echo "$(nproc) cores; $(uptime)"
  # The programs run alone, as `warpsim run` and `warpsim check` would run
  # them: WARPSIM_OPTIONS (checks=warp is `warpsim run`'s default, nothing:
  # --check none, checks=all with memory_error=continue: `warpsim check`;
  # commas in a spec stand for spaces).
  # ONLY="prog ..." restricts the programs; SPECS="prog|options ..." replaces the list.
  specs=${SPECS:-}
  if [ -z "$specs" ]; then
    for p in ${ONLY:-block_reduce vector_add histogram transpose scan matmul}; do
      specs="$specs $p|checks=warp $p|checks=all,memory_error=continue"
    done
  fi
  for spec in $specs; do
    spec=${spec//,/ }
    prog=${spec%%|*} extra=${spec#*|}
    for j in "$@"; do
      best=999999999
      for r in 1 2 3; do
        s=$(date +%s%N)
        WARPSIM_OPTIONS="jobs=$j $extra" "./$prog" >"/tmp/jobs-out-$j.txt" 2>&1
        e=$(date +%s%N)
        t=$(((e - s) / 1000000))
        ((t < best)) && best=$t
      done
      echo "$prog ${extra:-checks=none} --jobs $j: best of 3 $best ms"
      grep -v kernel_ns "/tmp/jobs-out-$j.txt" >"/tmp/jobs-cmp-$j.txt"
      cmp -s "/tmp/jobs-cmp-$1.txt" "/tmp/jobs-cmp-$j.txt" || echo "  OUTPUT DIFFERS from --jobs $1"
    done
  done ;;
*)
  echo "usage: run_jobs.sh prepare WARPSIM DIR | time DIR [JOBS...]" >&2
  exit 2 ;;
esac
