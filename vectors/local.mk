# vectors/local.mk — the golden conformance vectors (spec/conformance.md §4); included by the
# top-level Makefile.am.
#
# The vectors are committed. `make vectors` rebuilds them into the source tree with
# vectors/gen_vectors; `make check` (vectors/test_vectors_unchanged.sh) fails if the generator,
# and with it the reference encoder, no longer builds exactly the committed bytes.
noinst_PROGRAMS += vectors/gen_vectors
vectors_gen_vectors_SOURCES = \
	vectors/gen_vectors.c vectors/gen_vectors.h \
	vectors/gen_set.c \
	vectors/gen_data.c \
	vectors/gen_encode.c \
	vectors/gen_craft.c \
	vectors/gen_valid.c \
	vectors/gen_invalid.c \
	vectors/gen_alprd.c \
	vectors/gen_fastlanes.c \
	vectors/gen_tile.c \
	vectors/gen_fsst.c \
	vectors/gen_narrow.c \
	vectors/gen_alprd_dict.c \
	vectors/gen_delta_packed.c \
	vectors/gen_runs_delta.c \
	vectors/gen_patched.c \
	vectors/gen_runs_offset.c \
	vectors/sha256.c vectors/sha256.h
vectors_gen_vectors_LDADD = libgalp.la
# The crafted ALP vectors compute their expected values with the decode arithmetic of
# spec/alp.md §4, which must not be contracted into an FMA (as in ref/alp.mk).
vectors_gen_vectors_CFLAGS = $(AM_CFLAGS) -ffp-contract=off

# The list of committed vector files (written by gen_vectors) installs them under
# $(pkgdatadir)/vectors and puts them in the distribution.
include vectors/files.mk

.PHONY: vectors
vectors: vectors/gen_vectors$(EXEEXT)
	$(MKDIR_P) $(srcdir)/vectors/valid $(srcdir)/vectors/invalid
	rm -f $(srcdir)/vectors/valid/*.galp $(srcdir)/vectors/valid/*.out \
	  $(srcdir)/vectors/invalid/*.galp
	vectors/gen_vectors$(EXEEXT) write $(srcdir)/vectors

TESTS += vectors/test_vectors_unchanged.sh
EXTRA_DIST += vectors/test_vectors_unchanged.sh vectors/files.mk
