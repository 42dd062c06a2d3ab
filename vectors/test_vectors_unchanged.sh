#!/bin/sh
# The committed vectors are exactly what vectors/gen_vectors builds today: the reference encoder
# still writes the committed bytes for the committed inputs, every crafted vector is unchanged,
# and vectors/MANIFEST (with its SHA-256 of every file) and vectors/files.mk match
# (spec/conformance.md §4).
exec "$GALP_BUILDDIR/vectors/gen_vectors" check "$GALP_SRCDIR/vectors"
