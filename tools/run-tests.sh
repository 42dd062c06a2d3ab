#!/usr/bin/env bash
# README Quick start, command 2: install what is missing, build, run every test suite.
#
# Stages (each in its own out-of-tree build directory under _build-tests/):
#   gcc        default configure (CUDA auto-detected), `make check`
#   clang-san  clang with ASan+UBSan, `make check`
#   distcheck  `make distcheck` (release tarball builds and passes its tests)
#   python     the Python package: wheel built, installed in a venv, pytest (python/run-tests.sh)
#   fuzz       every libFuzzer target for GALP_FUZZ_SECONDS (default 60) each, when clang exists
# Tests that need a GPU or ../shared/data skip (automake exit 77) with their reason.
# The last line is the total: "N passed, N failed, N skipped".
set -uo pipefail
top=$(cd "$(dirname "$0")/.." && pwd)
cd "$top"
jobs=$(nproc 2>/dev/null || echo 2)
passed=0 failed=0 skipped=0
failures=()

GALP_WITH_CLANG=1 bash tools/install-deps.sh || exit 1
flock /tmp/galp-autoreconf.lock autoreconf -fi >/dev/null 2>&1 || { echo "autoreconf failed" >&2; autoreconf -fi; exit 1; }

# Adds the counts of an automake test-suite.log to the totals.
count_log() {
    local log=$1 p s f
    p=$(sed -n 's/^# PASS: *//p' "$log" | head -n1)
    s=$(sed -n 's/^# SKIP: *//p' "$log" | head -n1)
    f=$(awk '/^# (FAIL|XPASS|ERROR):/ {n += $3} END {print n + 0}' "$log")
    passed=$((passed + ${p:-0})); skipped=$((skipped + ${s:-0})); failed=$((failed + f))
}

# run_check NAME CONFIGURE-ARGS...: configure and build in _build-tests/NAME, run make check.
run_check() {
    local name=$1; shift
    local dir=_build-tests/$name
    echo "=== $name: configure $*"
    rm -rf "$dir" && mkdir -p "$dir"
    if ! (cd "$dir" && "$top/configure" "$@" >configure.out 2>&1); then
        cat "$dir/configure.out"; failed=$((failed + 1)); failures+=("$name: configure"); return
    fi
    if ! (cd "$dir" && make -j"$jobs" >make.out 2>&1); then
        tail -n 60 "$dir/make.out"; failed=$((failed + 1)); failures+=("$name: build"); return
    fi
    (cd "$dir" && make -j"$jobs" check 2>&1 | grep -E '^(PASS|FAIL|SKIP|XFAIL|XPASS|ERROR|# )')
    if [ -f "$dir/test-suite.log" ]; then
        count_log "$dir/test-suite.log"
        if grep -qE '^# (FAIL|XPASS|ERROR): *[1-9]' "$dir/test-suite.log"; then
            failures+=("$name: make check")
            cat "$dir/test-suite.log"
        fi
    else
        failed=$((failed + 1)); failures+=("$name: make check produced no test-suite.log")
    fi
}

run_check gcc CC=gcc
if command -v clang >/dev/null 2>&1; then
    run_check clang-san CC=clang --enable-sanitizers --without-cuda
fi

echo "=== distcheck"
if (cd _build-tests/gcc && make -j"$jobs" distcheck DISTCHECK_CONFIGURE_FLAGS=--without-cuda >distcheck.out 2>&1); then
    passed=$((passed + 1)); echo "PASS: make distcheck"
else
    tail -n 80 _build-tests/gcc/distcheck.out
    failed=$((failed + 1)); failures+=("make distcheck"); echo "FAIL: make distcheck"
fi

echo "=== python"
bash python/run-tests.sh "$top/_build-tests/python"
case $? in
    0) passed=$((passed + 1)); echo "PASS: python (pytest)" ;;
    77) skipped=$((skipped + 1)) ;;
    *) failed=$((failed + 1)); failures+=("python (pytest)"); echo "FAIL: python (pytest)" ;;
esac

if [ -x fuzz/run-fuzzers.sh ] && command -v clang >/dev/null 2>&1; then
    echo "=== fuzz (${GALP_FUZZ_SECONDS:-60} s per target)"
    if fuzz/run-fuzzers.sh; then
        passed=$((passed + 1)); echo "PASS: fuzzing"
    else
        failed=$((failed + 1)); failures+=("fuzzing"); echo "FAIL: fuzzing"
    fi
fi

for f in "${failures[@]+"${failures[@]}"}"; do echo "failed: $f"; done
echo "$passed passed, $failed failed, $skipped skipped"
[ "$failed" -eq 0 ]
