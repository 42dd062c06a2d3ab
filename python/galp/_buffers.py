"""Pointers to Python buffers for the C calls, without copying them."""

from __future__ import annotations

import numpy as np


def byte_view(data) -> np.ndarray:
    """A uint8 view of any C-contiguous bytes-like object (bytes, bytearray, memoryview,
    mmap, numpy array); the view keeps it alive. Its .ctypes.data is the first byte."""
    if isinstance(data, np.ndarray):
        if not data.flags.c_contiguous:
            raise ValueError("galp: the column bytes must be contiguous")
        return data.reshape(-1).view(np.uint8)
    return np.frombuffer(memoryview(data).cast("B"), dtype=np.uint8)

