#!/bin/sh
# python/gpu-run.sh — the Python package's GPU tests and its throughput comparison on a bare
# GPU runner (shared/GPU-RUNNER.md: nvcc, gcc, make and python3 with numpy, CuPy and PyTorch;
# no autotools, libtool, pytest or network).
#
#   python/gpu-run.sh prepare     here: writes .gpu/python/ (git-ignored): a release tarball
#                                 (`make dist`, which builds without autotools) and pytest
#   python/gpu-run.sh run         there, in a copy of the tree that has .gpu/python/: builds
#                                 libgalp with CUDA (sm_90) from the tarball, runs
#                                 python/tests (GPU tests included; the conformance tests,
#                                 which need no GPU and run in CI, are left out for time)
#                                 from the source tree, then python/bench/gpu_throughput.py
#
# Success: pytest's last line shows no failures and the benchmark prints "PASS: Python / C".
# Output is also written to $OUT/python-gpu.log when OUT is set.
set -eu

top=$(cd "$(dirname "$0")/.." && pwd)
carry="$top/.gpu/python"

prepare() {
    rm -rf "$carry" && mkdir -p "$carry"
    build="$top/_build-python-dist"
    (cd "$top" && flock /tmp/galp-autoreconf.lock autoreconf -fi)
    mkdir -p "$build"
    (cd "$build" && "$top/configure" --without-cuda > configure.log && make -j2 dist > dist.log)
    mv "$build"/galp-*.tar.gz "$carry/"
    python3 -m pip install -q --target "$carry/pylib" pytest
    echo "python/gpu-run.sh: prepared $(ls "$carry"/galp-*.tar.gz) and pytest"
}

run() {
    src=/tmp/galp-python-src
    rm -rf "$src" && mkdir -p "$src"
    tar -xzf "$carry"/galp-*.tar.gz -C "$src"
    build=$(ls -d "$src"/galp-*)/_build
    mkdir -p "$build" && cd "$build"
    echo "== build libgalp with CUDA"
    ../configure --with-cuda --disable-static \
        CUDA_ARCH_FLAGS='-gencode arch=compute_90,code=sm_90' > configure.log 2>&1 ||
        { cat configure.log; return 1; }
    make -j"$(nproc)" libgalp.la galp-conform > make.log 2>&1 || { tail -n 40 make.log; return 1; }
    cd "$top"
    export GALP_LIBRARY="$build/.libs/libgalp.so" GALP_CONFORM="$build/galp-conform"
    export PYTHONPATH="$top/python:$carry/pylib"
    echo "== pytest (GPU tests included)"
    status=0
    python3 -m pytest -q -rs -p no:cacheprovider python/tests/test_codec.py \
        python/tests/test_arrow.py python/tests/test_cuda.py || status=1
    echo "== throughput: Python against the C API"
    python3 python/bench/gpu_throughput.py --gib 1 || status=1
    return $status
}

case ${1:-} in
    prepare) prepare ;;
    run)
        log=${OUT:-/tmp}/python-gpu.log
        mkdir -p "$(dirname "$log")"
        if run > "$log" 2>&1; then status=0; else status=1; fi
        cat "$log"
        exit $status ;;
    *) echo "usage: python/gpu-run.sh prepare | run" >&2; exit 2 ;;
esac
