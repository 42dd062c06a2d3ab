#!/bin/sh
# libgalp's CUDA decoder passes every vector but the valid ones holding ALP_RD vectors, which
# it has no decoder for, and the valid tile-scheme vectors (spec/tile.md), which the upload does
# not take (galp_gpu_tile_decompress decodes them, conformance/test_gpu_tile.c): it must refuse
# both as GALP_ERR_BAD_SCHEME (include/galp_gpu.h), never mis-decode; skipped (77) without CUDA
# or a device.
. "$GALP_SRCDIR/conformance/test_conform_common.sh"

"$CONFORM" --vectors "$VECTORS" --quiet --gpu --tap "$WORK/gpu.tap" > "$WORK/gpu.log" 2>&1
status=$?
cat "$WORK/gpu.log"
[ "$status" -eq 77 ] && exit 77
for vector in $(failed gpu); do
    case $vector in
    valid/alprd_* | valid/checksums_alprd_* | valid/gpu_for_* | valid/gpu_dfor_* | valid/gpu_rfor_*)
        grep -q "^not ok [0-9]* - $vector # rejected a valid vector (GALP_ERR_BAD_SCHEME)" \
            "$WORK/gpu.tap" || fail "galp-conform --gpu: $vector failed other than by a refusal" ;;
    *) fail "galp-conform --gpu: $vector failed" ;;
    esac
done
[ "$(failed gpu | wc -l)" -eq 19 ] || fail "galp-conform --gpu: $(failed gpu | wc -l) failures, expected the 10 valid ALP_RD and the 9 valid tile vectors"
finish
