#!/bin/sh
# conformance/examples/galp_decode.py, a decoder written in Python from spec/ alone, passes
# every vector through the command protocol, error classes included ({err}).
. "$GALP_SRCDIR/conformance/test_conform_common.sh"
command -v python3 > /dev/null 2>&1 || { echo "SKIP: python3 not found"; exit 77; }

DECODER="python3 '$GALP_SRCDIR/conformance/examples/galp_decode.py'"
conform python 0 --exec "$DECODER --err {err} {in} {out}"
[ -z "$(failed python)" ] || fail "python: vectors failed: $(failed python)"
finish
