#!/bin/sh
# bench/ssb/test_ssb.sh — the SSB pipeline at scale factor 0.01 (docs/SSB.md): ssb_gen.py
# writes the columns and DuckDB's answers (the same bytes with dbgen in one process or in
# three), the dimension tables have SSB's row counts and every lineorder key has its row
# (ssb_keys.py), ssb_check.py recomputes six queries from the columns and must match, and
# ssb_compress.py round-trips every column through every u32 scheme with
# `galp verify`. Skips when DuckDB or its tpch extension wheel is not importable by
# $GALP_PYTHON (default python3).
set -u
PYTHON=${GALP_PYTHON:-python3}
SSB="$GALP_SRCDIR/bench/ssb"
. "$SSB/ssb_need_duckdb.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/galp-ssb-test.XXXXXX") || exit 99
trap 'rm -rf "$WORK"' EXIT

"$PYTHON" "$SSB/ssb_gen.py" --sf 0.01 --jobs 1 "$WORK/ssb" || { echo "FAIL: ssb_gen.py"; exit 1; }
# dbgen in 3 processes (3 parts of the tables) writes the same bytes as one dbgen
"$PYTHON" "$SSB/ssb_gen.py" --sf 0.01 --jobs 3 "$WORK/ssb3" ||
    { echo "FAIL: ssb_gen.py --jobs 3"; exit 1; }
diff -r "$WORK/ssb" "$WORK/ssb3" > /dev/null ||
    { echo "FAIL: --jobs 3 differs from --jobs 1"; exit 1; }
for q in 1.1 1.2 1.3 2.1 2.2 2.3 3.1 3.2 3.3 3.4 4.1 4.2 4.3; do
    [ -s "$WORK/ssb/answers/q$q.csv" ] || { echo "FAIL: no answer for q$q"; exit 1; }
done
# SSB §2's cardinalities at SF 0.01: 30 000 · SF customers, 2 000 · SF suppliers and, below
# SF 1, 200 000 · SF parts (TPC-H has 1 500, 100 and 2 000).
for table_rows in customer.c_custkey:300 supplier.s_suppkey:20 part.p_partkey:2000; do
    bytes=$(wc -c < "$WORK/ssb/columns/${table_rows%:*}.u32") || exit 99
    [ "$bytes" -eq $((4 * ${table_rows#*:})) ] ||
        { echo "FAIL: ${table_rows%%.*}: $((bytes / 4)) rows, SSB has ${table_rows#*:}"; exit 1; }
done
"$PYTHON" "$SSB/ssb_keys.py" "$WORK/ssb" || { echo "FAIL: a lineorder key has no row"; exit 1; }
"$PYTHON" "$SSB/ssb_check.py" "$WORK/ssb" || { echo "FAIL: columns disagree with DuckDB"; exit 1; }
"$PYTHON" "$SSB/ssb_compress.py" --galp ./galp "$WORK/ssb" > "$WORK/table.txt" ||
    { echo "FAIL: ssb_compress.py"; exit 1; }
# Every column appears with a figure for each scheme.
rows=$(grep -c '^[a-z_]*\.[a-z0-9_]* ' "$WORK/table.txt")
[ "$rows" -eq 31 ] || { echo "FAIL: $rows columns compressed, expected 31"; exit 1; }
echo "PASS: SSB SF 0.01: columns, answers, SSB row counts, keys, six queries recomputed," \
     "31 columns x 5 schemes"
