#!/bin/sh
# fuzz/gpu-replay.sh — differential GPU-vs-reference run on a CUDA machine without clang/libtool.
#
#   fuzz/gpu-replay.sh [COUNT] [INPUT_DIR...]      (run from the source root)
#
# libFuzzer needs clang, which GPU machines often lack, so this builds the differential
# target's replay program (fuzz_differential.c + replay_main.c, the reference codec and the
# CUDA decoder) with gcc and nvcc under ASan + UBSan, then feeds it the given corpus directories
# (e.g. the fuzz_differential and fuzz_structured corpora of fuzz/run-fuzzers.sh) and COUNT
# (default 10000) random inputs. Each input is a generated valid column that the reference and
# the CUDA decoder must decode to the same bytes, with scans that agree with the host's
# (fuzz/scan_oracle.h); the first
# disagreement aborts with the input's name. Build and inputs go to $GALP_GPU_REPLAY_DIR
# (default /tmp/galp-gpu-replay). CUDA_ARCH_FLAGS overrides the default sm_90 target.
set -eu
count=${1:-10000}
[ $# -gt 0 ] && shift
b=${GALP_GPU_REPLAY_DIR:-/tmp/galp-gpu-replay}
arch=${CUDA_ARCH_FLAGS:--gencode arch=compute_90,code=sm_90}
rm -rf "$b/obj" && mkdir -p "$b/obj"
echo '#define GALP_HAVE_CUDA 1' > "$b/config.h"
inc="-Iinclude -Iref -Igpu -Ifuzz -I$b -I/usr/local/cuda/include"
san="-fsanitize=address,undefined -fno-sanitize-recover=all -fno-omit-frame-pointer"
cflags="-std=c11 -O1 -g -Wall -Wextra -Werror -ffp-contract=off $san $inc"
# The reference codec, the CUDA host code and kernels (every gpu/*.c but the CPU-only stub,
# every gpu/*.cu), and the differential target's files (fuzz/local.mk lists the same).
for c in ref/*.c gpu/*.c fuzz/fuzz_differential.c fuzz/replay_main.c fuzz/decode_check.c \
         fuzz/spec_validate.c fuzz/column_gen.c fuzz/scan_oracle.c fuzz/gpu_decode_cuda.c; do
    [ "$c" = gpu/nocuda.c ] && continue
    gcc $cflags -DGALP_FUZZ_TARGET='"differential"' -c "$c" -o "$b/obj/$(basename "$c" .c).o" &
done
for cu in gpu/*.cu; do
    nvcc -std=c++17 -O3 $arch $inc -c "$cu" -o "$b/obj/$(basename "$cu" .cu)_cu.o" &
done
wait
g++ $san -o "$b/replay_differential" "$b"/obj/*.o -L/usr/local/cuda/lib64 -lcudart -lm

rm -rf "$b/random" && mkdir -p "$b/random"
python3 - "$b/random" "$count" <<'PY'
import os, random, sys
out, count = sys.argv[1], int(sys.argv[2])
for i in range(count):
    with open(os.path.join(out, "r%07d" % i), "wb") as f:
        f.write(os.urandom(random.randint(1, 400)))
PY
# protect_shadow_gap=0: the CUDA runtime maps memory where ASan keeps its shadow gap.
export ASAN_OPTIONS=protect_shadow_gap=0
status=0
"$b/replay_differential" fuzz/regressions/differential "$@" "$b/random" >"$b/replay.log" 2>&1 ||
    status=$?
# The per-input lines are in the log; show the rest (the verdict, or the failure and its input).
grep -v ' bytes)$' "$b/replay.log" || true
[ $status -eq 0 ] || tail -n 3 "$b/replay.log"
exit $status
