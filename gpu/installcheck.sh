#!/bin/sh
# gpu/installcheck.sh — `make installcheck`: the installed device API is enough for a user.
#
#   gpu/installcheck.sh PKGCONFIG_DIR EXAMPLE.cu [NVCC [ARCH_FLAGS]]
#
# Uses nothing of the source tree but EXAMPLE.cu: every flag comes from the installed galp.pc
# (pkg-config --cflags/--libs galp). Compiles each installed header on its own (C headers
# with cc, CUDA headers with nvcc), then builds EXAMPLE.cu, a user's kernel, and runs it.
# The run passes (0) or reports that there is no GPU (77): then the example was built, not
# run, which is what a machine without a GPU can check. Without nvcc the CUDA part is
# skipped with its reason. Exits non-zero on the first failure.
set -eu
pcdir=$1 example=$2 nvcc=${3:-} arch=${4:-}
[ -n "$nvcc" ] || nvcc=$(command -v nvcc || true)
export PKG_CONFIG_PATH="$pcdir${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
cflags=$(pkg-config --cflags galp)
libs=$(pkg-config --libs galp)
libdir=$(pkg-config --variable=libdir galp)
includedir=$(pkg-config --variable=includedir galp)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for h in galp.h galp_gpu.h galp/layout.h galp/alp_constants.h galp/device/range_plan.h galp/tile_layout.h; do
    printf '#include <%s>\n' "$h" > "$work/one.c"
    cc -std=c11 -Wall -Wextra -Werror $cflags -c "$work/one.c" -o "$work/one.o" ||
        { echo "installcheck: $h does not compile on its own" >&2; exit 1; }
done
echo "installcheck: C headers compile on their own"

if [ -z "$nvcc" ]; then
    echo "installcheck: SKIP the device API: no nvcc on PATH"
    exit 0
fi
for h in "$includedir"/galp/device.cuh "$includedir"/galp/device/*.cuh; do
    rel=${h#"$includedir"/}
    printf '#include <%s>\n' "$rel" > "$work/one.cu"
    "$nvcc" -std=c++17 $arch $cflags -c "$work/one.cu" -o "$work/one.o" ||
        { echo "installcheck: $rel does not compile on its own" >&2; exit 1; }
done
echo "installcheck: every installed device header compiles on its own"

"$nvcc" -std=c++17 $arch $cflags "$example" -o "$work/user_kernel" $libs -Xlinker -rpath -Xlinker "$libdir"
echo "installcheck: $(basename "$example") built against the installed headers and library"
status=0
"$work/user_kernel" || status=$?
case $status in
0) echo "installcheck: PASS: the user kernel ran and agreed with the host" ;;
77) echo "installcheck: the user kernel was built, not run (no GPU)" ;;
*) echo "installcheck: FAIL: the user kernel exited with $status" >&2; exit 1 ;;
esac
