#!/bin/sh
# libgalp's CUDA decoder passes every vector; skipped (77) without CUDA or a device.
. "$GALP_SRCDIR/conformance/test_conform_common.sh"

"$CONFORM" --vectors "$VECTORS" --quiet --gpu > "$WORK/gpu.log" 2>&1
status=$?
cat "$WORK/gpu.log"
[ "$status" -eq 77 ] && exit 77
[ "$status" -eq 0 ] || fail "galp-conform --gpu exited $status"
finish
