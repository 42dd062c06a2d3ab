#!/bin/sh
# gpu/dev-build.sh — build the GPU test and benchmark without autotools, for quick iteration
# on a GPU machine that has nvcc and gcc but no libtool or cmocka (the cmocka .deb packages
# come from .gpu/debs, see tools/gpu-check.sh prepare). The release path is
# tools/gpu-check.sh, which runs the real `make check`.
#
#   gpu/dev-build.sh [BUILD_DIR]     (default /tmp/galp-dev; run from the source root)
#
# Leaves BUILD_DIR/test_gpu and BUILD_DIR/gpu_bench, and BUILD_DIR/ptxas.txt with the
# register and spill report of every kernel.
set -eu
top=$(pwd)
. gpu/sources.sh
b=${1:-/tmp/galp-dev}
deps=/tmp/galp-deps
mkdir -p "$b" "$deps"
for f in .gpu/debs/*.deb; do dpkg -x "$f" "$deps"; done
echo '#define GALP_HAVE_CUDA 1' > "$b/config.h"
arch=${CUDA_ARCH_FLAGS:--gencode arch=compute_90,code=sm_90}
inc="-Iinclude -Iref -Igpu -I$b"
cflags="-std=c11 -O2 -Wall -Wextra -Werror $inc -I/usr/local/cuda/include -I$deps/usr/include"
nvflags="-std=c++17 -O3 -Xcompiler -fno-exceptions,-fno-threadsafe-statics $arch $inc -Xptxas -v"
objs=
for c in $ref_sources $gpu_host_sources; do
    o="$b/lib_$(basename "$c" .c).o"
    gcc $cflags -ffp-contract=off -c "$c" -o "$o" &
    objs="$objs $o"
done
for c in conformance/test_support.c conformance/test_gpu.c; do
    gcc $cflags -c "$c" -o "$b/$(basename "$c" .c).o" &
done
for c in bench/galp_tile.c bench/bench_data.c; do
    gcc $cflags -Ibench -c "$c" -o "$b/$(basename "$c" .c).o" &
done
for cu in $gpu_kernel_sources bench/gpu_bench.cu bench/bench_device.cu conformance/test_gpu_device.cu; do
    nvcc $nvflags -Iconformance -Ibench -c "$cu" -o "$b/$(basename "$cu" .cu).o" > "$b/ptxas-$(basename "$cu" .cu).txt" 2>&1 &
done
wait
cat "$b"/ptxas-*.txt > "$b/ptxas.txt"
cuobjs=$(for cu in $gpu_kernel_sources; do printf ' %s' "$b/$(basename "$cu" .cu).o"; done)
libs="-L/usr/local/cuda/lib64 -lcudart -lpthread -lm"
gcc -o "$b/test_gpu" "$b/test_gpu.o" "$b/test_support.o" "$b/test_gpu_device.o" $objs $cuobjs \
    -L"$deps/usr/lib/x86_64-linux-gnu" -Wl,-rpath,"$deps/usr/lib/x86_64-linux-gnu" -lcmocka $libs
gcc -o "$b/gpu_bench" "$b/gpu_bench.o" "$b/bench_device.o" "$b/galp_tile.o" "$b/bench_data.o" $objs $cuobjs $libs
echo "dev-build: $b/test_gpu $b/gpu_bench"
