#!/usr/bin/env bash
# fuzz/run-at-scale.sh — every libFuzzer target to a fixed number of executions on all cores,
# with a minimised corpus and a per-target summary (docs/FUZZING.md, "Fuzzing at scale").
#
# Usage:
#   fuzz/run-at-scale.sh build DIR   build the fuzz_* programs with clang and copy them to
#                                    DIR; with nvcc present, fuzz_differential is linked with
#                                    the CUDA decoder and a static CUDA runtime, so that DIR
#                                    runs on a GPU machine that has no clang
#   fuzz/run-at-scale.sh run DIR     run the programs found in DIR
#
# Environment (run):
#   GALP_FUZZ_RUNS      executions per target, at least (default 10000000)
#   GALP_FUZZ_JOBS      parallel fuzzing processes per target (default: nproc)
#   GALP_FUZZ_TARGETS   targets, in order (default: decode inspect roundtrip structured
#                       differential strings)
#   GALP_FUZZ_PROBE     seconds of the single-process rate probe per target (default 10)
#   GALP_FUZZ_MAX_TIME  seconds after which a target's processes stop even short of their
#                       executions (default 0: no limit); the summary then says "short"
#   GALP_FUZZ_MPS       1: run fuzz_differential's processes under a CUDA MPS server of
#                       this run's own (nvidia-cuda-mps-control), so that they share the GPU
#                       instead of taking turns on it; without the tool, the run says so and
#                       goes on without (default 0)
#   OUT                 results folder (default: fuzz-at-scale in the current directory)
#   GALP_COMMIT         the commit recorded in machine.txt (default: git rev-parse HEAD; set
#                       it where the tree's .git is absent or not the tree's own)
# Environment (build):
#   GALP_FUZZ_BUILD     build trees (default: _build-at-scale in the source tree)
#   GALP_FUZZ_CUDA_ARCH nvcc -gencode flags (default: sm_90 code and compute_90 PTX)
#   GALP_FUZZ_CMP_TARGETS  targets built with libFuzzer's comparison tracing (default: decode
#                       inspect); the others are built with -fno-sanitize-coverage=trace-cmp
#   CC                  compiler with libFuzzer (default clang)
#
# run starts each target from fuzz/corpus/TARGET and fuzz/regressions/TARGET, read only: the
# processes share a corpus in a temporary directory. Each of the J processes runs
# ceil(RUNS / J) executions (libFuzzer -jobs=J -workers=J -runs=...), so the target stops on
# its own once RUNS executions are done. Afterwards the seeds and every new input are merged
# (-merge=1) into OUT/corpus/TARGET, a minimised corpus that can replace fuzz/corpus/TARGET.
# OUT receives summary.csv and summary.json (one row per target: executions, exec/s, wall
# time, corpus files and bytes, libFuzzer's cov: and ft: counts of the merged corpus,
# findings, whether fuzz_differential found a GPU), machine.txt, logs/TARGET.log (the tail
# of each process's log) and findings/TARGET-* (crash, leak, timeout and out-of-memory
# inputs). Before fuzzing it
# measures each target's single-process rate and prints the expected duration. Exits non-zero
# on any finding or when a target stopped short.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
all_targets="decode inspect roundtrip structured differential strings"

usage() {
    sed -n '4,11p' "$0" | sed 's/^# \{0,1\}//' >&2
    exit 2
}

# ---- build ------------------------------------------------------------------------------
build() {
    local dest=$1 trees=${GALP_FUZZ_BUILD:-$top/_build-at-scale} cc=${CC:-clang}
    local arch=${GALP_FUZZ_CUDA_ARCH:--gencode arch=compute_90,code=sm_90 -gencode arch=compute_90,code=compute_90}
    command -v "$cc" >/dev/null || { echo "run-at-scale: $cc not found: build needs clang" >&2; exit 1; }
    [ -f "$top/configure" ] || (cd "$top" && autoreconf -fi >/dev/null 2>&1) ||
        { echo "run-at-scale: autoreconf failed" >&2; exit 1; }
    local cmp_targets=${GALP_FUZZ_CMP_TARGETS-decode inspect} fast=-fno-sanitize-coverage=trace-cmp
    mkdir -p "$dest" "$trees/cpu" "$trees/cpu-fast" || exit 1
    # Comparison tracing lets libFuzzer splice the operands of the code's comparisons into
    # inputs: it finds magic numbers and sizes for the byte-level targets. The other targets
    # read their input as a byte source, through modulo and masks, so operands hint little,
    # while the hooks on every comparison of the encoders' and decoders' loops dominate their
    # time; without them each process runs several times more executions.
    echo "=== building the CPU targets in $trees/cpu (comparison tracing) and $trees/cpu-fast (without)"
    configure_and_make "$trees/cpu" "" --enable-fuzzing CC="$cc" --without-cuda || exit 1
    configure_and_make "$trees/cpu-fast" "" --enable-fuzzing CC="$cc" --without-cuda \
        CFLAGS="-g -O2 $fast" || exit 1
    : >"$dest/build.txt"
    for t in $all_targets; do
        local tree=$trees/cpu-fast flags="without trace-cmp"
        if traced "$t" "$cmp_targets"; then tree=$trees/cpu flags="with trace-cmp"; fi
        cp "$tree/fuzz/fuzz_$t" "$dest/" || exit 1
        echo "fuzz_$t: $flags" >>"$dest/build.txt"
    done
    if command -v nvcc >/dev/null; then
        # The CUDA runtime is linked statically: the machine that runs DIR needs only the
        # driver. Only the differential target calls the CUDA decoder.
        local cudalib cflags="-g -O2 $fast"
        traced differential "$cmp_targets" && cflags="-g -O2"
        cudalib=$(dirname "$(dirname "$(command -v nvcc)")")/lib64
        echo "=== building fuzz_differential against the CUDA decoder in $trees/cuda"
        mkdir -p "$trees/cuda" || exit 1
        configure_and_make "$trees/cuda" fuzz/fuzz_differential --enable-fuzzing CC="$cc" \
            --with-cuda CUDA_ARCH_FLAGS="$arch" CFLAGS="$cflags" \
            "CUDA_LIBS=-L$cudalib -lcudart_static -ldl -lrt -lpthread" || exit 1
        cp "$trees/cuda/fuzz/fuzz_differential" "$dest/" || exit 1
        echo "fuzz_differential: CUDA decoder ($arch)" | tee -a "$dest/build.txt"
    else
        echo "fuzz_differential: no nvcc, built without CUDA (checks the CPU side only)" | tee -a "$dest/build.txt"
    fi
    ls -l "$dest"
}

# traced TARGET LIST: whether TARGET is in the space-separated LIST.
traced() {
    case " $2 " in *" $1 "*) return 0 ;; esac
    return 1
}

# configure_and_make TREE MAKE-TARGET CONFIGURE-ARGS...: CUDA_LIBS=... is given to make.
configure_and_make() {
    local tree=$1 goal=$2; shift 2
    local args=() make_vars=()
    for a in "$@"; do
        case $a in CUDA_LIBS=*) make_vars+=("$a") ;; *) args+=("$a") ;; esac
    done
    # A tree whose arguments changed is built again from scratch: make alone would keep the
    # objects that the old flags compiled.
    if [ ! -f "$tree/Makefile" ] || [ "$(cat "$tree/configure.args" 2>/dev/null)" != "${args[*]}" ]; then
        rm -rf "$tree" && mkdir -p "$tree" || return 1
        (cd "$tree" && "$top/configure" "${args[@]}" >configure.out 2>&1) ||
            { tail -n 30 "$tree/configure.out"; echo "run-at-scale: configure failed" >&2; return 1; }
        echo "${args[*]}" >"$tree/configure.args"
    fi
    make -C "$tree" -j"$(nproc)" "${make_vars[@]}" ${goal:+"$goal"} >"$tree/make.out" 2>&1 ||
        { tail -n 40 "$tree/make.out"; echo "run-at-scale: build failed" >&2; return 1; }
}

# ---- run --------------------------------------------------------------------------------
# Sets opts to the target's own libFuzzer options: the byte-level targets use the format's
# dictionary and inputs up to 64 KiB (fuzz/run-fuzzers.sh does the same).
target_options() {
    opts=()
    case $1 in
    decode | inspect) opts=(-dict="$top/fuzz/galp.dict" -max_len=65536) ;;
    esac
}

# stat NAME LOGS...: the sum of libFuzzer's final `stat::NAME:` over the logs.
stat_sum() {
    local name=$1; shift
    cat "$@" 2>/dev/null | sed -n "s/^stat::$name: *//p" | awk '{ s += $1 } END { print s + 0 }'
}

run() {
    local bin=$1
    local runs=${GALP_FUZZ_RUNS:-10000000} jobs=${GALP_FUZZ_JOBS:-$(nproc)}
    local targets=${GALP_FUZZ_TARGETS:-$all_targets} probe=${GALP_FUZZ_PROBE:-10}
    local max_time=${GALP_FUZZ_MAX_TIME:-0} out=${OUT:-$PWD/fuzz-at-scale}
    for t in $targets; do
        [ -x "$bin/fuzz_$t" ] || { echo "run-at-scale: $bin/fuzz_$t missing (build it: $0 build $bin)" >&2; exit 1; }
    done
    mkdir -p "$out/corpus" "$out/logs" "$out/findings" || exit 1
    out=$(cd "$out" && pwd)
    local work
    work=$(mktemp -d) || exit 1
    trap 'rm -rf "$work"' EXIT
    # protect_shadow_gap=0: the CUDA runtime maps memory where ASan keeps its shadow gap.
    export ASAN_OPTIONS=${ASAN_OPTIONS:-protect_shadow_gap=0}
    local per_job=$(((runs + jobs - 1) / jobs))
    {
        echo "date: $(date -u '+%Y-%m-%d %H:%M:%S UTC')"
        echo "commit: ${GALP_COMMIT:-$(git -C "$top" rev-parse --short HEAD 2>/dev/null || echo unknown)}"
        echo "cpu: $(nproc) cores, $(sed -n 's/^model name[^:]*: //p' /proc/cpuinfo | head -n1)"
        echo "gpu: $(nvidia-smi -L 2>/dev/null | head -n1 || true)"
        echo "runs per target: $runs, in $jobs process(es) of $per_job"
        [ -f "$bin/build.txt" ] && cat "$bin/build.txt"
    } >"$out/machine.txt"
    cat "$out/machine.txt"

    # Rate probe: one process per target on its seeds, then the expected duration at J
    # processes, assuming they scale with the cores.
    echo "=== rate probe: $probe s per target, one process"
    local total=0
    declare -A rate
    local opts
    for t in $targets; do
        mkdir -p "$work/probe-$t"
        target_options "$t"
        "$bin/fuzz_$t" -max_total_time="$probe" -print_final_stats=1 -timeout=10 \
            -artifact_prefix="$out/findings/$t-" "${opts[@]}" "$work/probe-$t" \
            "$top/fuzz/corpus/$t" "$top/fuzz/regressions/$t" >"$work/probe-$t.log" 2>&1
        rate[$t]=$(stat_sum average_exec_per_sec "$work/probe-$t.log")
        grep -m1 'no usable GPU' "$work/probe-$t.log"
        [ "${rate[$t]}" -gt 0 ] || rate[$t]=1
        local expect=$((runs / (rate[$t] * jobs)))
        total=$((total + expect))
        printf 'fuzz_%-13s %8s exec/s in one process: %s executions in about %d s\n' "$t" \
            "${rate[$t]}" "$runs" "$expect"
    done
    printf 'expected: about %d s (%d min) for all targets with %d process(es), plus merging\n' \
        "$total" $(((total + 59) / 60)) "$jobs"

    local status=0
    echo "target,executions,target_executions,jobs,wall_s,exec_per_s,probe_exec_per_s,corpus_files,corpus_bytes,cov,ft,findings,gpu,result" \
        >"$out/summary.csv"
    for t in $targets; do
        local corpus=$work/corpus-$t logs=$work/logs-$t
        mkdir -p "$corpus" "$logs" "$out/corpus/$t"
        echo "=== fuzz_$t: $jobs process(es) x $per_job executions"
        target_options "$t"
        local start end limit=()
        [ "$max_time" -gt 0 ] && limit=(-max_total_time="$max_time")
        local mps=no
        [ "$t" = differential ] && [ "${GALP_FUZZ_MPS:-0}" = 1 ] && mps_start "$work/mps" && mps=yes
        start=$(date +%s%N)
        # libFuzzer writes each process's output to fuzz-N.log in the working directory.
        (cd "$logs" && "$bin/fuzz_$t" -jobs="$jobs" -workers="$jobs" -runs="$per_job" \
            "${limit[@]}" -print_final_stats=1 -timeout=10 -rss_limit_mb=4096 \
            -artifact_prefix="$out/findings/$t-" "${opts[@]}" \
            "$corpus" "$top/fuzz/corpus/$t" "$top/fuzz/regressions/$t" >"$logs/main.log" 2>&1)
        end=$(date +%s%N)
        [ "$mps" = yes ] && mps_stop "$work/mps"
        local wall_ms=$(((end - start) / 1000000 + 1))
        local executions
        executions=$(stat_sum number_of_executed_units "$logs"/fuzz-*.log)
        # Minimise the seeds and all new inputs into a fresh corpus, then measure its coverage.
        # Edges only (-use_counters=0), not hit counts: the committed corpora stay small.
        rm -rf "$out/corpus/$t" && mkdir -p "$out/corpus/$t"
        # Inputs that crash again here are findings already; their copies stay in $work.
        "$bin/fuzz_$t" -merge=1 -use_counters=0 -artifact_prefix="$work/merge-$t-" \
            "${opts[@]}" "$out/corpus/$t" "$top/fuzz/corpus/$t" \
            "$top/fuzz/regressions/$t" "$corpus" >"$logs/merge.log" 2>&1 || status=1
        "$bin/fuzz_$t" -runs=0 -artifact_prefix="$work/cov-$t-" "${opts[@]}" \
            "$out/corpus/$t" >"$logs/cov.log" 2>&1
        local cov ft files bytes findings gpu=n/a result=ok
        # fuzz_differential says when it found no usable GPU and checked its CPU part only.
        if [ "$t" = differential ]; then
            gpu=yes
            [ "$mps" = yes ] && gpu=mps
            grep -q 'no usable GPU' "$logs"/fuzz-*.log && gpu=no
        fi
        cov=$(grep -o 'INITED cov: [0-9]*' "$logs/cov.log" | grep -o '[0-9]*$' | tail -n1)
        ft=$(grep -o 'INITED .* ft: [0-9]*' "$logs/cov.log" | grep -o '[0-9]*$' | tail -n1)
        files=$(find "$out/corpus/$t" -type f | wc -l)
        bytes=$(du -sb "$out/corpus/$t" | cut -f1)
        findings=$(find "$out/findings" -name "$t-*" | wc -l)
        [ "$executions" -lt "$runs" ] && result=short
        [ "$findings" -gt 0 ] && result=findings
        [ "$result" = ok ] || status=1
        {
            for f in "$logs"/main.log "$logs"/fuzz-*.log "$logs"/merge.log; do
                [ -f "$f" ] && { echo "---- $(basename "$f")"; tail -n 40 "$f"; }
            done
        } >"$out/logs/$t.log"
        local wall speed=$((executions * 1000 / wall_ms))
        wall=$(printf '%d.%03d' $((wall_ms / 1000)) $((wall_ms % 1000)))
        echo "$t,$executions,$runs,$jobs,$wall,$speed,${rate[$t]},$files,$bytes,${cov:-},${ft:-},$findings,$gpu,$result" \
            >>"$out/summary.csv"
        printf 'fuzz_%-13s %11s executions in %9s s (%7d exec/s)  cov %s ft %s  corpus %d files, %d bytes  findings %d  %s\n' \
            "$t" "$executions" "$wall" "$speed" "${cov:-?}" "${ft:-?}" "$files" \
            "$bytes" "$findings" "$result"
        [ "$findings" -gt 0 ] && tail -n 60 "$out/logs/$t.log"
    done
    summary_json "$out/summary.csv" >"$out/summary.json"
    echo "=== results in $out (summary.csv, summary.json, corpus/, logs/, findings/)"
    exit $status
}

# mps_start DIR: an MPS control daemon with its pipes and logs in DIR, for the processes this
# shell starts; false (and a message) when the tool is missing or the daemon does not start.
mps_start() {
    command -v nvidia-cuda-mps-control >/dev/null ||
        { echo "run-at-scale: no nvidia-cuda-mps-control: fuzz_differential runs without MPS"; return 1; }
    mkdir -p "$1/pipe" "$1/log" || return 1
    export CUDA_MPS_PIPE_DIRECTORY=$1/pipe CUDA_MPS_LOG_DIRECTORY=$1/log
    if ! nvidia-cuda-mps-control -d; then
        unset CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
        echo "run-at-scale: the MPS daemon did not start: fuzz_differential runs without MPS"
        return 1
    fi
    echo "fuzz_differential: under MPS ($1)"
}

# mps_stop DIR: stops the daemon of mps_start DIR.
mps_stop() {
    echo quit | nvidia-cuda-mps-control
    unset CUDA_MPS_PIPE_DIRECTORY CUDA_MPS_LOG_DIRECTORY
}

# The CSV's rows as a JSON array of objects; every field but target, gpu and result is a number.
summary_json() {
    awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) key[i] = $i; n = NF; printf "["; next }
        { printf "%s\n  {", (NR > 2 ? "," : "")
          for (i = 1; i <= n; i++) {
              v = $i
              text = key[i] == "target" || key[i] == "gpu" || key[i] == "result"
              if (text) v = "\"" v "\""
              else if (v == "") v = "null"
              printf "%s\"%s\": %s", (i > 1 ? ", " : ""), key[i], v
          }
          printf "}" }
        END { print "\n]" }' "$1"
}

case ${1:-} in
build) [ $# -eq 2 ] || usage; build "$2" ;;
run) [ $# -eq 2 ] || usage; run "$(cd "$2" && pwd)" ;;
*) usage ;;
esac
