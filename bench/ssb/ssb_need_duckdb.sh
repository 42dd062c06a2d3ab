# bench/ssb/ssb_need_duckdb.sh — sourced by the SSB tests: skips (77), saying what to install,
# unless $PYTHON imports duckdb and its tpch extension wheel (docs/SSB.md, Generating).
command -v "$PYTHON" > /dev/null 2>&1 || { echo "SKIP: $PYTHON not found"; exit 77; }
if ! "$PYTHON" -c 'import duckdb, importlib.util; assert importlib.util.find_spec("duckdb_ext")' \
        > /dev/null 2>&1; then
    echo "SKIP: $PYTHON cannot import duckdb and duckdb_ext (pip install duckdb==1.4.4" \
         "duckdb-ext-tpch==1.4.4.20260205, or set GALP_PYTHON)"
    exit 77
fi
