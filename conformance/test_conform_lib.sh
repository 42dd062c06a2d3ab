#!/bin/sh
# The --lib ABI (galp_conform_abi.h): the reference decoder behind it passes, in a child
# process per vector and in-process; a decoder that reads past its input is caught.
. "$GALP_SRCDIR/conformance/test_conform_common.sh"
MODULES="$GALP_BUILDDIR/conformance/examples/.libs"

conform lib 0 --lib "$MODULES/abi_ref_decoder.so"
grep -q 'decoder: libgalp through galp_conform_abi.h' "$WORK/lib.log" || fail "lib: name not shown"
conform lib_in_process 0 --in-process --lib "$MODULES/abi_ref_decoder.so"

# Reading one byte past the input hits the guard page: every valid vector (their lengths are
# multiples of 16) must fail as a crash of its own child, and the run must go on.
conform overrun 1 --lib "$MODULES/abi_overrun_decoder.so"
expect_failed overrun 'valid/*'
grep '^not ok' "$WORK/overrun.tap" | grep -v -q 'crashed\|ended the process' &&
    fail "overrun: a failure is not reported as a crash"
conform no_abi 2 --lib "$GALP_BUILDDIR/.libs/libgalp.so"
finish
