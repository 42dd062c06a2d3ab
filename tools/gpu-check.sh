#!/bin/sh
# tools/gpu-check.sh — `make check` (and the GPU sanitizers and benchmark) on a bare GPU runner.
#
#   tools/gpu-check.sh prepare      here, in the source tree: writes .gpu/ (git-ignored)
#   tools/gpu-check.sh run [bench]  there, in a copy of the tree that has .gpu/
#
# A GPU runner (shared/GPU-RUNNER.md) has nvcc, gcc, make and compute-sanitizer but no
# autotools, libtool, cmocka or network. `prepare` therefore makes everything else here:
# a release tarball (`make dist`, which needs no autotools to build), the cmocka .deb
# packages, and a copy of the real data ($GALP_DATA_DIR, default ../shared/data). `run`
# unpacks them under /tmp, configures with CUDA, builds, runs `make check`, installs into
# /tmp/galp-prefix and runs `make installcheck` (a user's kernel built from the installed
# device API), then runs a representative subset of the GPU test under compute-sanitizer's
# memcheck, racecheck and synccheck (through the build's libtool script, since the test is a
# libtool wrapper), printing each stage's start time; with `bench` it also builds and
# runs bench/gpu_bench on the real data. On failure it prints the test logs. Output of a
# run is also written to $OUT when that is set (the device tool copies it back).
# GALP_GPU_CHECK_TOOLS names the compute-sanitizer tools to run (default: memcheck racecheck
# synccheck; racecheck takes most of a run's time: leave it out to check a small change
# quickly, never to record a release).
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
gpu="$top/.gpu"

prepare() {
    mkdir -p "$gpu/debs" "$gpu/data"
    build="$top/_build-gpu-dist"
    (cd "$top" && flock /tmp/galp-autoreconf.lock autoreconf -fi)
    mkdir -p "$build"
    (cd "$build" && "$top/configure" --without-cuda > configure.log && make -j2 dist > dist.log)
    rm -f "$gpu"/galp-*.tar.gz
    mv "$build"/galp-*.tar.gz "$gpu/"
    (cd "$gpu/debs" && apt-get download libcmocka0 libcmocka-dev)
    data=${GALP_DATA_DIR:-$top/../shared/data}
    if [ -d "$data/alp" ]; then
        rm -rf "$gpu/data/alp"
        cp -r "$data/alp" "$gpu/data/alp"
        chmod -R u+w "$gpu/data"
    fi
    echo "gpu-check: prepared $(ls "$gpu"/galp-*.tar.gz) and $(ls "$gpu/debs" | wc -l) packages"
}

# Prints a stage's name with the seconds since the run began.
stage() {
    echo "== [$(( $(date +%s) - started )) s] $1"
}

# sanitize TOOL TEST LOG [OPTION...]: conformance/TEST under compute-sanitizer --tool TOOL and
# the OPTIONs (a --kernel-name filter), its output in $out/LOG (last lines shown); the first
# failure's exit status stays in $status. GALP_TEST_ONLY, when set, picks the tests.
sanitize() {
    local tool=$1 test=$2 log=$3
    shift 3
    stage "compute-sanitizer --tool $tool ${*:+$* }conformance/$test${GALP_TEST_ONLY:+ ($GALP_TEST_ONLY)}"
    rc=0
    GALP_SRCDIR="$src" ./libtool --mode=execute compute-sanitizer --tool "$tool" "$@" \
        --error-exitcode 99 "conformance/$test" > "$out/$log" 2>&1 || rc=$?
    tail -4 "$out/$log"
    [ "$status" -ne 0 ] || status=$rc
}

run() {
    started=$(date +%s)
    out=${OUT:-/tmp/gpu-check-out}
    mkdir -p "$out"
    deps=/tmp/galp-deps
    mkdir -p "$deps"
    for f in "$gpu"/debs/*.deb; do dpkg -x "$f" "$deps"; done
    rm -rf /tmp/galp-src && mkdir -p /tmp/galp-src
    tar -xzf "$gpu"/galp-*.tar.gz -C /tmp/galp-src
    src=$(ls -d /tmp/galp-src/galp-*)
    mkdir -p "$src/_build" && cd "$src/_build"
    libdir="$deps/usr/lib/x86_64-linux-gnu"
    export LD_LIBRARY_PATH="$libdir${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}"
    export GALP_DATA_DIR="$gpu/data"
    ../configure --with-cuda --prefix=/tmp/galp-prefix \
        CUDA_ARCH_FLAGS="${CUDA_ARCH_FLAGS:--gencode arch=compute_90,code=sm_90}" \
        CMOCKA_CFLAGS="-I$deps/usr/include" CMOCKA_LIBS="-L$libdir -lcmocka" > "$out/configure.log" 2>&1 ||
        { cat "$out/configure.log"; exit 1; }
    stage build
    make -j"$(nproc)" > "$out/build.log" 2>&1 || { tail -50 "$out/build.log"; exit 1; }
    # Every stage runs even if an earlier one failed; the exit status is the first failure's.
    status=0
    stage "make check"
    make -j"$(nproc)" check > "$out/check.log" 2>&1 || status=$?
    grep -E '^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR):|^# ' "$out/check.log" || true
    for t in $(sed -n 's/^\(FAIL\|ERROR\): \([^ ]*\).*/\2/p' "$out/check.log"); do
        echo "== ${t%.sh}.log"
        tail -40 "${t%.sh}.log" || true
    done
    [ -f conformance/test_gpu.log ] && cp conformance/test_gpu.log "$out/test_gpu.log"
    stage "make install, make installcheck (a user kernel on the installed device API)"
    { make install && make installcheck; } > "$out/installcheck.log" 2>&1 || { tail -20 "$out/installcheck.log"; status=1; }
    grep '^installcheck:\|^user_kernel:' "$out/installcheck.log" || true
    # compute-sanitizer runs every kernel far slower, so it runs a representative subset of
    # conformance/test_gpu (GALP_TEST_ONLY): memcheck over every scheme, width and layout,
    # the golden vectors, the exception and stage-size edges, columns with ALP_RD vectors;
    # racecheck and synccheck over the kernels that share memory between threads (stages,
    # exception marks, records, block reductions).
    memcheck_tests="test_*every*,test_golden_vectors,test_record_scan_exceptions,test_stages_around_48k,test_exception_extremes,test_products_at_the_double_edge,test_floats_alprd*"
    racecheck_tests="test_floats_every_scheme,test_record_scan_exceptions,test_wide_vectors_every_width,test_floats_alprd_kinds"
    for tool in ${GALP_GPU_CHECK_TOOLS:-memcheck racecheck synccheck}; do
        tests=$racecheck_tests
        [ "$tool" = memcheck ] && tests=$memcheck_tests
        GALP_TEST_ONLY="$tests" sanitize "$tool" test_gpu "sanitizer-$tool.log"
        # the tile loader (galp/device/tile.cuh) shares a payload and run table per block
        sanitize "$tool" test_gpu_tile "sanitizer-tile-$tool.log"
        # FastLanes DELTA, RLE and DICT (gpu/fastlanes.cu) stage each vector in shared memory
        sanitize "$tool" test_gpu_fastlanes "sanitizer-fastlanes-$tool.log"
        # str columns: the device API's string visitor stages the symbol table per block.
        # Under racecheck the kernels that build the count automaton or follow str_matcher
        # take minutes on the dozens of queries the other tests ask of each column, so
        # racecheck follows every kernel on test_one_query (two queries on one small column)
        # and instruments one kernel at a time on tests it finishes in under a minute each:
        # the decompression on the golden vectors and the other parses, the per-code match
        # count and the visitor of the device-API test on the golden vectors.
        if [ "$tool" = racecheck ]; then
            GALP_TEST_ONLY=test_one_query sanitize "$tool" test_gpu_str "sanitizer-str-$tool-one-query.log"
            GALP_TEST_ONLY=test_vectors,test_other_parses sanitize "$tool" test_gpu_str \
                "sanitizer-str-$tool-decode_strings.log" --kernel-name kns=decode_strings
            for kernel in kne=count_strings kns=record_rows; do
                GALP_TEST_ONLY=test_vectors sanitize "$tool" test_gpu_str \
                    "sanitizer-str-$tool-${kernel#*=}.log" --kernel-name "$kernel"
            done
        else
            sanitize "$tool" test_gpu_str "sanitizer-str-$tool.log"
        fi
    done
    stage done
    if [ "${1:-}" = bench ]; then
        make bench/gpu_bench > "$out/bench-build.log" 2>&1 || { tail -30 "$out/bench-build.log"; exit 1; }
        bench/gpu_bench "$GALP_DATA_DIR" 1 2>&1 | tee "$out/bench.log"
    fi
    return "$status"
}

case "${1:-}" in
prepare) prepare ;;
run) shift; run "$@" ;;
*) echo "usage: $0 prepare | run [bench]" >&2; exit 2 ;;
esac
