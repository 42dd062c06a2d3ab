# bench/ssb/ssb_test_data.sh — sourced by the SSB query tests: skips (77) unless $PYTHON
# imports duckdb and its tpch wheel, then generates SF 0.02 into $WORK/ssb ($WORK is removed
# on exit). At SF 0.02 eleven of the 13 answers have rows; at SF 0.01, with SSB's 20
# suppliers, q2.3 (one brand, suppliers in Europe) and q3.2 (suppliers in the United States)
# have none.
. "$SSB/ssb_need_duckdb.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/galp-ssb-query.XXXXXX") || exit 99
trap 'rm -rf "$WORK"' EXIT
"$PYTHON" "$SSB/ssb_gen.py" --sf 0.02 "$WORK/ssb" > "$WORK/gen.log" 2>&1 ||
    { cat "$WORK/gen.log"; echo "FAIL: ssb_gen.py"; exit 1; }
