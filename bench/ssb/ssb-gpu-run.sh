#!/usr/bin/env bash
# bench/ssb/ssb-gpu-run.sh — the SSB benchmark on a GPU runner, in one command (docs/SSB.md):
# builds ssb_gpu with nvcc and cc alone (bench/build-gpu.sh's objects), generates SSB at scale
# factor SF with DuckDB, runs the 13 queries over raw, tile-compressed, FastLanes-compressed
# and (when .nvcomp holds nvCOMP, tools/get-nvcomp.sh) nvCOMP Cascaded columns, and checks
# every answer against DuckDB's.
#
#   bench/ssb/ssb-gpu-run.sh [--sf SF] [--wheels DIR] [--work DIR] [--runs N] OUTDIR
#
#   --sf SF       scale factor (default 20)
#   --wheels DIR  the duckdb and duckdb-ext-tpch wheels for the runner's Python, unpacked
#                 into WORK/pylib and put on PYTHONPATH (the runner has no pip and no network)
#   --work DIR    where the data goes (default /tmp/galp-ssb; about 0.35 GB per unit of SF)
#   --runs N      timed runs per measurement (default 10, after 2 warm-ups)
#
# OUTDIR receives ssb-gpu.json (ssb_gpu's results: per-query times, per-column bits/value,
# footprints, ceilings, decompression fractions), ssb-gpu.txt (its table), check.txt (every
# variant's answers against DuckDB's), summary.md (the figures against issue #38's targets,
# bench/ssb/ssb_summary.py), timings.txt (wall time of each step) and, with
# matplotlib, the plots of bench/ssb/ssb_plot.py. Exit status non-zero when a step or an
# answer check failed.
set -uo pipefail

sf=20 wheels= work=/tmp/galp-ssb runs=10
while [ $# -gt 1 ]; do
    case $1 in
    --sf) sf=$2 ;;
    --wheels) wheels=$2 ;;
    --work) work=$2 ;;
    --runs) runs=$2 ;;
    *) echo "ssb-gpu-run: unknown option $1" >&2; exit 2 ;;
    esac
    shift 2
done
out=${1:?usage: bench/ssb/ssb-gpu-run.sh [--sf SF] [--wheels DIR] [--work DIR] [--runs N] OUTDIR}
top=$(cd "$(dirname "$0")/../.." && pwd)
build=$top/_build-gpu
python=${GALP_PYTHON:-python3}
mkdir -p "$out" "$work" || exit 1
out=$(cd "$out" && pwd)
: >"$out/timings.txt"
step() { # step NAME COMMAND...: runs it, logs its wall time
    local name=$1 start=$SECONDS
    shift
    echo "== $name"
    "$@"
    local rc=$?
    echo "$name: $((SECONDS - start)) s (exit $rc)" | tee -a "$out/timings.txt"
    return $rc
}

if [ -n "$wheels" ]; then
    rm -rf "$work/pylib"
    for w in "$wheels"/*.whl; do
        "$python" -m zipfile -e "$w" "$work/pylib" || exit 1
    done
    export PYTHONPATH=$work/pylib${PYTHONPATH:+:$PYTHONPATH}
fi
"$python" -c 'import duckdb, importlib.util; assert importlib.util.find_spec("duckdb_ext")' ||
    { echo "ssb-gpu-run: $python cannot import duckdb and duckdb_ext (--wheels DIR)" >&2; exit 1; }

build_ssb() {
    bash "$top/bench/build-gpu.sh" "$build" || return 1
    local nvcomp=${NVCOMP_DIR:-$top/.nvcomp} defines= link= lib
    if [ -f "$nvcomp/include/nvcomp.h" ]; then
        lib=$nvcomp/lib64
        [ -d "$lib" ] || lib=$nvcomp/lib
        defines="-DGALP_BENCH_NVCOMP -I$nvcomp/include"
        link="-L$lib -Xlinker -rpath=$lib -lnvcomp"
    fi
    local arch=${CUDA_ARCH_FLAGS:-}
    if [ -z "$arch" ]; then
        local cap
        cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d .)
        arch="-gencode arch=compute_${cap:-90},code=sm_${cap:-90}"
    fi
    local inc="-I$top/include -I$top/ref -I$top/gpu -I$top/bench -I$top/bench/ssb"
    local objs=$build/ssb-obj
    mkdir -p "$objs"
    nvcc -std=c++17 -O3 $arch $inc $defines -Xcompiler -Wall,-Wextra \
        -c "$top/bench/ssb/ssb_gpu.cu" -o "$objs/ssb_gpu.o" || return 1
    for s in ssb_data ssb_plan ssb_encode; do
        cc -std=c11 -O2 -Wall -Wextra $inc -c "$top/bench/ssb/$s.c" -o "$objs/$s.o" || return 1
    done
    # libgalp's objects and the benchmark's device helpers, as build-gpu.sh compiled them
    local lib_objs
    # (every other program's main and helpers left out: build-gpu.sh builds several programs)
    lib_objs=$(ls "$build"/obj/*.o | grep -v -e galp_bench.cu.o -e perf_gate.cu.o \
        -e str_bench.cu.o -e gpu_bench.cu.o -e bench_str_lines -e bench_str_tile \
        -e bench_scan_kernels -e bench_bench_case -e bench_galp_rows -e bench_nvcomp_rows \
        -e bench_galp_tile -e bench_bench_data -e bench_bench_report)
    [ -n "$link" ] || lib_objs=$(echo "$lib_objs" | grep -v nvcomp_)
    nvcc $arch -o "$build/ssb_gpu" "$objs"/*.o $lib_objs $link -lpthread -lm
}

status=0
nvidia-smi --query-gpu=name,memory.total --format=csv,noheader || true
step build build_ssb || exit 1
rm -rf "$work/ssb" "$out/answers"
step generate "$python" "$top/bench/ssb/ssb_gen.py" --sf "$sf" "$work/ssb" || exit 1
step queries "$build/ssb_gpu" --runs "$runs" --threads "$(nproc)" --json "$out/ssb-gpu.json" \
    "$work/ssb" "$out/answers" | tee "$out/ssb-gpu.txt"
[ "${PIPESTATUS[0]}" -eq 0 ] || status=1
: >"$out/check.txt"
for variant in raw tile fastlanes nvcomp; do
    [ -d "$out/answers/$variant" ] || continue
    echo "== $variant" >>"$out/check.txt"
    "$python" "$top/bench/ssb/ssb_answers.py" "$work/ssb/answers" "$out/answers/$variant" \
        >>"$out/check.txt" || status=1
done
cat "$out/check.txt"
if [ -f "$out/ssb-gpu.json" ]; then
    "$python" "$top/bench/ssb/ssb_summary.py" "$out/ssb-gpu.json" >"$out/summary.md" || status=1
    head -n 18 "$out/summary.md"
fi
if python3 -c 'import matplotlib' 2>/dev/null && [ -f "$out/ssb-gpu.json" ]; then
    python3 "$top/bench/ssb/ssb_plot.py" "$out/ssb-gpu.json" --out "$out" || status=1
fi
echo "ssb-gpu-run: $([ $status -eq 0 ] && echo "all answers equal DuckDB's" || echo FAILED)"
exit $status
