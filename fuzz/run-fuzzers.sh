#!/usr/bin/env bash
# fuzz/run-fuzzers.sh — build the libFuzzer targets with clang and run each for a bounded time.
#
# Usage: fuzz/run-fuzzers.sh            (from anywhere; docs/FUZZING.md)
# Environment:
#   GALP_FUZZ_SECONDS  seconds per target (default 60)
#   GALP_FUZZ_TARGETS  targets to run (default: decode inspect roundtrip structured differential strings)
#   GALP_FUZZ_BUILD    build directory (default: _build-fuzzers in the source tree); its
#                      corpus/TARGET directories persist, so later runs continue from them
#   GALP_FUZZ_JOBS     make -j for the build (default 2)
#   CC                 compiler with libFuzzer (default clang)
#   GALP_FUZZ_CONFIGURE extra configure arguments (default --without-cuda: without a GPU the
#                      differential target checks its CPU part only, so CUDA would only cost
#                      build time; give --with-cuda on a GPU machine with clang)
# Each target runs in one process on one core, starting from the committed minimised corpus
# fuzz/corpus/TARGET (copied into BUILD/corpus/TARGET: nothing in the source tree is written)
# and fuzz/regressions/TARGET and, for decode and inspect, the golden vectors (vectors/valid,
# vectors/invalid: *.galp up to 64 KiB) when present and columns encoded at startup by the
# freshly built `galp encode`. Exits non-zero when the build fails or any target reports a
# finding (crash, leak, timeout, sanitizer report, violated property); findings are saved as
# BUILD/findings/TARGET-* and the target's log is printed.
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
seconds=${GALP_FUZZ_SECONDS:-60}
targets=${GALP_FUZZ_TARGETS:-decode inspect roundtrip structured differential strings}
build=${GALP_FUZZ_BUILD:-$top/_build-fuzzers}
jobs=${GALP_FUZZ_JOBS:-2}
cc=${CC:-clang}

mkdir -p "$build" || exit 1
build=$(cd "$build" && pwd)
echo "=== fuzz: building in $build with $cc"
if [ ! -f "$build/Makefile" ]; then
    (cd "$build" && "$top/configure" --enable-fuzzing CC="$cc" ${GALP_FUZZ_CONFIGURE---without-cuda} >configure.out 2>&1) || {
        tail -n 30 "$build/configure.out"; echo "fuzz: configure failed" >&2; exit 1; }
fi
make -C "$build" -j"$jobs" >"$build/make.out" 2>&1 || {
    tail -n 40 "$build/make.out"; echo "fuzz: build failed" >&2; exit 1; }

# Seed columns from the built encoder: every type and scheme, partial and multi-vector.
seeds=$(mktemp -d) || exit 1
trap 'rm -rf "$seeds"' EXIT
awk 'BEGIN { srand(1); for (i = 0; i < 1500; i++) printf "%.2f\n", int(rand() * 200000 - 100000) / 100 }' >"$seeds/decimals.txt"
awk 'BEGIN { srand(2); for (i = 0; i < 700; i++) printf "%d\n", 20 + int(rand() * 200) }' >"$seeds/integers.txt"
printf 'nan\n-0.0\ninf\n-inf\n1.5\n' >>"$seeds/decimals.txt"
for spec in f64:galp f64:alp f32:galp f32:alp f64:raw; do
    "$build/galp" encode -q -t "${spec%:*}" -s "${spec#*:}" "$seeds/decimals.txt" \
        "$seeds/${spec/:/-}.galp" || { echo "fuzz: seed encoding failed" >&2; exit 1; }
done
for type in u8 u16 u32 u64; do
    "$build/galp" encode -q -t "$type" -s ffor "$seeds/integers.txt" "$seeds/$type-ffor.galp" ||
        { echo "fuzz: seed encoding failed" >&2; exit 1; }
done

status=0
summary=()
mkdir -p "$build/findings" "$build/logs"
for target in $targets; do
    binary=$build/fuzz/fuzz_$target
    corpus=$build/corpus/$target
    log=$build/logs/$target.log
    mkdir -p "$corpus"
    cp "$top/fuzz/corpus/$target"/* "$corpus"/ || { echo "fuzz: no fuzz/corpus/$target" >&2; exit 1; }
    seed_dirs=("$top/fuzz/regressions/$target")
    extra=()
    case $target in
    decode | inspect)
        # Column files only, up to 64 KiB: larger seeds would slow every mutation down.
        cp "$seeds"/*.galp "$corpus"/
        for f in "$top"/vectors/valid/*.galp "$top"/vectors/invalid/*.galp; do
            [ -f "$f" ] && [ "$(wc -c <"$f")" -le 65536 ] && cp "$f" "$corpus"/
        done
        extra+=(-dict="$top/fuzz/galp.dict" -max_len=65536)
        ;;
    esac
    echo "=== fuzz_$target: $seconds s"
    # protect_shadow_gap=0: the CUDA runtime maps memory where ASan keeps its shadow gap.
    ASAN_OPTIONS=${ASAN_OPTIONS:-protect_shadow_gap=0} \
        "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 \
        -print_final_stats=1 -artifact_prefix="$build/findings/$target-" "${extra[@]}" \
        "$corpus" "${seed_dirs[@]}" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n1)
    speed=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n1)
    cov=$(grep -o 'cov: [0-9]*' "$log" | tail -n1)
    line=$(printf 'fuzz_%-13s %10s executions %7s exec/s  %s  corpus %s' "$target" \
        "${runs:-?}" "${speed:-?}" "${cov:-cov: ?}" "$(ls "$corpus" | wc -l)")
    if [ $rc -ne 0 ]; then
        status=1
        line="$line  FAILED (exit $rc)"
        tail -n 60 "$log"
    fi
    summary+=("$line")
    echo "$line"
done

echo "=== fuzz summary ($seconds s per target)"
printf '%s\n' "${summary[@]}"
if compgen -G "$build/findings/*" >/dev/null; then
    echo "findings:"; ls -l "$build/findings"
    status=1
fi
exit $status
