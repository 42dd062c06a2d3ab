#!/bin/sh
# bench/ssb/test_ssb_gpu.sh — ssb_gpu (bench/ssb/ssb_gpu.cu) at scale factor 0.02: the 13 SSB
# queries over raw columns, over tile-compressed and FastLanes-compressed columns (decoded in
# the query kernels) and, in a build with nvCOMP, over nvCOMP Cascaded columns must each give
# DuckDB's answers, every row; ssb_gpu itself checks every column's full decompression by each
# tile scheme and as FastLanes bit for bit. Skips without duckdb (see ssb_test_data.sh), a CUDA build or a GPU.
set -u
PYTHON=${GALP_PYTHON:-python3}
SSB="$GALP_SRCDIR/bench/ssb"
[ -x ./bench/ssb/ssb_gpu ] ||
    { echo "SKIP: bench/ssb/ssb_gpu not built (configure --with-cuda)"; exit 77; }
. "$SSB/ssb_test_data.sh"
./bench/ssb/ssb_gpu --warmup 1 --runs 2 --threads 2 --json "$WORK/ssb.json" "$WORK/ssb" "$WORK/out"
rc=$?
[ $rc -eq 77 ] && { echo "SKIP: no CUDA device"; exit 77; }
[ $rc -eq 0 ] || { echo "FAIL: ssb_gpu exited with $rc"; exit 1; }
for variant in raw tile fastlanes nvcomp; do
    if [ "$variant" = nvcomp ] && [ ! -d "$WORK/out/nvcomp" ]; then
        echo "nvcomp: not built with nvCOMP, not checked"
        continue
    fi
    echo "== $variant"
    "$PYTHON" "$SSB/ssb_answers.py" "$WORK/ssb/answers" "$WORK/out/$variant" ||
        { echo "FAIL: the $variant answers differ from DuckDB's"; exit 1; }
done
echo "PASS: SSB SF 0.02, 13 queries on the GPU equal DuckDB's answers (raw, tile and FastLanes columns)"
