#!/usr/bin/env bash
# bench/build-gpu.sh — build galp-bench, galp-perf-gate, galp-str-bench and gpu_bench
# (bench/gpu_bench.cu) with nvcc and cc alone, for a GPU runner that has the CUDA toolkit but
# no autotools or libtool (shared/GPU-RUNNER.md).
#
# Usage: bench/build-gpu.sh [OUTDIR]      (default _build-gpu; run from anywhere)
# Environment: NVCC (default nvcc), CC (default cc), CUDA_ARCH_FLAGS (default: the device's
# own architecture, sm_90 when nvidia-smi cannot tell), NVCOMP_DIR (default <project>/.nvcomp:
# nvCOMP rows are built when it holds include/nvcomp.h, see tools/get-nvcomp.sh).
#
# Objects are compiled in parallel; the sources are the same files the automake build uses
# (ref/, gpu/ and bench/), with the same flags that matter: -ffp-contract=off for ALP.
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$top/_build-gpu}
nvcc=${NVCC:-nvcc}
cc=${CC:-cc}
nvcomp=${NVCOMP_DIR:-$top/.nvcomp}
if [ -z "${CUDA_ARCH_FLAGS:-}" ]; then
    cap=$(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -n1 | tr -d . || true)
    cap=${cap:-90}
    CUDA_ARCH_FLAGS="-gencode arch=compute_$cap,code=sm_$cap"
fi
mkdir -p "$out/obj"

includes="-I$top/include -I$top/ref -I$top/gpu -I$top/bench"
# The host API's C files include cuda_runtime.h: the toolkit's include folder, beside nvcc.
cuda_root=$(dirname "$(dirname "$(command -v "$nvcc")")")
cflags="-std=c11 -O2 -Wall -Wextra $includes -I$cuda_root/include"
nvccflags="-std=c++17 -O3 $CUDA_ARCH_FLAGS $includes -Xcompiler -Wall,-Wextra"
defines=""
nvcomp_sources=""
link_nvcomp=""
if [ -f "$nvcomp/include/nvcomp.h" ]; then
    defines="-DGALP_BENCH_NVCOMP -I$nvcomp/include"
    nvcomp_sources="bench/nvcomp_codecs.cu bench/nvcomp_column.cu bench/nvcomp_rows.cu"
    lib=$nvcomp/lib64
    [ -d "$lib" ] || lib=$nvcomp/lib
    link_nvcomp="-L$lib -Xlinker -rpath=$lib -lnvcomp"
    echo "build-gpu: nvCOMP from $nvcomp"
else
    echo "build-gpu: no nvCOMP under $nvcomp (tools/get-nvcomp.sh): nvCOMP rows left out"
fi

# The library's files, from the lists the automake build uses (gpu/sources.mk). The whole
# reference codec is compiled as ALP's files must be, with exact IEEE arithmetic (ref/alp.mk):
# the flag changes nothing for the files that do no floating-point arithmetic.
. "$top/gpu/sources.sh"
lib_c=$gpu_host_sources
alp_c=$ref_sources
lib_cu=$gpu_kernel_sources
bench_c="bench/galp_tile.c bench/bench_data.c bench/bench_report.c"
bench_cu="bench/bench_device.cu bench/scan_kernels.cu bench/bench_case.cu bench/galp_rows.cu
          $nvcomp_sources"

compile() { # compile KIND SOURCE
    local kind=$1 src=$2 obj="$out/obj/$(echo "$2" | tr / _).o"
    case $kind in
    c) $cc $cflags -c "$top/$src" -o "$obj" ;;
    alp) $cc $cflags -ffp-contract=off -c "$top/$src" -o "$obj" ;;
    cu) $nvcc $nvccflags $defines -c "$top/$src" -o "$obj" ;;
    esac
}
pids=()
for s in $lib_c $bench_c; do compile c "$s" & pids+=($!); done
for s in $alp_c; do compile alp "$s" & pids+=($!); done
for s in $lib_cu $bench_cu bench/galp_bench.cu bench/perf_gate.cu bench/gpu_bench.cu; do compile cu "$s" & pids+=($!); done
# galp-str-bench: its inputs (C) and its main (bench/str-gpu-run.sh runs it)
for s in bench/str_lines.c bench/str_tile.c; do compile c "$s" & pids+=($!); done
compile cu bench/str_bench.cu & pids+=($!)
status=0
for p in "${pids[@]}"; do wait "$p" || status=1; done
[ $status -eq 0 ] || { echo "build-gpu: compilation failed" >&2; exit 1; }

# The gate needs no nvCOMP: it links everything but the nvCOMP objects.
objs=$(ls "$out"/obj/*.o | grep -v -e galp_bench.cu.o -e perf_gate.cu.o -e str_bench.cu.o -e gpu_bench.cu.o)
gate_objs=$(echo "$objs" | grep -v nvcomp_)
$nvcc $CUDA_ARCH_FLAGS -o "$out/galp-bench" "$out/obj/bench_galp_bench.cu.o" $objs $link_nvcomp -lpthread -lm
$nvcc $CUDA_ARCH_FLAGS -o "$out/galp-perf-gate" "$out/obj/bench_perf_gate.cu.o" $gate_objs -lpthread -lm
$nvcc $CUDA_ARCH_FLAGS -o "$out/galp-str-bench" "$out/obj/bench_str_bench.cu.o" $objs $link_nvcomp -lpthread -lm
$nvcc $CUDA_ARCH_FLAGS -o "$out/gpu_bench" "$out/obj/bench_gpu_bench.cu.o" $gate_objs -lpthread -lm
echo "build-gpu: $out/galp-bench $out/galp-perf-gate $out/galp-str-bench $out/gpu_bench"
