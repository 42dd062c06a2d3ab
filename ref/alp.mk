# ref/alp.mk — ALP and G-ALP (spec/alp.md, spec/galp.md); included by ref/local.mk.
#
# These files are built as a convenience library linked into libgalp so that they alone get
# -ffp-contract=off: the decode arithmetic of spec/alp.md §4 must be one IEEE conversion and one
# IEEE multiply, and the encoder's magic-number rounding must not be fused into an FMA either.
# (The code also keeps every multiply and add in its own statement, which stops contraction
# under the default -ffp-contract=on of clang; the flag makes it a guarantee for GCC too.)
noinst_LTLIBRARIES += libgalp_alp.la
libgalp_alp_la_SOURCES = \
	ref/alp_constants.c ref/alp_constants.h ref/alp_arith.h \
	ref/alp_sample.c \
	ref/alp_encode.c ref/alp_encode.h \
	ref/alp_decode.c \
	ref/alp_validate.c \
	ref/galp_layout.c ref/galp_layout.h \
	ref/galp_convert.c
libgalp_alp_la_CFLAGS = $(AM_CFLAGS) -ffp-contract=off
libgalp_la_LIBADD += libgalp_alp.la
