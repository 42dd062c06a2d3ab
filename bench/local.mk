# bench/local.mk — benchmarks (included by the top-level Makefile.am). Benchmarks are programs
# to run by hand, never tests: timings depend on the machine and its load.

# Run: bench/ref_bench [VALUES [REPEATS]] — single-core encode/decode MB/s of the reference
# codec: FFOR for u8..u64, ALP and G-ALP for f64 and f32.
noinst_PROGRAMS += bench/ref_bench
bench_ref_bench_SOURCES = bench/ref_bench.c bench/cpu_bench.h
bench_ref_bench_LDADD = libgalp.la

# Run: bench/checksum_bench [MIB [REPEATS]] — single-core galp_crc32c MB/s, and galp_open of a
# file without and with payload checksums (spec/format.md §3.4).
noinst_PROGRAMS += bench/checksum_bench
bench_checksum_bench_SOURCES = bench/checksum_bench.c bench/cpu_bench.h
bench_checksum_bench_LDADD = libgalp.la

# Benchmarks of the other parts, one fragment each.
include bench/alp.mk
include bench/harness.mk
include bench/gpu.mk

# The run history (bench/results/README.md says its format).
EXTRA_DIST += bench/results

# SSB data from DuckDB's TPC-H generator (docs/SSB.md); the test runs the pipeline at SF 0.01
# and skips without duckdb and its tpch extension wheel.
EXTRA_DIST += bench/ssb/ssb_gen.py bench/ssb/ssb_check.py bench/ssb/ssb_compress.py \
	bench/ssb/test_ssb.sh bench/ssb/ssb_need_duckdb.sh
EXTRA_DIST += bench/ssb/ssb_keys.py
TESTS += bench/ssb/test_ssb.sh

# The 13 SSB queries as plans (bench/ssb/ssb_plan.*), executed on the CPU by ssb_cpu and on
# the GPU by ssb_gpu (bench/gpu.mk); both tests compare every answer with DuckDB's at SF 0.02
# and skip without duckdb (and, for the GPU, without a GPU or a CUDA build).
SSB_PLAN_FILES = bench/ssb/ssb_plan.c bench/ssb/ssb_plan.h bench/ssb/ssb_data.c \
	bench/ssb/ssb_data.h
check_PROGRAMS += bench/ssb/ssb_cpu
bench_ssb_ssb_cpu_SOURCES = bench/ssb/ssb_cpu.c $(SSB_PLAN_FILES)
TESTS += bench/ssb/test_ssb_cpu.sh
EXTRA_DIST += bench/ssb/ssb_answers.py bench/ssb/ssb_test_data.sh bench/ssb/test_ssb_cpu.sh

# The string table of docs/COMPRESSION.md (spec/fsst.md).
# Run: bench/str_compression_table [DATA_DIR]   (default $GALP_DATA_DIR, else ../shared/data)
noinst_PROGRAMS += bench/str_compression_table
bench_str_compression_table_SOURCES = bench/str_compression_table.c bench/str_lines.c bench/str_lines.h
bench_str_compression_table_LDADD = libgalp.la

# The string benchmark's tiler (bench/str_tile.h), tested on the CPU.
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_bench_str_tile
TESTS += conformance/test_bench_str_tile
conformance_test_bench_str_tile_SOURCES = conformance/test_bench_str_tile.c bench/str_tile.c \
	bench/str_tile.h
conformance_test_bench_str_tile_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/bench
conformance_test_bench_str_tile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_bench_str_tile_LDADD = $(CONFORMANCE_TEST_LIBS)
endif HAVE_CMOCKA
