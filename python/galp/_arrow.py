"""The CPU decoder's output through the Arrow C Data Interface (galp_arrow_export)."""

from __future__ import annotations

import ctypes

from . import _capsule, _lib
from ._arrow_abi import ARROW_DEVICE_CPU, ArrowArray, ArrowDeviceArray, ArrowSchema
from ._column import OpenedColumn
from ._errors import check
from ._exported import DecodedArray, _malloc

_lib._proto("galp_arrow_export", ctypes.c_int, ctypes.POINTER(_lib.Column),
            ctypes.POINTER(ArrowSchema), ctypes.POINTER(ArrowArray))


def decode_arrow(data) -> DecodedArray:
    """Decode a column file on the CPU into buffers that libgalp allocates (Arrow layout,
    64-byte aligned) and return them as a DecodedArray: ``numpy.asarray``,
    ``numpy.from_dlpack`` and ``pyarrow.array`` take it without a copy. Invalid input raises
    GalpError."""
    column = OpenedColumn(data)
    schema = _malloc(ArrowSchema)
    device_array = _malloc(ArrowDeviceArray)
    status = _lib.lib.galp_arrow_export(ctypes.byref(column.view), ctypes.byref(schema),
                                        ctypes.byref(device_array.array))
    if status != 0:
        _capsule.free(ctypes.addressof(schema))
        _capsule.free(ctypes.addressof(device_array))
        check(status, "galp_arrow_export")
    device_array.device_type = ARROW_DEVICE_CPU
    device_array.device_id = -1
    return DecodedArray(schema, device_array)


def to_arrow(data):
    """Decode a column file into a ``pyarrow.Array`` (uint8 ... uint64, float32, float64, or
    string / large_string for a string column) that shares libgalp's buffers: nothing is
    copied after the decode. Needs pyarrow."""
    import pyarrow as pa
    return pa.array(decode_arrow(data))
