#!/bin/sh
# The reference decoder (libgalp) passes every vector, and the runner's reports agree.
. "$GALP_SRCDIR/conformance/test_conform_common.sh"

conform ref 0 --json "$WORK/ref.json"
[ -z "$(failed ref)" ] || fail "ref: vectors failed: $(failed ref)"
total=$(sed -n 's/^1\.\.\([0-9]*\)$/\1/p' "$WORK/ref.tap")
[ "$(grep -c '^ok ' "$WORK/ref.tap")" = "$total" ] || fail "ref: not all $total vectors ok"
grep -q '"failed": 0,' "$WORK/ref.json" || fail "ref: JSON report does not say 0 failed"
grep -q "\"passed\": $total," "$WORK/ref.json" || fail "ref: JSON report does not say $total passed"

# Selection: only f64 G-ALP columns run, everything else is skipped.
conform only 0 --only f64,galp
expect_passed only 'valid/galp_f64_*'
[ "$(grep -c ' # SKIP ' "$WORK/only.tap")" -gt 0 ] || fail "only: nothing skipped"
grep ' # SKIP ' "$WORK/only.tap" | grep -q 'valid/ffor_u8_widths' || fail "only: FFOR ran"
conform bad_only 2 --only f128
# The tile schemes by name (spec/tile.md): their vectors run, an FFOR one does not.
conform tile 0 --only gpu-for,gpu-dfor,gpu-rfor
expect_passed tile 'valid/gpu_rfor_runs'
grep ' # SKIP ' "$WORK/tile.tap" | grep -q 'valid/ffor_u32_widths' || fail "tile: FFOR ran"
# str columns by type and scheme (spec/fsst.md), and every scheme named at once.
conform str 0 --only str,fsst
expect_passed str 'valid/fsst_pieces'
grep ' # SKIP ' "$WORK/str.tap" | grep -q 'valid/ffor_u32_widths' || fail "str: FFOR ran"
conform all_schemes 0 --only raw,ffor,alp,galp,alp-rd,delta,rle,dict,gpu-for,gpu-dfor,gpu-rfor,fsst

# A damaged suite is refused before any decoder runs.
cp -R "$VECTORS" "$WORK/vectors"
chmod -R u+w "$WORK/vectors"
printf 'X' | dd of="$WORK/vectors/valid/raw_u8.galp" bs=1 seek=100 conv=notrunc 2>/dev/null
"$CONFORM" --vectors "$WORK/vectors" > "$WORK/damaged.log" 2>&1
[ $? -eq 2 ] || fail "damaged suite: expected exit 2"
grep -q 'raw_u8.galp has SHA-256' "$WORK/damaged.log" || fail "damaged suite: file not named"
finish
