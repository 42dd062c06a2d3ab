# ref/local.mk — the reference codec, libgalp (included by the top-level Makefile.am).
# One file per concern; ref/galp_internal.h lists them with the spec sections they implement.
libgalp_la_SOURCES += \
	ref/bytes.h \
	ref/galp_internal.h \
	ref/crc32c.c \
	ref/status.c \
	ref/types.c \
	ref/container.c \
	ref/column_seal.c \
	ref/raw.c \
	ref/ffor.c \
	ref/ffor_encode.c \
	ref/ffor_patch.c \
	ref/ffor_patch_choice.c \
	ref/alprd.c \
	ref/alprd_encode.c \
	ref/delta.c \
	ref/delta_encode.c \
	ref/rle.c \
	ref/rle_encode.c \
	ref/runs.c \
	ref/runs_encode.c \
	ref/dict.c \
	ref/dict_encode.c \
	ref/tile_packed.c \
	ref/tile_for.c \
	ref/tile_rfor.c \
	ref/tile_encode.c \
	ref/encode_choice.c \
	ref/compress.c \
	ref/decompress.c \
	ref/fsst.h \
	ref/fsst_table.c \
	ref/fsst_decode.c \
	ref/fsst_strings.c \
	ref/fsst_build.c \
	ref/fsst_parse.c \
	ref/fsst_encode.c

# ALP and G-ALP (spec/alp.md, spec/galp.md) build with their own flags.
include ref/alp.mk

# Public headers shared with the CUDA decoder, installed as <galp/layout.h> and
# <galp/alp_constants.h>: the payload layout and the ALP constants, each defined once.
galpincludedir = $(includedir)/galp
galpinclude_HEADERS = include/galp/layout.h include/galp/alp_constants.h \
	include/galp/tile_layout.h

# Decoded columns exported through the Arrow C Data Interface (include/galp_arrow.h).
include_HEADERS += include/galp_arrow.h
libgalp_la_SOURCES += ref/arrow_internal.h ref/arrow_export.c
