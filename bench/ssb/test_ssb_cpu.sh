#!/bin/sh
# bench/ssb/test_ssb_cpu.sh — the 13 SSB query plans (bench/ssb/ssb_plan.c) executed on the CPU
# by ssb_cpu at scale factor 0.02 must give DuckDB's answers, every row (docs/SSB.md). Skips
# when $GALP_PYTHON (default python3) cannot import duckdb and the tpch extension wheel.
set -u
PYTHON=${GALP_PYTHON:-python3}
SSB="$GALP_SRCDIR/bench/ssb"
. "$SSB/ssb_test_data.sh"
mkdir -p "$WORK/cpu" || exit 99
./bench/ssb/ssb_cpu "$WORK/ssb" "$WORK/cpu" || { echo "FAIL: ssb_cpu"; exit 1; }
"$PYTHON" "$SSB/ssb_answers.py" "$WORK/ssb/answers" "$WORK/cpu" ||
    { echo "FAIL: CPU answers differ from DuckDB's"; exit 1; }

# Bad input: a clear error, no answer. expect_error DESCRIPTION MESSAGE, on $WORK/bad.
expect_error() {
    rm -rf "$WORK/bad-out" && mkdir "$WORK/bad-out" || exit 99
    if ./bench/ssb/ssb_cpu "$WORK/bad" "$WORK/bad-out" 2> "$WORK/err.txt"; then
        echo "FAIL: $1 accepted"; exit 1
    fi
    grep -q "$2" "$WORK/err.txt" || { echo "FAIL: $1: $(cat "$WORK/err.txt")"; exit 1; }
    [ -z "$(ls "$WORK/bad-out")" ] || { echo "FAIL: $1 wrote answers"; exit 1; }
}
fresh() { rm -rf "$WORK/bad" && cp -r "$WORK/ssb" "$WORK/bad" || exit 99; }
fresh
head -c 10 "$WORK/ssb/columns/lineorder.lo_revenue.u32" > "$WORK/bad/columns/lineorder.lo_revenue.u32"
expect_error "a column of 10 bytes" "not a non-empty u32 column"
fresh
head -c 4 "$WORK/ssb/columns/lineorder.lo_revenue.u32" > "$WORK/bad/columns/lineorder.lo_revenue.u32"
expect_error "a column shorter than the others" "lineorder.lo_revenue: 1 rows"
fresh
# the first customer key written over the second: a key twice
{ head -c 4 "$WORK/ssb/columns/customer.c_custkey.u32"; cat "$WORK/ssb/columns/customer.c_custkey.u32"; } |
    head -c "$(wc -c < "$WORK/ssb/columns/customer.c_custkey.u32")" > "$WORK/bad/columns/customer.c_custkey.u32"
expect_error "a duplicate dimension key" "appears twice"
fresh
: > "$WORK/bad/dicts/part.p_brand1.txt"
expect_error "an empty dictionary" "p_brand1.txt: empty"
echo "PASS: SSB SF 0.02, 13 queries on the CPU equal DuckDB's answers; bad input refused"
