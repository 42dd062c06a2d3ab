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

# Run: bench/int_ratio_table [--json] [DATA_DIR [TILE_BYTES]] — FFOR, RUNS and AUTO ratios of
# the corpus's integer columns with format 1.7's layouts and with 1.8's (docs/COMPRESSION.md).
noinst_PROGRAMS += bench/int_ratio_table
bench_int_ratio_table_SOURCES = bench/int_ratio_table.c \
	bench/bench_data.c bench/bench_data.h bench/bench_error.h
bench_int_ratio_table_LDADD = libgalp.la -lm
