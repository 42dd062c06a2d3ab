#!/usr/bin/env bash
# bench/gpu-run.sh — the whole performance run on a GPU runner, in one command:
# build (bench/build-gpu.sh: nvcc and cc only), the performance gate, galp-bench over every
# dataset, and the plots. docs/PERFORMANCE.md records its latest results.
#
#   GALP_DATA_DIR=DIR bench/gpu-run.sh OUTDIR [galp-bench options...]
#
# OUTDIR receives gate.txt (the gate's verdicts), bench.txt (the results table),
# galp-bench.csv and .json, summary.md (bench/summarize.py) and the PNG figures of
# bench/plot.py. The commit recorded is `git rev-parse HEAD`, or $GALP_COMMIT where the tree
# has no .git. BENCH_TIMEOUT (seconds) stops galp-bench when a lease is short: the CSV keeps
# what it measured, and the summary and plots are drawn from it. Exit status: non-zero when
# the build, the gate or a benchmark check failed (the later steps run anyway).
set -uo pipefail

out=${1:?usage: bench/gpu-run.sh OUTDIR [galp-bench options...]}
shift
top=$(cd "$(dirname "$0")/.." && pwd)
build=$top/_build-gpu
mkdir -p "$out"
commit=${GALP_COMMIT:-$(git -C "$top" rev-parse HEAD 2>/dev/null || echo unknown)}
export GALP_DATA_DIR=${GALP_DATA_DIR:-$top/../shared/data}

nvidia-smi --query-gpu=name,memory.total,clocks.max.sm,clocks.max.mem --format=csv,noheader || true
bash "$top/bench/build-gpu.sh" "$build" || exit 1

status=0
echo "== performance gate"
"$build/galp-perf-gate" --floors "$top/bench/floors.txt" 2>&1 | tee "$out/gate.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1

echo "== galp-bench"
timeout "${BENCH_TIMEOUT:-0}" "$build/galp-bench" --out "$out/galp-bench" --commit "$commit" "$@" \
    >"$out/bench.txt"
[ $? -eq 0 ] || status=1
tail -n 3 "$out/bench.txt"

results=$out/galp-bench.json
[ -f "$results" ] || results=$out/galp-bench.csv
python3 "$top/bench/summarize.py" "$results" >"$out/summary.md" || status=1
if python3 -c 'import matplotlib' 2>/dev/null; then
    python3 "$top/bench/plot.py" "$results" --out "$out" || status=1
else
    echo "gpu-run: matplotlib missing: no plots (pip install matplotlib)"
fi
exit $status
