# conformance/local.mk — the conformance test programs (included by the top-level Makefile.am).
# Each test is a cmocka program linked with libgalp; helpers append their own programs below,
# one block per program or group.
if HAVE_CMOCKA

# Shared helpers of the container, FFOR and spec-example tests (other fragments append to
# check_LTLIBRARIES with +=).
check_LTLIBRARIES = conformance/libtestsupport.la
conformance_libtestsupport_la_SOURCES = conformance/test_support.c conformance/test_support.h
conformance_libtestsupport_la_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)

CONFORMANCE_TEST_LIBS = conformance/libtestsupport.la libgalp.la $(CMOCKA_LIBS)

check_PROGRAMS += conformance/test_container conformance/test_ffor conformance/test_ffor_data \
	conformance/test_spec_examples conformance/test_payload_checksum conformance/test_crc32c \
	conformance/test_tile
TESTS += conformance/test_container conformance/test_ffor conformance/test_ffor_data \
	conformance/test_spec_examples conformance/test_payload_checksum conformance/test_crc32c \
	conformance/test_tile

conformance_test_container_SOURCES = conformance/test_container.c
conformance_test_container_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_container_LDADD = $(CONFORMANCE_TEST_LIBS)

conformance_test_payload_checksum_SOURCES = conformance/test_payload_checksum.c
conformance_test_payload_checksum_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_payload_checksum_LDADD = $(CONFORMANCE_TEST_LIBS)

# Also compiles ref/crc32c.c itself (its portable definition, under another name).
conformance_test_crc32c_SOURCES = conformance/test_crc32c.c
conformance_test_crc32c_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_crc32c_LDADD = $(CONFORMANCE_TEST_LIBS)

conformance_test_tile_SOURCES = conformance/test_tile.c
conformance_test_tile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_tile_LDADD = $(CONFORMANCE_TEST_LIBS)

conformance_test_ffor_SOURCES = conformance/test_ffor.c
conformance_test_ffor_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_ffor_LDADD = $(CONFORMANCE_TEST_LIBS)

conformance_test_ffor_data_SOURCES = conformance/test_ffor_data.c
conformance_test_ffor_data_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_ffor_data_LDADD = $(CONFORMANCE_TEST_LIBS)

# Reads the hex listings of spec/format.md and spec/ffor.md ($GALP_SRCDIR, else the configured
# source directory).
conformance_test_spec_examples_SOURCES = conformance/test_spec_examples.c
conformance_test_spec_examples_CPPFLAGS = $(AM_CPPFLAGS) -DGALP_TOP_SRCDIR='"$(abs_top_srcdir)"'
conformance_test_spec_examples_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_spec_examples_LDADD = $(CONFORMANCE_TEST_LIBS)

# A galp_column changed after galp_open is refused (include/galp.h).
check_PROGRAMS += conformance/test_column_seal
TESTS += conformance/test_column_seal
conformance_test_column_seal_SOURCES = conformance/test_column_seal.c
conformance_test_column_seal_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_column_seal_LDADD = $(CONFORMANCE_TEST_LIBS)

# The reference decoders read payloads only through the bounds-checked reader (ref/bytes.h).
check_PROGRAMS += conformance/test_payload_reader
TESTS += conformance/test_payload_reader
conformance_test_payload_reader_SOURCES = conformance/test_payload_reader.c
conformance_test_payload_reader_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_payload_reader_LDADD = $(CONFORMANCE_TEST_LIBS)

# <galp/layout.h> against the sizes and offsets the spec states.
check_PROGRAMS += conformance/test_layout
TESTS += conformance/test_layout
conformance_test_layout_SOURCES = conformance/test_layout.c
conformance_test_layout_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_layout_LDADD = $(CONFORMANCE_TEST_LIBS)

# FastLanes DELTA, RLE and DICT (spec/fastlanes.md).
check_PROGRAMS += conformance/test_fastlanes
TESTS += conformance/test_fastlanes
conformance_test_fastlanes_SOURCES = conformance/test_fastlanes.c
conformance_test_fastlanes_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_fastlanes_LDADD = $(CONFORMANCE_TEST_LIBS)

endif HAVE_CMOCKA

# ---- Strings: FSST (spec/fsst.md) ----------------------------------------------------------
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_fsst
TESTS += conformance/test_fsst
conformance_test_fsst_SOURCES = conformance/test_fsst.c
conformance_test_fsst_CPPFLAGS = $(AM_CPPFLAGS) -DGALP_TOP_SRCDIR='"$(abs_top_srcdir)"'
conformance_test_fsst_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_fsst_LDADD = $(CONFORMANCE_TEST_LIBS)

# The CUDA decoder of str columns against the reference (skips without a GPU).
check_PROGRAMS += conformance/test_gpu_str
TESTS += conformance/test_gpu_str
conformance_test_gpu_str_SOURCES = conformance/test_gpu_str.c conformance/str_reparse.c conformance/str_reparse.h
conformance_test_gpu_str_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CFLAGS) \
	-DGALP_TOP_SRCDIR='"$(abs_top_srcdir)"'
conformance_test_gpu_str_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_gpu_str_LDADD = $(CONFORMANCE_TEST_LIBS) $(CUDA_LIBS)
if HAVE_CUDA
# a user's kernels on the device API's string visitor (galp/device/strings.cuh)
conformance_test_gpu_str_LDADD += conformance/test_gpu_str_device.lo
conformance/test_gpu_str_device.lo: conformance/test_gpu_str_device.cu conformance/test_gpu_str_device.h \
		$(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) -I$(top_srcdir)/conformance \
		$(top_srcdir)/conformance/test_gpu_str_device.cu
CLEANFILES += conformance/test_gpu_str_device.lo conformance/test_gpu_str_device.o \
	conformance/.libs/test_gpu_str_device.o
endif HAVE_CUDA
endif HAVE_CMOCKA
EXTRA_DIST += conformance/test_gpu_str_device.cu conformance/test_gpu_str_device.h

# ---- ALP and G-ALP (spec/alp.md, spec/galp.md) --------------------------------------------
if HAVE_CMOCKA
ALP_TEST_SUPPORT = conformance/alp_support.c conformance/alp_support.h
check_PROGRAMS += conformance/test_alp
TESTS += conformance/test_alp
conformance_test_alp_SOURCES = conformance/test_alp.c $(ALP_TEST_SUPPORT)
conformance_test_alp_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_alp_LDADD = $(CONFORMANCE_TEST_LIBS)

check_PROGRAMS += conformance/test_galp
TESTS += conformance/test_galp
conformance_test_galp_SOURCES = conformance/test_galp.c $(ALP_TEST_SUPPORT)
conformance_test_galp_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_galp_LDADD = $(CONFORMANCE_TEST_LIBS)

# ALP_RD (spec/alprd.md).
check_PROGRAMS += conformance/test_alprd
TESTS += conformance/test_alprd
conformance_test_alprd_SOURCES = conformance/test_alprd.c
conformance_test_alprd_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_alprd_LDADD = $(CONFORMANCE_TEST_LIBS)

check_PROGRAMS += conformance/test_galp_compact
TESTS += conformance/test_galp_compact
conformance_test_galp_compact_SOURCES = conformance/test_galp_compact.c
conformance_test_galp_compact_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_galp_compact_LDADD = $(CONFORMANCE_TEST_LIBS)

check_PROGRAMS += conformance/test_alp_realdata
TESTS += conformance/test_alp_realdata
conformance_test_alp_realdata_SOURCES = conformance/test_alp_realdata.c \
	conformance/alp_data.c conformance/alp_data.h \
	conformance/alp_reference.c conformance/alp_reference.h
conformance_test_alp_realdata_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_alp_realdata_LDADD = $(CONFORMANCE_TEST_LIBS)
endif HAVE_CMOCKA

# ---- the codec in a thread with a small stack (include/galp.h) -------------------------------
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_stack
TESTS += conformance/test_stack
conformance_test_stack_SOURCES = conformance/test_stack.c
conformance_test_stack_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_stack_LDADD = $(CONFORMANCE_TEST_LIBS) -lpthread

# galp_compress with each of its allocations failed: the static library, its malloc wrapped.
check_PROGRAMS += conformance/test_compress_nomem
TESTS += conformance/test_compress_nomem
conformance_test_compress_nomem_SOURCES = conformance/test_compress_nomem.c
conformance_test_compress_nomem_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_compress_nomem_LDFLAGS = $(AM_LDFLAGS) -static -Wl,--wrap=malloc
conformance_test_compress_nomem_LDADD = libgalp.la $(CMOCKA_LIBS)
endif HAVE_CMOCKA

# ---- spec/conformance.md's vector tables name exactly the vectors of vectors/MANIFEST ---------
TESTS += conformance/test_spec_vector_names.sh
EXTRA_DIST += conformance/test_spec_vector_names.sh

# ---- the galp command-line tool (docs/CLI.md), through the built binary ---------------------
TESTS += conformance/test_cli.sh
EXTRA_DIST += conformance/test_cli.sh
# The CLI's value parser on its own: scan's bounds need a GPU to reach it through the tool.
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_cli_parse
TESTS += conformance/test_cli_parse
conformance_test_cli_parse_SOURCES = conformance/test_cli_parse.c
conformance_test_cli_parse_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools
conformance_test_cli_parse_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_cli_parse_LDADD = tools/libgalp_cli.la libgalp.la $(CMOCKA_LIBS) $(CUDA_LIBS)
endif HAVE_CMOCKA

# ---- CUDA decoder (gpu/, include/galp_gpu.h) ----------------------------------------------
# Compares the GPU with the reference decoder; skips (77) without a GPU. In a build without
# CUDA it checks that every GPU entry point reports GALP_ERR_NO_DEVICE, then skips.
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_gpu
TESTS += conformance/test_gpu
conformance_test_gpu_SOURCES = conformance/test_gpu.c
conformance_test_gpu_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gpu $(CUDA_CFLAGS)
conformance_test_gpu_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_gpu_LDADD = conformance/libtestsupport.la libgalp.la $(CMOCKA_LIBS) $(CUDA_LIBS) -lpthread
if HAVE_CUDA
# a user's kernel on the device API (lane_decoder::next<N>), compiled like gpu/*.cu
conformance_test_gpu_LDADD += conformance/test_gpu_device.lo
conformance/test_gpu_device.lo: conformance/test_gpu_device.cu conformance/test_gpu_device.h $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) -I$(top_srcdir)/conformance \
		$(top_srcdir)/conformance/test_gpu_device.cu
CLEANFILES += conformance/test_gpu_device.lo conformance/test_gpu_device.o \
	conformance/.libs/test_gpu_device.o
endif HAVE_CUDA
endif HAVE_CMOCKA
EXTRA_DIST += conformance/test_gpu_device.cu conformance/test_gpu_device.h

# The tile loader (galp/device/tile.cuh) through galp_gpu_tile_decompress, against the
# reference; skips (77) without a GPU, after checking GALP_ERR_NO_DEVICE in a build without CUDA.
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_gpu_tile
TESTS += conformance/test_gpu_tile
conformance_test_gpu_tile_SOURCES = conformance/test_gpu_tile.c
conformance_test_gpu_tile_CPPFLAGS = $(AM_CPPFLAGS) -DGALP_TOP_SRCDIR='"$(abs_top_srcdir)"'
conformance_test_gpu_tile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_gpu_tile_LDADD = $(CONFORMANCE_TEST_LIBS) $(CUDA_LIBS) -lpthread
if HAVE_CUDA
# a user's kernel on the device API's decode_tile, compiled like gpu/*.cu
conformance_test_gpu_tile_LDADD += conformance/test_gpu_tile_device.lo
conformance/test_gpu_tile_device.lo: conformance/test_gpu_tile_device.cu \
		conformance/test_gpu_tile_device.h $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) -I$(top_srcdir)/conformance \
		$(top_srcdir)/conformance/test_gpu_tile_device.cu
CLEANFILES += conformance/test_gpu_tile_device.lo conformance/test_gpu_tile_device.o \
	conformance/.libs/test_gpu_tile_device.o
endif HAVE_CUDA
endif HAVE_CMOCKA
EXTRA_DIST += conformance/test_gpu_tile_device.cu conformance/test_gpu_tile_device.h

# The value table of a column of constants (gpu/value_table.c): host code, tested in every
# build; without CUDA, libgalp lacks it and the test compiles it in.
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_value_table
TESTS += conformance/test_value_table
conformance_test_value_table_SOURCES = conformance/test_value_table.c
if !HAVE_CUDA
conformance_test_value_table_SOURCES += gpu/value_table.c gpu/value_table.h
endif !HAVE_CUDA
conformance_test_value_table_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gpu
conformance_test_value_table_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_value_table_LDADD = $(CONFORMANCE_TEST_LIBS) -lm
endif HAVE_CMOCKA

# The device image of columns with ALP_RD vectors (gpu/image.c): host code, tested in every
# build; without CUDA, libgalp lacks it and the test compiles it in.
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_gpu_image
TESTS += conformance/test_gpu_image
conformance_test_gpu_image_SOURCES = conformance/test_gpu_image.c
if !HAVE_CUDA
conformance_test_gpu_image_SOURCES += gpu/image.c gpu/image.h
endif !HAVE_CUDA
conformance_test_gpu_image_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/gpu
conformance_test_gpu_image_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_gpu_image_LDADD = $(CONFORMANCE_TEST_LIBS)
endif HAVE_CMOCKA

# ---- galp-conform: the conformance runner, its examples and tests ------------------------
include conformance/conform.mk

# FastLanes DELTA, RLE and DICT on the device (gpu/fastlanes.cu) against the reference, the
# generator's oracle (fuzz/column_gen.c) and host scans; skips (77) without a GPU.
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_gpu_fastlanes
TESTS += conformance/test_gpu_fastlanes
conformance_test_gpu_fastlanes_SOURCES = conformance/test_gpu_fastlanes.c fuzz/column_gen.c fuzz/column_gen.h \
	fuzz/byte_source.h fuzz/fuzz_require.h
conformance_test_gpu_fastlanes_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/fuzz $(CUDA_CFLAGS)
# the generator's ALP oracle must round like spec/alp.md §4: no fused multiply-add
conformance_test_gpu_fastlanes_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS) -ffp-contract=off
conformance_test_gpu_fastlanes_LDADD = $(CONFORMANCE_TEST_LIBS) $(CUDA_LIBS) -lpthread
if HAVE_CUDA
# a user's kernel on the FastLanes lane decoders, compiled like gpu/*.cu
conformance_test_gpu_fastlanes_LDADD += conformance/test_gpu_fastlanes_device.lo
conformance/test_gpu_fastlanes_device.lo: conformance/test_gpu_fastlanes_device.cu \
		conformance/test_gpu_fastlanes_device.h $(GPU_KERNEL_INCLUDES)
	$(AM_V_GEN)$(GPU_NVCC) $@ $(NVCC) $(GPU_NVCCFLAGS) -I$(top_srcdir)/conformance \
		$(top_srcdir)/conformance/test_gpu_fastlanes_device.cu
CLEANFILES += conformance/test_gpu_fastlanes_device.lo conformance/test_gpu_fastlanes_device.o \
	conformance/.libs/test_gpu_fastlanes_device.o
endif HAVE_CUDA
endif HAVE_CMOCKA
EXTRA_DIST += conformance/test_gpu_fastlanes_device.cu conformance/test_gpu_fastlanes_device.h

# ---- the Arrow C Data Interface export (include/galp_arrow.h) ----------------------------
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_arrow
TESTS += conformance/test_arrow
conformance_test_arrow_SOURCES = conformance/test_arrow.c
conformance_test_arrow_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_arrow_LDADD = $(CONFORMANCE_TEST_LIBS)
# The Arrow device export against the CPU decoder (skips without a GPU).
check_PROGRAMS += conformance/test_gpu_arrow
TESTS += conformance/test_gpu_arrow
conformance_test_gpu_arrow_SOURCES = conformance/test_gpu_arrow.c
conformance_test_gpu_arrow_CPPFLAGS = $(AM_CPPFLAGS) $(CUDA_CFLAGS)
conformance_test_gpu_arrow_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_gpu_arrow_LDADD = $(CONFORMANCE_TEST_LIBS) $(CUDA_LIBS)

# Narrow lane ends (spec/galp.md §1.2, format 1.3): encoder, sizes, validation, conversion.
check_PROGRAMS += conformance/test_galp_narrow
TESTS += conformance/test_galp_narrow
conformance_test_galp_narrow_SOURCES = conformance/test_galp_narrow.c
conformance_test_galp_narrow_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_galp_narrow_LDADD = $(CONFORMANCE_TEST_LIBS)
check_PROGRAMS += conformance/test_alprd_dict
TESTS += conformance/test_alprd_dict
conformance_test_alprd_dict_SOURCES = conformance/test_alprd_dict.c
conformance_test_alprd_dict_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_alprd_dict_LDADD = $(CONFORMANCE_TEST_LIBS)

check_PROGRAMS += conformance/test_delta_packed
TESTS += conformance/test_delta_packed
conformance_test_delta_packed_SOURCES = conformance/test_delta_packed.c
conformance_test_delta_packed_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_delta_packed_LDADD = $(CONFORMANCE_TEST_LIBS)
endif HAVE_CMOCKA

# RUNS, run lengths and run values (spec/fastlanes.md §8).
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_runs
TESTS += conformance/test_runs
conformance_test_runs_SOURCES = conformance/test_runs.c
conformance_test_runs_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_runs_LDADD = $(CONFORMANCE_TEST_LIBS)
endif HAVE_CMOCKA

# Patched FFOR vectors (spec/ffor.md §8).
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_ffor_patched
TESTS += conformance/test_ffor_patched
conformance_test_ffor_patched_SOURCES = conformance/test_ffor_patched.c
conformance_test_ffor_patched_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_ffor_patched_LDADD = $(CONFORMANCE_TEST_LIBS)
endif HAVE_CMOCKA
