# bench/gpu.mk — the GPU benchmark, bench/gpu_bench.cu (included by bench/local.mk).
# Built on request only, since it needs a GPU to run: `make bench/gpu_bench`, then
# `bench/gpu_bench [DATA_DIR] [GIB]`. docs/GPU.md reports its figures.
EXTRA_DIST += bench/gpu_bench.cu
if HAVE_CUDA
bench/gpu_bench.$(OBJEXT): bench/gpu_bench.cu $(GPU_DEVICE_INCLUDES)
	@$(MKDIR_P) bench
	$(AM_V_GEN)$(NVCC) $(GPU_NVCCFLAGS) -c -o $@ $(top_srcdir)/bench/gpu_bench.cu
bench/gpu_bench$(EXEEXT): bench/gpu_bench.$(OBJEXT) libgalp.la
	$(AM_V_CCLD)$(LIBTOOL) $(AM_V_lt) --tag=CXX --mode=link $(CXX) $(AM_LDFLAGS) -o $@ \
		bench/gpu_bench.$(OBJEXT) libgalp.la $(CUDA_LIBS)
CLEANFILES += bench/gpu_bench$(EXEEXT) bench/gpu_bench.$(OBJEXT)
endif
