# bench/ssb/ssb_test_data.sh — sourced by the SSB query tests: skips (77) unless $PYTHON
# imports duckdb and its tpch wheel, then generates SF 0.01 into $WORK/ssb ($WORK is removed
# on exit).
. "$SSB/ssb_need_duckdb.sh"
WORK=$(mktemp -d "${TMPDIR:-/tmp}/galp-ssb-query.XXXXXX") || exit 99
trap 'rm -rf "$WORK"' EXIT
"$PYTHON" "$SSB/ssb_gen.py" --sf 0.01 "$WORK/ssb" > "$WORK/gen.log" 2>&1 ||
    { cat "$WORK/gen.log"; echo "FAIL: ssb_gen.py"; exit 1; }
