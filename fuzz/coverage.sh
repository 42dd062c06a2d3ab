#!/usr/bin/env bash
# fuzz/coverage.sh — how much of the reference codec (ref/) the fuzz corpora reach.
#
# Builds the fuzz targets with clang source-based coverage (-fprofile-instr-generate
# -fcoverage-mapping) in their own directory, replays each target's corpus once (-runs=0)
# together with fuzz/regressions/TARGET, merges the profiles and prints llvm-cov's line and
# branch coverage for every file of ref/, then for the decoder's files alone.
# Environment:
#   GALP_FUZZ_BUILD      where fuzz/run-fuzzers.sh left the corpora (default _build-fuzzers)
#   GALP_COVERAGE_BUILD  build directory (default _build-fuzz-coverage)
#   GALP_FUZZ_TARGETS    targets to replay (default: all five)
#   LLVM_PROFDATA, LLVM_COV  tools matching clang (default llvm-profdata, llvm-cov)
set -uo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
corpora=${GALP_FUZZ_BUILD:-$top/_build-fuzzers}/corpus
build=${GALP_COVERAGE_BUILD:-$top/_build-fuzz-coverage}
targets=${GALP_FUZZ_TARGETS:-decode inspect roundtrip structured differential}
profdata=${LLVM_PROFDATA:-llvm-profdata}
cov=${LLVM_COV:-llvm-cov}

mkdir -p "$build" || exit 1
build=$(cd "$build" && pwd)
if [ ! -f "$build/Makefile" ]; then
    (cd "$build" && "$top/configure" --enable-fuzzing --without-cuda CC="${CC:-clang}" \
        CFLAGS="-O1 -g -fprofile-instr-generate -fcoverage-mapping" >configure.out 2>&1) || {
        tail -n 30 "$build/configure.out"; echo "coverage: configure failed" >&2; exit 1; }
fi
make -C "$build" -j"${GALP_FUZZ_JOBS:-2}" >"$build/make.out" 2>&1 || {
    tail -n 40 "$build/make.out"; echo "coverage: build failed" >&2; exit 1; }

rm -rf "$build/profiles" && mkdir -p "$build/profiles"
objects=()
for target in $targets; do
    binary=$build/fuzz/fuzz_$target
    inputs=("$top/fuzz/regressions/$target")
    [ -d "$corpora/$target" ] && inputs+=("$corpora/$target")
    echo "=== replaying ${inputs[*]} through fuzz_$target"
    LLVM_PROFILE_FILE="$build/profiles/$target.%p.profraw" \
        "$binary" -runs=0 "${inputs[@]}" >"$build/profiles/$target.log" 2>&1 || {
        tail -n 30 "$build/profiles/$target.log"; echo "coverage: fuzz_$target failed" >&2; exit 1; }
    objects+=(-object "$binary")
done
"$profdata" merge -sparse "$build"/profiles/*.profraw -o "$build/fuzz.profdata" || exit 1

report() {
    "$cov" report "${objects[@]:1}" -instr-profile="$build/fuzz.profdata" "$@"
}
echo "=== coverage of ref/ (all targets)"
report "$top"/ref/*.c || exit 1
echo "=== coverage of the decoder: container validation, RAW, FFOR, ALP/G-ALP decode and checks"
report "$top"/ref/container.c "$top"/ref/decompress.c "$top"/ref/raw.c "$top"/ref/ffor.c \
    "$top"/ref/alp_decode.c "$top"/ref/alp_validate.c "$top"/ref/galp_layout.c | tail -n 1
echo "(line-by-line: $cov show ${objects[*]:1} -instr-profile=$build/fuzz.profdata FILE)"
