#!/bin/sh
# conformance/test_bench_compare.sh — bench/compare.py (docs/PERFORMANCE.md) on two small
# galp-bench result files written here: the medians, per-dataset ratios, fractions and counts
# it prints must be those of the rows; a row whose check failed must be left out, with a
# warning; rows of other codecs and of the synthetic sweeps must not count.
set -u
command -v python3 > /dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }
COMPARE="$GALP_SRCDIR/bench/compare.py"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/galp-compare-test.XXXXXX") || exit 99
trap 'rm -rf "$WORK"' EXIT

# results FILE ROW...: a galp-bench CSV of rows "dataset source codec op gvalues fraction check"
results() {
    file=$1
    shift
    {
        echo "# device: test"
        echo "# ceilings_gbps: copy=1 read=1"
        echo "dataset,source,type,values,source_values,codec,op,decoded_bytes,compressed_bytes,ratio,bit_width,exception_rate,median_ms,min_ms,runs,gbps,gvalues_per_ms,limit_gbps,fraction,check"
        for row in "$@"; do
            set -- $row
            echo "$1,$2,f64,1,1,$3,$4,8,2,4,10,0,1,1,10,1,$5,1,$6,$7"
        done
    } > "$file"
}

results "$WORK/base.csv" "a rowgroup galp pushdown 1.0 0.50 ok" "b sample galp pushdown 2.0 0.80 ok" \
    "c sample galp pushdown 6.0 0.90 ok" "d sample galp pushdown 9.0 0.95 ok" \
    "a rowgroup nvcomp-zstd decompress 5.0 0.10 ok" "s sweep galp pushdown 7.0 0.99 ok"
results "$WORK/new.csv" "a rowgroup galp pushdown 1.5 0.75 ok" "b sample galp pushdown 2.0 0.80 ok" \
    "c sample galp pushdown 1.5 0.45 ok" "d sample galp pushdown 9.0 0.95 wrong" \
    "a rowgroup nvcomp-zstd decompress 1.0 0.10 ok" "s sweep galp pushdown 1.0 0.10 ok"
out=$(cd "$WORK" && python3 "$COMPARE" --base base.csv --new new.csv --datasets 2> err.txt)
status=$?
echo "$out"
failures=0
expect() { # expect WHAT PATTERN: some line of the output matches the extended regex
    echo "$out" | grep -Eq "$2" || { echo "FAIL: $1 (no line matches /$2/)"; failures=$((failures + 1)); }
}
[ "$status" -eq 0 ] || { echo "FAIL: compare.py exited $status"; failures=$((failures + 1)); }
# a, b, c of both: medians 2.000 and 1.500, ratios 1.5 / 1.0 / 0.25 (median 1.000, lowest c,
# highest a), fractions' medians 80.0 % and 75.0 %, two datasets at >= 70 % in each
expect "the f64 pushdown line" '^f64 +pushdown +3 +2\.000 +1\.500 +1\.000 +c +0\.250 +a +1\.500 +80\.0% +75\.0% +2/2'
expect "dataset c" '^ +c +6\.000 +1\.500 +0\.250 +90\.0% +45\.0%'
grep -q "d galp pushdown: wrong (left out)" "$WORK/err.txt" ||
    { echo "FAIL: no warning for the wrong row"; failures=$((failures + 1)); }
if echo "$out" | grep -Eq '^ +(d|s) |decompress'; then
    echo "FAIL: a wrong row, a sweep or another codec was counted"
    failures=$((failures + 1))
fi
echo "$failures failed"
[ "$failures" -eq 0 ]
