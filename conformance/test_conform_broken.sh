#!/bin/sh
# The runner catches real decoder bugs and names the vectors that expose them: the Python
# decoder with one injected defect each (galp_decode.py --bug) must fail exactly the vectors
# that exercise the broken rule and pass the others.
. "$GALP_SRCDIR/conformance/test_conform_common.sh"
command -v python3 > /dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }

DECODER="python3 '$GALP_SRCDIR/conformance/examples/galp_decode.py'"

# FFOR words read from the neighbouring lane: every packed vector decodes wrong; RAW, empty,
# bit-width-0 columns and all validation are unaffected.
conform lane 1 --exec "$DECODER --bug lane --err {err} {in} {out}"
expect_failed lane 'valid/ffor_*_widths' 'valid/alp_*_widths' 'valid/galp_*_widths' \
    'valid/ffor_u32_multi' 'valid/*_decimals' 'valid/alprd_*' 'valid/delta_*_widths' \
    'valid/rle_*_runs' 'valid/dict_*_sizes' 'valid/auto_u32_mixed' 'valid/*galp_f*_compact'
expect_passed lane 'valid/raw_*' 'valid/empty_*' 'valid/one_*' 'valid/*_exc_all' 'invalid/*'

# Exceptions ignored: exactly the ALP/G-ALP vectors with exceptions and the patched FFOR
# vectors fail.
conform exceptions 1 --exec "$DECODER --bug exceptions --err {err} {in} {out}"
expect_failed exceptions 'valid/*_exc_per_lane' 'valid/*_exc_full_lane' 'valid/*_exc_all' \
    'valid/*_specials' 'valid/*_partial_full_lane' 'valid/*alp_f*_two_vectors' \
    'valid/*galp_f*_compact' 'valid/ffor_*_patched*'
expect_passed exceptions 'valid/*_exc_none' 'valid/*_decimals' 'valid/ffor_*_widths' \
    'valid/ffor_*_wrap' 'valid/ffor_u32_multi' 'valid/raw_*' \
    'valid/alprd_f32_zero_entry_code' 'invalid/*'
expect_failed exceptions 'valid/alprd_f32_spec_example' 'valid/alprd_f64_r63' \
    'valid/alprd_f32_all_exceptions' 'valid/alprd_f64_partial_full_lane'

# No checksum verification: the three checksum vectors are accepted, nothing else changes (the
# spliced payload brought its own payload checksum along: only the header checksum catches it).
conform checksum 1 --exec "$DECODER --bug checksum --err {err} {in} {out}"
[ "$(failed checksum | tr '\n' ' ')" = \
    "invalid/checksum_header invalid/checksum_metadata invalid/checksum_spliced_with_entry " ] ||
    fail "checksum: failed set is '$(failed checksum | tr '\n' ' ')'"
grep -q 'accepted an invalid vector' "$WORK/checksum.tap" || fail "checksum: reason missing"

# No payload checksum verification: exactly the corrupted, swapped and spliced payloads, the
# wrong payload_checksum and the flag without checksums are accepted.
conform payload 1 --exec "$DECODER --bug payload --err {err} {in} {out}"
[ "$(failed payload | tr '\n' ' ')" = "invalid/payload_checksum_bit_flip \
invalid/payload_checksum_swapped invalid/payload_checksum_spliced invalid/payload_checksum_field \
invalid/payload_checksum_flag_without_checksums " ] ||
    fail "payload: failed set is '$(failed payload | tr '\n' ' ')'"

# A decoder that rejects everything with the wrong class fails the valid vectors and, unless
# --any-class is given, the invalid ones too.
WRONG="sh -c 'echo GALP_ERR_RESERVED > \"\$1\"; exit 1' sh {err} {in} {out}"
conform wrong_class 1 --exec "$WRONG"
expect_failed wrong_class 'valid/*' 'invalid/bad_magic'
expect_passed wrong_class 'invalid/reserved_*'
conform any_class 1 --any-class --exec "$WRONG"
expect_passed any_class 'invalid/*'

# Crash, hang and a command that cannot run are failures, never passes.
conform crash 1 --match 'invalid/bad_magic' --exec "sh -c 'kill -SEGV \$\$' {in} {out}"
grep -q 'crashed: killed by signal' "$WORK/crash.tap" || fail "crash: not reported"
conform hang 1 --timeout 0.5 --match 'invalid/bad_magic' --exec "sh -c 'sleep 30' sh {in} {out}"
grep -q 'timed out' "$WORK/hang.tap" || fail "hang: not reported"
conform missing 1 --match 'invalid/bad_magic' --exec "/nonexistent/decoder {in} {out}"
grep -q 'could not run' "$WORK/missing.tap" || fail "missing command: not reported"
# Output left behind after a rejection is a failure.
conform leaves_output 1 --match 'invalid/bad_magic' --exec "sh -c 'echo x > \"\$1\"; exit 1' sh {out} {in}"
grep -q 'left output' "$WORK/leaves_output.tap" || fail "output on reject: not reported"
finish
