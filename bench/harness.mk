# bench/harness.mk — galp-bench (libgalp's GPU decoder side by side with nvCOMP) and the
# performance gate of `make check` (included by bench/local.mk). docs/PERFORMANCE.md says how
# to run them; bench/build-gpu.sh builds the same programs without autotools.
#
# The CUDA sources are compiled by nvcc with explicit rules (automake knows no .cu) into
# bench/*_cu.o and linked into C programs with libgalp; like libgalp's kernels they use no
# C++ runtime, so the C linker needs no libstdc++.

# The inputs (tiled files, synthetic columns), then the result rows of galp-bench and the gate.
BENCH_INPUT_FILES = \
	bench/galp_tile.c bench/galp_tile.h \
	bench/bench_data.c bench/bench_data.h bench/bench_error.h
BENCH_C_FILES = $(BENCH_INPUT_FILES) bench/bench_report.c bench/bench_report.h
BENCH_CU_INCLUDES = \
	bench/bench_device.cuh bench/scan_kernels.cuh bench/bench_case.cuh bench/galp_rows.h \
	bench/nvcomp_codecs.h bench/nvcomp_column.h bench/nvcomp_rows.h
BENCH_CU_FILES = \
	bench/bench_device.cu bench/scan_kernels.cu bench/bench_case.cu bench/galp_rows.cu \
	bench/galp_bench.cu bench/perf_gate.cu \
	bench/nvcomp_codecs.cu bench/nvcomp_column.cu bench/nvcomp_rows.cu
EXTRA_DIST += $(BENCH_CU_INCLUDES) $(BENCH_CU_FILES) bench/build-gpu.sh bench/gpu-run.sh bench/ab-run.sh bench/plot.py \
	bench/results.py bench/summarize.py bench/compare.py \
	bench/floors.txt tools/get-nvcomp.sh conformance/test_perf_gate.sh conformance/test_bench_compare.sh

# The gate: skips (77) when it is not built or finds no GPU.
TESTS += conformance/test_perf_gate.sh
# bench/compare.py, the A/B of two builds' results (python3; skips without it).
TESTS += conformance/test_bench_compare.sh

# The benchmark's inputs on the CPU: tiled files and synthetic sweeps (no GPU needed).
if HAVE_CMOCKA
check_PROGRAMS += conformance/test_bench_tile
TESTS += conformance/test_bench_tile
conformance_test_bench_tile_SOURCES = conformance/test_bench_tile.c $(BENCH_INPUT_FILES)
conformance_test_bench_tile_CPPFLAGS = $(AM_CPPFLAGS) -I$(top_srcdir)/bench
conformance_test_bench_tile_CFLAGS = $(AM_CFLAGS) $(CMOCKA_CFLAGS)
conformance_test_bench_tile_LDADD = libgalp.la $(CMOCKA_LIBS)
endif HAVE_CMOCKA

if HAVE_CUDA
noinst_PROGRAMS += bench/galp-bench
check_PROGRAMS += bench/galp-perf-gate

if HAVE_NVCOMP
BENCH_NVCOMP_FLAGS = -DGALP_BENCH_NVCOMP $(NVCOMP_CFLAGS)
BENCH_NVCOMP_OBJECTS = bench/nvcomp_codecs_cu.o bench/nvcomp_column_cu.o bench/nvcomp_rows_cu.o
else
BENCH_NVCOMP_FLAGS =
BENCH_NVCOMP_OBJECTS =
endif

BENCH_NVCC = $(NVCC) -std=c++17 -O3 -Xcompiler -fno-exceptions,-fno-threadsafe-statics,-Wall,-Wextra \
	$(CUDA_ARCH_FLAGS) $(NVCCFLAGS) -I$(top_srcdir)/include -I$(top_srcdir)/ref \
	-I$(top_srcdir)/gpu -I$(top_srcdir)/bench -I$(top_builddir)
BENCH_CU_DEPS = $(BENCH_CU_INCLUDES) $(GPU_KERNEL_INCLUDES) bench/bench_data.h \
	bench/bench_report.h bench/galp_tile.h
BENCH_GATE_CU_OBJECTS = bench/bench_device_cu.o bench/scan_kernels_cu.o bench/bench_case_cu.o \
	bench/galp_rows_cu.o

bench_galp_perf_gate_SOURCES = $(BENCH_C_FILES)
bench_galp_perf_gate_LDADD = bench/perf_gate_cu.o $(BENCH_GATE_CU_OBJECTS) libgalp.la $(CUDA_LIBS)

bench_galp_bench_SOURCES = $(BENCH_C_FILES)
bench_galp_bench_LDADD = bench/galp_bench_cu.o $(BENCH_GATE_CU_OBJECTS) $(BENCH_NVCOMP_OBJECTS) \
	libgalp.la $(CUDA_LIBS) $(NVCOMP_LIBS)

CLEANFILES += bench/perf_gate_cu.o bench/galp_bench_cu.o $(BENCH_GATE_CU_OBJECTS) \
	bench/nvcomp_codecs_cu.o bench/nvcomp_column_cu.o bench/nvcomp_rows_cu.o

bench/bench_device_cu.o: bench/bench_device.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && $(BENCH_NVCC) -c -o $@ $(top_srcdir)/bench/bench_device.cu
bench/scan_kernels_cu.o: bench/scan_kernels.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && $(BENCH_NVCC) -c -o $@ $(top_srcdir)/bench/scan_kernels.cu
bench/bench_case_cu.o: bench/bench_case.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && $(BENCH_NVCC) -c -o $@ $(top_srcdir)/bench/bench_case.cu
bench/galp_rows_cu.o: bench/galp_rows.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && $(BENCH_NVCC) -c -o $@ $(top_srcdir)/bench/galp_rows.cu
bench/perf_gate_cu.o: bench/perf_gate.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && $(BENCH_NVCC) -c -o $@ $(top_srcdir)/bench/perf_gate.cu
bench/galp_bench_cu.o: bench/galp_bench.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && \
	$(BENCH_NVCC) $(BENCH_NVCOMP_FLAGS) -c -o $@ $(top_srcdir)/bench/galp_bench.cu
bench/nvcomp_codecs_cu.o: bench/nvcomp_codecs.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && \
	$(BENCH_NVCC) $(BENCH_NVCOMP_FLAGS) -c -o $@ $(top_srcdir)/bench/nvcomp_codecs.cu
bench/nvcomp_column_cu.o: bench/nvcomp_column.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && \
	$(BENCH_NVCC) $(BENCH_NVCOMP_FLAGS) -c -o $@ $(top_srcdir)/bench/nvcomp_column.cu
bench/nvcomp_rows_cu.o: bench/nvcomp_rows.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && \
	$(BENCH_NVCC) $(BENCH_NVCOMP_FLAGS) -c -o $@ $(top_srcdir)/bench/nvcomp_rows.cu
endif HAVE_CUDA
