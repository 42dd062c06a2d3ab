# gpu/sources.mk — the CUDA decoder's source files: the one list that gpu/local.mk and the
# nvcc-only build scripts (gpu/dev-build.sh, bench/build-gpu.sh) read. One assignment per
# line and no continuation lines, so that a shell reads it with sed (gpu/sources.sh).
GPU_HOST_FILES = gpu/host.c gpu/cuda_status.c gpu/image.c gpu/value_table.c gpu/tile_host.c
GPU_KERNEL_FILES = gpu/decompress.cu gpu/aggregate.cu gpu/range.cu gpu/tile.cu gpu/strings.cu gpu/fastlanes.cu gpu/alprd.cu
