#!/usr/bin/env bash
# Cut `sgtool solve SPEC` into jobs and run them with GNU parallel on this
# machine, then merge: the same answer as `sgtool solve SPEC`.
#
#   docs/examples/split-parallel.sh cram:5x7 run-5x7 64
#
# Needs sgtool on the PATH (go install ./examples/sgtool) and GNU parallel.
set -euo pipefail
spec=${1:-cram:5x7}
dir=${2:-split-run}
count=${3:-64}
workers=${WORKERS:-$(nproc)}

sgtool split "$spec" -jobs "$dir" -count "$count"
n=$(find "$dir/jobs" -name '*.job' | wc -l)
# One process a job, largest first (the order of their numbers); each
# writes $dir/results/NNN.json. A job whose result is there already is
# not run again, so the same line resumes an interrupted run.
seq 0 $((n - 1)) | parallel --will-cite -j "$workers" --joblog "$dir/joblog" \
	sgtool job "$dir" -index {} -workers 1 -checkpoint "$dir/checkpoints/{}.ckpt" >/dev/null
sgtool merge "$dir"
