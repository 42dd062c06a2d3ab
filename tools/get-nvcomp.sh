#!/usr/bin/env bash
# tools/get-nvcomp.sh — fetch nvCOMP for the benchmark's side-by-side rows (never committed).
#
# Downloads NVIDIA's PyPI wheel `nvidia-libnvcomp-cu13` with pip (a wheel is a zip) and unpacks
# only what the benchmark needs into the git-ignored folder .nvcomp/ at the project root:
#   .nvcomp/include/   nvcomp.h and nvcomp/*.h (the low-level batched C API)
#   .nvcomp/lib64/     libnvcomp.so.N and a libnvcomp.so link to it
# About 26 MB, small enough to carry to a GPU runner that has no network. Then:
#   ./configure --with-nvcomp="$PWD/.nvcomp"      (autotools build), or
#   bench/build-gpu.sh                            (plain nvcc build; finds .nvcomp/ itself)
#
# Usage: tools/get-nvcomp.sh [VERSION]     (default: the newest wheel pip finds)
# Environment: PYTHON (default python3), NVCOMP_DIR (default <project>/.nvcomp).
set -euo pipefail

top=$(cd "$(dirname "$0")/.." && pwd)
dest=${NVCOMP_DIR:-$top/.nvcomp}
python=${PYTHON:-python3}
package=nvidia-libnvcomp-cu13
spec=$package${1:+==$1}

command -v unzip >/dev/null || { echo "get-nvcomp: unzip is needed (apt-get install unzip)" >&2; exit 1; }
"$python" -m pip --version >/dev/null 2>&1 || { echo "get-nvcomp: $python has no pip" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The wheel is pure data for x86-64 Linux; ask pip for that platform explicitly so the script
# also works from a machine whose own platform tags differ.
"$python" -m pip download --quiet --no-deps --only-binary=:all: \
    --platform manylinux_2_28_x86_64 --platform manylinux_2_24_x86_64 \
    --platform manylinux_2_17_x86_64 --platform manylinux2014_x86_64 \
    --python-version 3.12 --implementation py --abi none \
    -d "$work" "$spec"
wheel=$(ls "$work"/*.whl)

rm -rf "$dest"
mkdir -p "$dest"
unzip -q "$wheel" 'nvidia/libnvcomp/include/*' 'nvidia/libnvcomp/lib64/libnvcomp.so*' \
    'nvidia/libnvcomp/LICENSE' -d "$work/x"
mv "$work/x/nvidia/libnvcomp/include" "$work/x/nvidia/libnvcomp/lib64" \
    "$work/x/nvidia/libnvcomp/LICENSE" "$dest/"

# The wheel ships only the versioned library; the linker's -lnvcomp needs the plain name.
so=$(cd "$dest/lib64" && ls libnvcomp.so.* | head -n1)
ln -sf "$so" "$dest/lib64/libnvcomp.so"

[ -f "$dest/include/nvcomp.h" ] || { echo "get-nvcomp: $wheel has no include/nvcomp.h" >&2; exit 1; }
version=$(sed -n 's/^#define NVCOMP_VER_\(MAJOR\|MINOR\|PATCH\) \([0-9]*\)/\2/p' \
    "$dest/include/nvcomp/version.h" | paste -sd.)
echo "nvCOMP $version unpacked into $dest ($(du -sh "$dest" | cut -f1))"
echo "next: ../configure --with-nvcomp=$dest   (from a build directory)"
