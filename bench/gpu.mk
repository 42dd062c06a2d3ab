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

# SSB's 13 queries on the GPU (bench/ssb/ssb_gpu.cu, docs/SSB.md): raw, tile-compressed and,
# with nvCOMP, Cascaded columns. Built for make check, whose bench/ssb/test_ssb_gpu.sh runs it
# at SF 0.02; bench/ssb/ssb-gpu-run.sh runs it at scale on a GPU runner.
SSB_GPU_CU_FILES = bench/ssb/ssb_gpu.cu bench/ssb/ssb_kernels.cuh
EXTRA_DIST += $(SSB_GPU_CU_FILES) bench/ssb/ssb_encode.c bench/ssb/ssb_encode.h \
	bench/ssb/test_ssb_gpu.sh bench/ssb/ssb-gpu-run.sh bench/ssb/ssb_plot.py \
	bench/ssb/ssb_summary.py
TESTS += bench/ssb/test_ssb_gpu.sh
if HAVE_CUDA
check_PROGRAMS += bench/ssb/ssb_gpu
bench_ssb_ssb_gpu_SOURCES = bench/ssb/ssb_encode.c bench/ssb/ssb_encode.h $(SSB_PLAN_FILES)
bench_ssb_ssb_gpu_LDADD = bench/ssb/ssb_gpu_cu.o bench/bench_device_cu.o libgalp.la $(CUDA_LIBS) \
	-lpthread -lm
if HAVE_NVCOMP
bench_ssb_ssb_gpu_LDADD += bench/nvcomp_codecs_cu.o bench/nvcomp_column_cu.o $(NVCOMP_LIBS)
endif
bench/ssb/ssb_gpu_cu.o: $(SSB_GPU_CU_FILES) bench/ssb/ssb_plan.h bench/ssb/ssb_data.h \
		bench/ssb/ssb_encode.h $(BENCH_CU_DEPS)
	$(AM_V_GEN)$(MKDIR_P) bench/ssb && \
	$(BENCH_NVCC) $(BENCH_NVCOMP_FLAGS) -I$(top_srcdir)/bench/ssb -c -o $@ \
		$(top_srcdir)/bench/ssb/ssb_gpu.cu
CLEANFILES += bench/ssb/ssb_gpu_cu.o
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
