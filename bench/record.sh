#!/bin/sh
# record.sh: a record of BENCHMARKS.md on a GPU server (H100, H200) in one command, so that every
# record runs the same commands in the same order: sortscope's bench rows, CUB's rows from the
# same session (each configuration a user could pick: 32- and 64-bit num_items), then the 20
# separate 2^26 onesweep runs of the timing-stability target.
#
# Usage: bench/record.sh SORTSCOPE_CLI OUT_DIR [CUB_BASELINE]
#   SORTSCOPE_CLI  a Release sortscope-cli (the `bench` preset: build/bench/app/sortscope-cli)
#   OUT_DIR        created if missing; receives record.jsonl: sortscope's rows, CUB's, then one
#                  onesweep 2^26 row per stability process (bench-report gives their spread)
#   CUB_BASELINE   a built bench/cub_baseline.cu; without it, nvcc builds one into OUT_DIR
# Then: sortscope-cli bench-report OUT_DIR/record.jsonl --markdown - --plot OUT_DIR/record.png
# Every row is verified against the host's sort; a failed verification stops the script (exit 1).
# Before a record, scripts/device-tests.sh passes on the same GPU (README, "Tests on a real GPU").
set -eu

if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  sed -n '7,14p' "$0" >&2
  exit 2
fi
cli=$1
out=$2
mkdir -p "$out"
if [ $# -eq 3 ]; then
  cub=$3
else
  cub=$out/cub_baseline
  nvcc -O3 -std=c++17 -arch=native -o "$cub" "$(dirname "$0")/cub_baseline.cu"
fi

rows=$out/record.jsonl
: >"$rows"
bench() { "$cli" bench "$@" --cpu none --json - >>"$rows"; }
bench --algo onesweep,radix4 --n 2^20,2^24,2^26,2^28 --reps 20 --steps
bench --algo onesweep --n 2^24,2^28 --pairs --reps 20 --steps
bench --algo onesweep --n 2^28 --type f32,u64 --reps 20 --steps
bench --algo mergesort --n 2^26,2^28 --reps 20 --steps
bench --algo batcher,batcher-fused --n 2^24 --reps 10 --steps
"$cub" 20,24,26,28 --impl cub --types u32,f32,u64 --reps 20 >>"$rows"
"$cub" 26,28 --impl cub-mergesort --types u32 --reps 20 >>"$rows"

for i in $(seq 20); do
  echo "record.sh: stability run $i/20" >&2
  bench --algo onesweep --n 2^26 --reps 20
done
