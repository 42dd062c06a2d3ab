#!/bin/sh
# bench/ssb/test_ssb_cpu.sh — the 13 SSB query plans (bench/ssb/ssb_plan.c) executed on the CPU
# by ssb_cpu at scale factor 0.01 must give DuckDB's answers, every row (docs/SSB.md). Skips
# when $GALP_PYTHON (default python3) cannot import duckdb and the tpch extension wheel.
set -u
PYTHON=${GALP_PYTHON:-python3}
SSB="$GALP_SRCDIR/bench/ssb"
. "$SSB/ssb_test_data.sh"
mkdir -p "$WORK/cpu" || exit 99
./bench/ssb/ssb_cpu "$WORK/ssb" "$WORK/cpu" || { echo "FAIL: ssb_cpu"; exit 1; }
"$PYTHON" "$SSB/ssb_answers.py" "$WORK/ssb/answers" "$WORK/cpu" ||
    { echo "FAIL: CPU answers differ from DuckDB's"; exit 1; }
echo "PASS: SSB SF 0.01, 13 queries on the CPU equal DuckDB's answers"
