#!/usr/bin/env bash
# One task of a Slurm job array running `warpsim explore` over a share of the
# seeds (docs/explore.md, "Scale-out"):
#
#   sbatch --array=0-99 --cpus-per-task=8 scripts/explore-slurm.sh FILE.cu FIRST COUNT OUTDIR [explore options]
#
# Task T explores seeds FIRST+T*COUNT .. FIRST+(T+1)*COUNT-1 with
# $SLURM_CPUS_PER_TASK processes and writes OUTDIR/task-T.json; when the array
# is done, `warpsim merge OUTDIR/task-*.json` is the report of all the seeds.
# The warpsim to run is $WARPSIM, else `warpsim` on PATH; the compile cache
# (--cache-dir or $WARPSIM_CACHE_DIR) is best on a shared file system, so the
# program is compiled once for all tasks. Explore's exit status 1 (something
# found) is a finished task; anything else fails it.
#SBATCH --job-name=warpsim-explore
#SBATCH --output=warpsim-explore-%A_%a.log
set -euo pipefail
if [ $# -lt 4 ]; then
  echo "usage: sbatch --array=0-N $0 FILE.cu FIRST COUNT OUTDIR [explore options]" >&2
  exit 2
fi
file=$1 first=$2 count=$3 outdir=$4
shift 4
task=${SLURM_ARRAY_TASK_ID:-}
if ! [[ $task =~ ^[0-9]+$ ]]; then
  echo "explore-slurm.sh: SLURM_ARRAY_TASK_ID is not set: run it with sbatch --array" >&2
  exit 2
fi
if ! [[ $first =~ ^[0-9]+$ && $count =~ ^[1-9][0-9]*$ ]]; then
  echo "explore-slurm.sh: FIRST must be a seed and COUNT a positive number, not '$first' '$count'" >&2
  exit 2
fi
lo=$((first + task * count))
hi=$((lo + count - 1))
mkdir -p "$outdir"
rc=0
"${WARPSIM:-warpsim}" explore "$file" --seeds "$lo..$hi" --jobs "${SLURM_CPUS_PER_TASK:-1}" \
  --json "$outdir/task-$task.json" "$@" || rc=$?
[ $rc -le 1 ] || exit $rc
