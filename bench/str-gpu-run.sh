#!/usr/bin/env bash
# bench/str-gpu-run.sh — the string benchmark on a GPU runner, in one command: build
# (bench/build-gpu.sh: nvcc and cc only; nvCOMP rows when .nvcomp/ holds it, see
# tools/get-nvcomp.sh) and galp-str-bench over the files of $GALP_DATA_DIR/strings.
#
#   GALP_DATA_DIR=DIR bench/str-gpu-run.sh OUTDIR [galp-str-bench options...]
#
# OUTDIR receives str-bench.txt (the results table) and galp-str-bench.csv and .json. The
# commit recorded is `git rev-parse HEAD`, or $GALP_COMMIT where the tree has no .git.
# Exit status: non-zero when the build failed or a result was wrong.
set -uo pipefail

out=${1:?usage: bench/str-gpu-run.sh OUTDIR [galp-str-bench options...]}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/_build-gpu
mkdir -p "$out"
commit=${GALP_COMMIT:-$(git -C "$top" rev-parse HEAD 2>/dev/null || echo unknown)}
export GALP_DATA_DIR=${GALP_DATA_DIR:-$top/../shared/data}

nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader || true
bash "$top/bench/build-gpu.sh" "$build" || exit 1
"$build/galp-str-bench" --out "$out/galp-str-bench" --commit "$commit" "$@" "$GALP_DATA_DIR" \
    | tee "$out/str-bench.txt"
exit "${PIPESTATUS[0]}"
