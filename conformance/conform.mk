# conformance/conform.mk — galp-conform, the conformance runner, its example decoders and its
# tests (spec/conformance.md, docs/CONFORMANCE.md); included at the end of conformance/local.mk.

bin_PROGRAMS += galp-conform
galp_conform_SOURCES = \
	conformance/galp_conform.c conformance/conform.h \
	conformance/conform_manifest.c \
	conformance/conform_buffers.c \
	conformance/conform_process.c \
	conformance/conform_ref.c \
	conformance/conform_gpu.c \
	conformance/conform_exec.c \
	conformance/conform_class.c \
	conformance/conform_lib.c \
	conformance/conform_judge.c \
	conformance/conform_report.c \
	vectors/sha256.c vectors/sha256.h
# Without --vectors the runner reads the installed suite, else the one in this source tree.
galp_conform_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/vectors -I$(top_srcdir)/conformance \
	-DGALP_CONFORM_VECTORS_DIR='"$(pkgdatadir)/vectors"' \
	-DGALP_CONFORM_SOURCE_VECTORS_DIR='"$(abs_top_srcdir)/vectors"'
galp_conform_LDADD = libgalp.la -ldl
if HAVE_CUDA
galp_conform_CPPFLAGS += $(CUDA_CFLAGS)
galp_conform_LDADD += $(CUDA_LIBS)
endif

# The --lib ABI, for decoders written by others.
include_HEADERS += conformance/galp_conform_abi.h

EXTRA_DIST += conformance/examples/galp_decode.py

if HAVE_CMOCKA
# Example decoders behind the --lib ABI: a correct one and one that reads past its input.
check_LTLIBRARIES += conformance/examples/abi_ref_decoder.la \
	conformance/examples/abi_overrun_decoder.la
CONFORM_MODULE_FLAGS = -module -avoid-version -shared -rpath /nowhere
conformance_examples_abi_ref_decoder_la_SOURCES = conformance/examples/abi_ref_decoder.c
conformance_examples_abi_ref_decoder_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/conformance
conformance_examples_abi_ref_decoder_la_LDFLAGS = $(AM_LDFLAGS) $(CONFORM_MODULE_FLAGS)
conformance_examples_abi_ref_decoder_la_LIBADD = libgalp.la
conformance_examples_abi_overrun_decoder_la_SOURCES = conformance/examples/abi_overrun_decoder.c
conformance_examples_abi_overrun_decoder_la_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/conformance
conformance_examples_abi_overrun_decoder_la_LDFLAGS = $(AM_LDFLAGS) $(CONFORM_MODULE_FLAGS)
conformance_examples_abi_overrun_decoder_la_LIBADD = libgalp.la

# Unit tests of the runner's parts: SHA-256, manifest checks, judging, the {err} format.
check_PROGRAMS += conformance/test_conform_units
TESTS += conformance/test_conform_units
conformance_test_conform_units_SOURCES = conformance/test_conform_units.c \
	conformance/conform_manifest.c conformance/conform_judge.c conformance/conform_class.c \
	vectors/sha256.c vectors/sha256.h
conformance_test_conform_units_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/vectors \
	-I$(top_srcdir)/conformance
conformance_test_conform_units_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_conform_units_LDADD = libgalp.la $(CMOCKA_LIBS)

# The runner against the reference decoder, the CUDA decoder (skips without one), the
# independent Python decoder, the broken decoders it must catch, and the --lib ABI.
TESTS += conformance/test_conform_ref.sh conformance/test_conform_gpu.sh \
	conformance/test_conform_python.sh conformance/test_conform_broken.sh \
	conformance/test_conform_lib.sh conformance/test_conform_exec.sh
endif HAVE_CMOCKA
EXTRA_DIST += conformance/test_conform_ref.sh conformance/test_conform_gpu.sh \
	conformance/test_conform_python.sh conformance/test_conform_broken.sh \
	conformance/test_conform_lib.sh conformance/test_conform_exec.sh \
	conformance/test_conform_common.sh
