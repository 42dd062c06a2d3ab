"""The few CUDA runtime calls the GPU module makes itself (device memory for the fused
operations' results, copies back), from the libcudart that libgalp is linked against.

libgalp loads libcudart; this module finds that same library in the process's mappings, so
that both use one CUDA runtime and one context."""

from __future__ import annotations

import ctypes
from pathlib import Path

from . import _lib


def _loaded_cudart() -> str | None:
    try:
        maps = Path("/proc/self/maps").read_text()
    except OSError:
        return None
    for line in maps.splitlines():
        path = line.split()[-1]
        if "libcudart.so" in Path(path).name:
            return path
    return None


def load() -> ctypes.CDLL:
    """libcudart, or ImportError when libgalp was built without CUDA."""
    path = _loaded_cudart()
    if path is None:
        raise ImportError(f"galp.cuda: {_lib.path} was built without CUDA (no libcudart loaded)")
    rt = ctypes.CDLL(path)
    vp, sz = ctypes.c_void_p, ctypes.c_size_t
    for name, args in (("cudaMalloc", [ctypes.POINTER(vp), sz]), ("cudaFree", [vp]),
                       ("cudaMemcpyAsync", [vp, vp, sz, ctypes.c_int, vp]),
                       ("cudaStreamSynchronize", [vp]), ("cudaGetDevice",
                                                         [ctypes.POINTER(ctypes.c_int)])):
        fn = getattr(rt, name)
        fn.restype = ctypes.c_int
        fn.argtypes = args
    rt.cudaGetErrorString.restype = ctypes.c_char_p
    rt.cudaGetErrorString.argtypes = [ctypes.c_int]
    return rt


MEMCPY_DEVICE_TO_HOST = 2  # cudaMemcpyDeviceToHost
