# bench/alp.mk — the compression tables of docs/COMPRESSION.md (included by bench/local.mk).
# Run: bench/compression_table [DATA_DIR]   (default $GALP_DATA_DIR, else ../shared/data)
noinst_PROGRAMS += bench/compression_table
bench_compression_table_SOURCES = bench/compression_table.c \
	conformance/alp_data.c conformance/alp_data.h \
	conformance/alp_reference.c conformance/alp_reference.h
bench_compression_table_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/conformance
bench_compression_table_LDADD = libgalp.la

# Run: bench/alp_speed [DATA_DIR [REPEATS]] — single-core ALP/G-ALP encode and decode MB/s.
noinst_PROGRAMS += bench/alp_speed
bench_alp_speed_SOURCES = bench/alp_speed.c conformance/alp_data.c conformance/alp_data.h
bench_alp_speed_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/conformance
bench_alp_speed_LDADD = libgalp.la

# Run: bench/fastlanes_table [DATA_DIR] — FFOR, DELTA, RLE, DICT, RUNS and AUTO bits/value on
# generated and real integer columns (docs/COMPRESSION.md).
noinst_PROGRAMS += bench/fastlanes_table
bench_fastlanes_table_SOURCES = bench/fastlanes_table.c \
	conformance/alp_data.c conformance/alp_data.h
bench_fastlanes_table_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/conformance
bench_fastlanes_table_LDADD = libgalp.la -lm

# Run: bench/runs_ratio_table [DATA_DIR [JSON]] — RUNS and AUTO ratios of galp-bench's integer
# columns tiled to 256 MiB, with the 1.7 layouts and with offset-coded RUNS values (spec/fastlanes.md §8.6).
noinst_PROGRAMS += bench/runs_ratio_table
bench_runs_ratio_table_SOURCES = bench/runs_ratio_table.c bench/bench_data.c bench/bench_data.h
bench_runs_ratio_table_LDADD = libgalp.la -lm
