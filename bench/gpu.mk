# bench/gpu.mk — the GPU benchmark, bench/gpu_bench.cu (included by bench/local.mk after
# bench/harness.mk, whose device helpers, inputs and tiler it shares). Built on request only,
# since it needs a GPU to run: `make bench/gpu_bench`, then `bench/gpu_bench [DATA_DIR] [GIB]`.
# bench/results/gpu-design-history.json keeps the figures it gave.
EXTRA_DIST += bench/gpu_bench.cu
if HAVE_CUDA
EXTRA_PROGRAMS += bench/gpu_bench
bench_gpu_bench_SOURCES = $(BENCH_INPUT_FILES)
bench_gpu_bench_LDADD = bench/gpu_bench_cu.o bench/bench_device_cu.o libgalp.la $(CUDA_LIBS)
bench/gpu_bench_cu.o: bench/gpu_bench.cu $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench && $(BENCH_NVCC) -c -o $@ $(top_srcdir)/bench/gpu_bench.cu
CLEANFILES += bench/gpu_bench_cu.o
endif

# galp-str-bench (bench/str_bench.cu): str columns of the shared strings on the GPU beside
# nvCOMP's codecs; bench/str-gpu-run.sh runs it on a GPU runner (docs/PERFORMANCE.md).
EXTRA_DIST += bench/str_bench.cu bench/str-gpu-run.sh
if HAVE_CUDA
noinst_PROGRAMS += bench/galp-str-bench
bench_galp_str_bench_SOURCES = $(BENCH_C_FILES) bench/str_lines.c bench/str_lines.h \
	bench/str_tile.c bench/str_tile.h
bench_galp_str_bench_LDADD = bench/str_bench_cu.o $(BENCH_GATE_CU_OBJECTS) $(BENCH_NVCOMP_OBJECTS) \
	libgalp.la $(CUDA_LIBS) $(NVCOMP_LIBS)
bench/str_bench_cu.o: bench/str_bench.cu $(BENCH_CU_DEPS) bench/str_lines.h bench/str_tile.h
	$(AM_V_GEN)$(MKDIR_P) bench && \
	$(BENCH_NVCC) $(BENCH_NVCOMP_FLAGS) -c -o $@ $(top_srcdir)/bench/str_bench.cu
CLEANFILES += bench/str_bench_cu.o
endif
