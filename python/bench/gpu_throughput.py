#!/usr/bin/env python3
"""GPU decompression through Python against the C API, on the same >= 1 GiB column.

Both sides decode the same uploaded column into a preallocated device buffer, `repeats` times
back to back on the default stream, timed with CUDA events after a warm-up: the C side is
galp_gpu_decompress in python/bench/decode_c.c (compiled here against the same libgalp), the
Python side galp.cuda.Column.decompress(out=...). Also timed: decompress() without `out`,
which allocates its buffers (the Arrow device export) on every call. Prints decoded GB/s for
each and the ratio Python / C; exits 1 when the ratio is below --floor (default 0.95).

    python3 python/bench/gpu_throughput.py [--gib 1] [--repeats 20]
Needs a GPU, CuPy, nvcc's CUDA headers and a C compiler.
"""

from __future__ import annotations

import argparse
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

import galp
import galp.cuda

HERE = Path(__file__).resolve().parent
REPO = HERE.parents[1]


def c_decoder(workdir: Path) -> Path:
    """decode_c built against the libgalp this package loaded."""
    from galp import _lib
    nvcc = shutil.which("nvcc")
    if nvcc is None:
        sys.exit("gpu_throughput: nvcc not found (its CUDA headers and libcudart are needed)")
    cuda = Path(nvcc).resolve().parents[1]
    libdir = Path(_lib.path).resolve().parent
    exe = workdir / "decode_c"
    cuda_lib = next((d for d in (cuda / "targets/x86_64-linux/lib", cuda / "lib64")
                     if d.is_dir()), cuda / "lib64")
    subprocess.run(["cc", "-O2", "-o", exe, HERE / "decode_c.c", f"-I{REPO / 'include'}",
                    f"-I{cuda / 'include'}", Path(_lib.path).resolve(), f"-L{cuda_lib}",
                    "-lcudart", f"-Wl,-rpath,{libdir}", f"-Wl,-rpath,{cuda_lib}"], check=True)
    return exe


def time_python(column, out, repeats: int, allocate: bool) -> float:
    import cupy
    column.decompress(out=out)
    start, stop = cupy.cuda.Event(), cupy.cuda.Event()
    start.record()
    for _ in range(repeats):
        if allocate:
            column.decompress()
        else:
            column.decompress(out=out)
    stop.record()
    stop.synchronize()
    seconds = cupy.cuda.get_elapsed_time(start, stop) * 1e-3
    return out.nbytes * repeats / seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--gib", type=float, default=1.0, help="decoded column size (GiB)")
    parser.add_argument("--repeats", type=int, default=20)
    parser.add_argument("--floor", type=float, default=0.95)
    args = parser.parse_args()
    if not galp.cuda.available():
        print("SKIP: no CUDA device usable through libgalp")
        return 77
    import cupy

    n = int(args.gib * (1 << 30)) // 8
    values = np.round(np.random.default_rng(40).random(n) * 10000, 2)  # decimals: G-ALP
    data = galp.compress(values)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "column.galp"
        path.write_bytes(data)
        exe = c_decoder(Path(tmp))
        column = galp.cuda.Column(data)
        out = cupy.empty(n, dtype=np.float64)
        column.decompress(out=out)
        cupy.cuda.runtime.deviceSynchronize()
        assert np.array_equal(cupy.asnumpy(out), values), "decoded values differ"
        c_rate = float(subprocess.run([exe, path, str(args.repeats)], check=True,
                                      capture_output=True, text=True,
                                      env=dict(os.environ)).stdout)
        py_rate = time_python(column, out, args.repeats, allocate=False)
        alloc_rate = time_python(column, out, args.repeats, allocate=True)
    ratio = py_rate / c_rate
    print(f"column: {n} float64 values, {n * 8 / 2**30:.2f} GiB decoded, "
          f"{len(data) / 2**30:.2f} GiB compressed ({galp.inspect(data).scheme})")
    print(f"C API   galp_gpu_decompress            {c_rate / 1e9:8.1f} GB/s")
    print(f"Python  Column.decompress(out=...)     {py_rate / 1e9:8.1f} GB/s  "
          f"({100 * ratio:.1f} % of C)")
    print(f"Python  Column.decompress() allocating {alloc_rate / 1e9:8.1f} GB/s  "
          f"({100 * alloc_rate / c_rate:.1f} % of C)")
    verdict = "PASS" if ratio >= args.floor else "FAIL"
    print(f"{verdict}: Python / C = {ratio:.3f} (floor {args.floor})")
    return 0 if ratio >= args.floor else 1


if __name__ == "__main__":
    sys.exit(main())
