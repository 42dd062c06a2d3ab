"""An opened column: galp_open's validated view over bytes that the object keeps alive."""

from __future__ import annotations

import ctypes

import numpy as np

from . import _lib
from ._buffers import byte_view
from ._errors import check


class OpenedColumn:
    """galp_open over ``data`` (validated once, spec/format.md §6); ``view`` is the sealed
    galp_column, valid while this object lives."""

    def __init__(self, data) -> None:
        self.bytes = byte_view(data)
        self.view = _lib.Column()
        check(_lib.lib.galp_open(ctypes.byref(self.view), self.bytes.ctypes.data,
                                 self.bytes.size), "galp_open")

    @property
    def type(self) -> int:
        return self.view.type

    @property
    def value_count(self) -> int:
        return self.view.value_count

    def decode_values(self, dtype: np.dtype) -> np.ndarray:
        out = np.empty(self.view.value_count, dtype=dtype)
        check(_lib.lib.galp_column_decode(ctypes.byref(self.view), out.ctypes.data, out.nbytes),
              "galp_column_decode")
        return out

    def decode_strings(self) -> tuple[np.ndarray, np.ndarray]:
        """Arrow's large-string layout: value_count + 1 int64 offsets and the bytes."""
        total = ctypes.c_uint64()
        check(_lib.lib.galp_column_str_bytes(ctypes.byref(self.view), ctypes.byref(total)),
              "galp_column_str_bytes")
        offsets = np.empty(self.view.value_count + 1, dtype=np.int64)
        data = np.empty(total.value, dtype=np.uint8)
        check(_lib.lib.galp_column_decode_str64(ctypes.byref(self.view), offsets.ctypes.data,
                                                offsets.size, data.ctypes.data, data.size),
              "galp_column_decode_str64")
        return offsets, data
