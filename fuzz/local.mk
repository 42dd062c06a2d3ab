# fuzz/local.mk — libFuzzer targets and the replay of their saved inputs (docs/FUZZING.md).
#
# `configure --enable-fuzzing CC=clang` builds the five fuzz_* programs, with the whole tree
# compiled for libFuzzer, ASan and UBSan (configure sets the flags). Every build, with any
# compiler, builds the replay_* test programs: each is one target's source linked with a plain
# main() (fuzz/replay_main.c) that replays fuzz/regressions/TARGET/ in `make check`.
#
# Programs link libgalp statically (-static): the library code is then inside each program,
# which coverage reports (fuzz/coverage.sh) need, and libtool writes no wrapper scripts.

FUZZ_COMMON = \
	fuzz/byte_source.h fuzz/fuzz_require.h \
	fuzz/decode_check.c fuzz/decode_check.h fuzz/decode_check_str.c \
	fuzz/spec_validate.c fuzz/spec_validate.h \
	fuzz/column_gen.c fuzz/column_gen.h
FUZZ_MUTATE = fuzz/column_mutate.c fuzz/column_mutate.h
# galp inspect's code path: the CLI's own convenience library (tools/local.mk).
FUZZ_INSPECT_LINKED = tools/libgalp_cli.la
FUZZ_SCANS = fuzz/scan_oracle.c fuzz/scan_oracle.h fuzz/gpu_decode.h
if HAVE_CUDA
FUZZ_GPU = $(FUZZ_SCANS) fuzz/gpu_decode_cuda.c
FUZZ_GPU_INCLUDES = $(CUDA_CFLAGS)
FUZZ_GPU_LINKED = $(CUDA_LIBS)
else
FUZZ_GPU = $(FUZZ_SCANS) fuzz/gpu_decode_none.c
endif
# The generator's ALP oracle must round like spec/alp.md §4: no fused multiply-add.
FUZZ_COMPILE = $(AM_CFLAGS) -ffp-contract=off
FUZZ_PREPROCESS = $(AM_CPPFLAGS) -I$(top_srcdir)/tools $(FUZZ_GPU_INCLUDES)
FUZZ_LINKED = libgalp.la $(FUZZ_GPU_LINKED)

# ---- regression replay: every build, every compiler ----------------------------------
FUZZ_REPLAYS = fuzz/replay_decode fuzz/replay_inspect fuzz/replay_roundtrip \
	fuzz/replay_structured fuzz/replay_differential fuzz/replay_strings
check_PROGRAMS += $(FUZZ_REPLAYS)
TESTS += $(FUZZ_REPLAYS)

fuzz_replay_decode_SOURCES = fuzz/fuzz_decode.c fuzz/replay_main.c $(FUZZ_COMMON)
fuzz_replay_decode_CFLAGS = $(FUZZ_COMPILE)
fuzz_replay_decode_CPPFLAGS = $(FUZZ_PREPROCESS) -DGALP_FUZZ_TARGET='"decode"'
fuzz_replay_decode_LDFLAGS = $(AM_LDFLAGS) -static
fuzz_replay_decode_LDADD = $(FUZZ_LINKED)

fuzz_replay_inspect_SOURCES = fuzz/fuzz_inspect.c fuzz/replay_main.c fuzz/fuzz_require.h
fuzz_replay_inspect_CFLAGS = $(FUZZ_COMPILE)
fuzz_replay_inspect_CPPFLAGS = $(FUZZ_PREPROCESS) -DGALP_FUZZ_TARGET='"inspect"'
fuzz_replay_inspect_LDFLAGS = $(AM_LDFLAGS) -static
fuzz_replay_inspect_LDADD = $(FUZZ_INSPECT_LINKED) $(FUZZ_LINKED)

fuzz_replay_roundtrip_SOURCES = fuzz/fuzz_roundtrip.c fuzz/replay_main.c $(FUZZ_COMMON)
fuzz_replay_roundtrip_CFLAGS = $(FUZZ_COMPILE)
fuzz_replay_roundtrip_CPPFLAGS = $(FUZZ_PREPROCESS) -DGALP_FUZZ_TARGET='"roundtrip"'
fuzz_replay_roundtrip_LDFLAGS = $(AM_LDFLAGS) -static
fuzz_replay_roundtrip_LDADD = $(FUZZ_LINKED)

fuzz_replay_structured_SOURCES = fuzz/fuzz_structured.c fuzz/replay_main.c $(FUZZ_COMMON) $(FUZZ_MUTATE)
fuzz_replay_structured_CFLAGS = $(FUZZ_COMPILE)
fuzz_replay_structured_CPPFLAGS = $(FUZZ_PREPROCESS) -DGALP_FUZZ_TARGET='"structured"'
fuzz_replay_structured_LDFLAGS = $(AM_LDFLAGS) -static
fuzz_replay_structured_LDADD = $(FUZZ_LINKED)

fuzz_replay_differential_SOURCES = fuzz/fuzz_differential.c fuzz/replay_main.c $(FUZZ_COMMON) $(FUZZ_GPU)
fuzz_replay_differential_CFLAGS = $(FUZZ_COMPILE)
fuzz_replay_differential_CPPFLAGS = $(FUZZ_PREPROCESS) -DGALP_FUZZ_TARGET='"differential"'
fuzz_replay_differential_LDFLAGS = $(AM_LDFLAGS) -static
fuzz_replay_differential_LDADD = $(FUZZ_LINKED)

# str columns (spec/fsst.md): the encoder's round trip and columns written from the spec.
fuzz_replay_strings_SOURCES = fuzz/fuzz_strings.c fuzz/replay_main.c $(FUZZ_COMMON)
fuzz_replay_strings_CFLAGS = $(FUZZ_COMPILE)
fuzz_replay_strings_CPPFLAGS = $(FUZZ_PREPROCESS) -DGALP_FUZZ_TARGET='"strings"'
fuzz_replay_strings_LDFLAGS = $(AM_LDFLAGS) -static
fuzz_replay_strings_LDADD = $(FUZZ_LINKED)

# The differential target's host-side oracle of the GPU scans, tested without a GPU.
if HAVE_CMOCKA
check_PROGRAMS += fuzz/test_scan_oracle
TESTS += fuzz/test_scan_oracle
fuzz_test_scan_oracle_SOURCES = fuzz/test_scan_oracle.c fuzz/scan_oracle.c fuzz/scan_oracle.h
fuzz_test_scan_oracle_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
fuzz_test_scan_oracle_LDADD = libgalp.la $(CMOCKA_LIBS)
endif

# ---- libFuzzer targets: configure --enable-fuzzing CC=clang ---------------------------
if ENABLE_FUZZING
noinst_PROGRAMS += fuzz/fuzz_decode fuzz/fuzz_inspect fuzz/fuzz_roundtrip \
	fuzz/fuzz_structured fuzz/fuzz_differential fuzz/fuzz_strings
FUZZ_LINK = $(AM_LDFLAGS) -static -fsanitize=fuzzer

fuzz_fuzz_decode_SOURCES = fuzz/fuzz_decode.c $(FUZZ_COMMON)
fuzz_fuzz_decode_CFLAGS = $(FUZZ_COMPILE)
fuzz_fuzz_decode_CPPFLAGS = $(FUZZ_PREPROCESS)
fuzz_fuzz_decode_LDFLAGS = $(FUZZ_LINK)
fuzz_fuzz_decode_LDADD = $(FUZZ_LINKED)

fuzz_fuzz_inspect_SOURCES = fuzz/fuzz_inspect.c fuzz/fuzz_require.h
fuzz_fuzz_inspect_CFLAGS = $(FUZZ_COMPILE)
fuzz_fuzz_inspect_CPPFLAGS = $(FUZZ_PREPROCESS)
fuzz_fuzz_inspect_LDFLAGS = $(FUZZ_LINK)
fuzz_fuzz_inspect_LDADD = $(FUZZ_INSPECT_LINKED) $(FUZZ_LINKED)

fuzz_fuzz_roundtrip_SOURCES = fuzz/fuzz_roundtrip.c $(FUZZ_COMMON)
fuzz_fuzz_roundtrip_CFLAGS = $(FUZZ_COMPILE)
fuzz_fuzz_roundtrip_CPPFLAGS = $(FUZZ_PREPROCESS)
fuzz_fuzz_roundtrip_LDFLAGS = $(FUZZ_LINK)
fuzz_fuzz_roundtrip_LDADD = $(FUZZ_LINKED)

fuzz_fuzz_structured_SOURCES = fuzz/fuzz_structured.c $(FUZZ_COMMON) $(FUZZ_MUTATE)
fuzz_fuzz_structured_CFLAGS = $(FUZZ_COMPILE)
fuzz_fuzz_structured_CPPFLAGS = $(FUZZ_PREPROCESS)
fuzz_fuzz_structured_LDFLAGS = $(FUZZ_LINK)
fuzz_fuzz_structured_LDADD = $(FUZZ_LINKED)

fuzz_fuzz_differential_SOURCES = fuzz/fuzz_differential.c $(FUZZ_COMMON) $(FUZZ_GPU)
fuzz_fuzz_differential_CFLAGS = $(FUZZ_COMPILE)
fuzz_fuzz_differential_CPPFLAGS = $(FUZZ_PREPROCESS)
fuzz_fuzz_differential_LDFLAGS = $(FUZZ_LINK)
fuzz_fuzz_differential_LDADD = $(FUZZ_LINKED)

fuzz_fuzz_strings_SOURCES = fuzz/fuzz_strings.c $(FUZZ_COMMON)
fuzz_fuzz_strings_CFLAGS = $(FUZZ_COMPILE)
fuzz_fuzz_strings_CPPFLAGS = $(FUZZ_PREPROCESS)
fuzz_fuzz_strings_LDFLAGS = $(FUZZ_LINK)
fuzz_fuzz_strings_LDADD = $(FUZZ_LINKED)
endif

EXTRA_DIST += fuzz/run-fuzzers.sh fuzz/run-at-scale.sh fuzz/coverage.sh fuzz/gpu-replay.sh \
	fuzz/galp.dict fuzz/regressions fuzz/corpus
