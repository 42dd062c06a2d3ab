"""galp on the GPU: the CUDA decoder of libgalp (include/galp_gpu.h) from Python.

    col = galp.cuda.Column(data)           # validate on the host, copy to the device once
    values = col.decompress()              # DecodedArray in device memory that galp wrote
    cupy.from_dlpack(values); torch.from_dlpack(values); cupy.asarray(values)   # no copy
    col.sum(); col.count_range(lo, hi); col.exists(x)   # fused scans, nothing materialised

``galp.cuda.decompress(data)`` is the first two lines in one. Every call is enqueued on the
given CUDA stream (an integer handle, a CuPy or PyTorch stream, or None for the legacy
default stream); the consumer protocols order the consumer's stream after the decode (DLPack
through the decode's CUDA event, ``__cuda_array_interface__`` through its ``stream`` key).
Importing this module works without a GPU; ``available()`` tells whether one is usable, and
every call raises GalpError (GALP_ERR_NO_DEVICE) where none is.
"""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import numpy as np

from . import _capsule, _cudart, _lib, _types
from ._arrow_abi import ArrowDeviceArray, ArrowSchema
from ._column import OpenedColumn
from ._errors import GalpError, check
from ._exported import DecodedArray, _malloc

__all__ = ["available", "Column", "decompress", "sum", "count_range", "exists", "Aggregate"]

_vp = ctypes.c_void_p
_status = ctypes.c_int


class _View(ctypes.Structure):
    """galp_gpu_view (include/galp_gpu.h)."""
    _fields_ = [("data", _vp), ("value_count", ctypes.c_uint64), ("vector_count", ctypes.c_uint32),
                ("type", ctypes.c_int), ("scheme", ctypes.c_int),
                ("largest_vector", ctypes.c_uint32),
                ("vector_schemes", ctypes.c_uint32)]


class _Aggregate(ctypes.Structure):
    """galp_gpu_aggregate (include/galp_gpu.h)."""
    _fields_ = [("count", ctypes.c_uint64), ("nan_count", ctypes.c_uint64),
                ("sum_bits", ctypes.c_uint64), ("sum_f64", ctypes.c_double),
                ("min_bits", ctypes.c_uint64), ("max_bits", ctypes.c_uint64),
                ("has_min_max", ctypes.c_uint32), ("reserved", ctypes.c_uint32)]


_lib._proto("galp_gpu_available", _status)
_lib._proto("galp_gpu_status_from_cuda", _status, ctypes.c_int)
_lib._proto("galp_gpu_column_upload_opened", _status, ctypes.POINTER(_lib.Column),
            ctypes.POINTER(_vp))
_lib._proto("galp_gpu_column_free", None, _vp)
_lib._proto("galp_gpu_column_view", _status, _vp, ctypes.POINTER(_View))
_lib._proto("galp_gpu_decompress", _status, _vp, _vp, ctypes.c_size_t, _vp)
_lib._proto("galp_gpu_aggregate_column", _status, _vp, _vp, _vp)
_lib._proto("galp_gpu_range_temp_size", ctypes.c_size_t, _vp)
_lib._proto("galp_gpu_count_range", _status, _vp, _vp, _vp, _vp, ctypes.c_size_t, _vp, _vp)
_lib._proto("galp_gpu_exists", _status, _vp, _vp, _vp, ctypes.c_size_t, _vp, _vp)
_lib._proto("galp_gpu_arrow_export", _status, _vp, _vp, ctypes.POINTER(ArrowSchema),
            ctypes.POINTER(ArrowDeviceArray))
_lib._proto("galp_gpu_arrow_wait", _status, ctypes.POINTER(ArrowDeviceArray), _vp)

_runtime = None


def available() -> bool:
    """Whether a CUDA device is usable through this libgalp (a CUDA build and a device)."""
    return _lib.lib.galp_gpu_available() == 0


def _rt():
    global _runtime
    if _runtime is None:
        check(_lib.lib.galp_gpu_available(), "galp.cuda")
        _runtime = _cudart.load()
    return _runtime


def _cuda(err: int, what: str) -> None:
    """A CUDA runtime error as GalpError, in libgalp's vocabulary (galp_gpu_status_from_cuda:
    NO_MEMORY for a failed allocation, else CUDA), naming the CUDA error."""
    if err != 0:
        status = _lib.lib.galp_gpu_status_from_cuda(err)
        raise GalpError(status, f"{what}: {_rt().cudaGetErrorString(err).decode()}")


def stream_handle(stream) -> int | None:
    """The cudaStream_t of None (legacy default stream), an int, a CuPy stream (``.ptr``) or
    a PyTorch stream (``.cuda_stream``)."""
    if stream is None or isinstance(stream, int):
        return stream or None
    for attribute in ("ptr", "cuda_stream", "handle"):
        value = getattr(stream, attribute, None)
        if isinstance(value, int):
            return value or None
    raise TypeError(f"galp.cuda: cannot tell the CUDA stream of {stream!r}")


class _DeviceScratch:
    """A device allocation freed with the object."""

    def __init__(self, size: int) -> None:
        self.ptr = _vp()
        _cuda(_rt().cudaMalloc(ctypes.byref(self.ptr), max(size, 16)), "cudaMalloc")

    def __del__(self) -> None:
        if getattr(self, "ptr", None) and self.ptr.value:
            _rt().cudaFree(self.ptr)

    def read(self, host, stream: int | None) -> None:
        """Copy into the ctypes object `host` in stream order, then wait for the stream."""
        rt = _rt()
        _cuda(rt.cudaMemcpyAsync(ctypes.addressof(host), self.ptr, ctypes.sizeof(host),
                                 _cudart.MEMCPY_DEVICE_TO_HOST, stream), "cudaMemcpyAsync")
        _cuda(rt.cudaStreamSynchronize(stream), "cudaStreamSynchronize")


@dataclass(frozen=True)
class Aggregate:
    """The fused aggregate of a column (galp_gpu_aggregate_column): ``sum`` is the wrapping
    sum mod 2^64 for integers, the sum of the non-NaN values for floats (order of additions
    unspecified: docs/GPU.md); ``min``/``max`` are None when every value is NaN or the
    column is empty."""

    count: int
    nan_count: int
    sum: int | float
    min: int | float | None
    max: int | float | None


class Column:
    """A column file validated on the host and copied to the current device once
    (galp_gpu_column_upload). Read-only; freed with the object (after the work enqueued on it:
    arrays decoded from it keep it alive)."""

    def __init__(self, data) -> None:
        opened = OpenedColumn(data)
        self.type = opened.type
        self.value_count = opened.value_count
        self.dtype = _types.DTYPES.get(opened.type)
        handle = _vp()
        check(_lib.lib.galp_gpu_column_upload_opened(ctypes.byref(opened.view),
                                                     ctypes.byref(handle)),
              "galp_gpu_column_upload")
        self._handle = handle
        self._range_temp = None

    def __del__(self) -> None:
        handle = getattr(self, "_handle", None)
        if handle is not None and handle.value:
            _lib.lib.galp_gpu_column_free(handle)

    def __len__(self) -> int:
        return self.value_count

    def _numeric(self, what: str) -> np.dtype:
        if self.dtype is None:
            raise TypeError(f"galp.cuda: {what} takes a numeric column; this one holds strings")
        return self.dtype

    def decompress(self, out=None, stream=None):
        """Decode the whole column on the device.

        Without ``out``: into new device buffers that libgalp allocates (the Arrow device
        export, galp_gpu_arrow_export), returned as a DecodedArray (strings too); its
        ``__dlpack__``, ``__cuda_array_interface__`` and ``__arrow_c_device_array__`` hand
        those buffers over without a copy. With ``out`` (anything exporting
        ``__cuda_array_interface__``, e.g. a CuPy array or a PyTorch tensor, contiguous, of
        the column's dtype and length): decoded into it, which is returned; nothing is
        allocated. The call returns once the decode is enqueued on ``stream``."""
        handle = stream_handle(stream)
        if out is not None:
            return self._decompress_into(out, handle)
        schema = _malloc(ArrowSchema)
        device_array = _malloc(ArrowDeviceArray)
        status = _lib.lib.galp_gpu_arrow_export(self._handle, handle, ctypes.byref(schema),
                                                ctypes.byref(device_array))
        if status != 0:
            _capsule.free(ctypes.addressof(schema))
            _capsule.free(ctypes.addressof(device_array))
            check(status, "galp_gpu_arrow_export")

        def wait(consumer_stream):
            check(_lib.lib.galp_gpu_arrow_wait(ctypes.byref(device_array), consumer_stream),
                  "galp_gpu_arrow_wait")

        decoded = DecodedArray(schema, device_array, handle, wait)
        decoded._column = self  # the device image must outlive the enqueued decode
        return decoded

    def _decompress_into(self, out, handle):
        dtype = self._numeric("decompress(out=...)")
        cai = getattr(out, "__cuda_array_interface__", None)
        if cai is None:
            raise TypeError("galp.cuda: out must export __cuda_array_interface__")
        if np.dtype(cai["typestr"]) != dtype or tuple(cai["shape"]) != (self.value_count,):
            raise ValueError(f"galp.cuda: out must hold {self.value_count} {dtype} values, not "
                             f"{cai['shape']} {cai['typestr']}")
        strides = cai.get("strides")
        if strides is not None and tuple(strides) != (dtype.itemsize,):
            raise ValueError("galp.cuda: out must be contiguous")
        check(_lib.lib.galp_gpu_decompress(self._handle, cai["data"][0],
                                           self.value_count * dtype.itemsize, handle),
              "galp_gpu_decompress")
        return out

    def aggregate(self, stream=None) -> Aggregate:
        """count, NaN count, sum, min and max in one pass over the compressed column, without
        decoding it to memory; waits for the result."""
        dtype = self._numeric("aggregate")
        handle = stream_handle(stream)
        result = _DeviceScratch(ctypes.sizeof(_Aggregate))
        check(_lib.lib.galp_gpu_aggregate_column(self._handle, result.ptr, handle),
              "galp_gpu_aggregate_column")
        host = _Aggregate()
        result.read(host, handle)

        def value(bits: int):
            return np.array([bits], dtype=np.uint64).astype(
                f"<u{dtype.itemsize}").view(dtype)[0].item()

        total = host.sum_f64 if dtype.kind == "f" else host.sum_bits
        extremes = (value(host.min_bits), value(host.max_bits)) if host.has_min_max else (None,
                                                                                          None)
        return Aggregate(host.count, host.nan_count, total, *extremes)

    def sum(self, stream=None) -> int | float:
        """The fused sum (Aggregate.sum)."""
        return self.aggregate(stream).sum

    def _scalar(self, x) -> np.ndarray:
        return np.array([x], dtype=self._numeric("a scan"))

    def _temp(self) -> _DeviceScratch:
        if self._range_temp is None:
            self._range_temp = _DeviceScratch(_lib.lib.galp_gpu_range_temp_size(self._handle))
        return self._range_temp

    def count_range(self, lo, hi, stream=None) -> int:
        """How many values x satisfy lo <= x <= hi (IEEE comparison: NaN matches nothing),
        scanning the compressed column with predicate pushdown; waits for the result."""
        handle = stream_handle(stream)
        lo_v, hi_v = self._scalar(lo), self._scalar(hi)
        temp = self._temp()
        count = _DeviceScratch(8)
        check(_lib.lib.galp_gpu_count_range(self._handle, lo_v.ctypes.data, hi_v.ctypes.data,
                                            temp.ptr, _lib.lib.galp_gpu_range_temp_size(
                                                self._handle), count.ptr, handle),
              "galp_gpu_count_range")
        host = ctypes.c_uint64()
        count.read(host, handle)
        return host.value

    def exists(self, value, stream=None) -> bool:
        """Whether some value x == value (IEEE ==); waits for the result."""
        handle = stream_handle(stream)
        value_v = self._scalar(value)
        temp = self._temp()
        found = _DeviceScratch(4)
        check(_lib.lib.galp_gpu_exists(self._handle, value_v.ctypes.data, temp.ptr,
                                       _lib.lib.galp_gpu_range_temp_size(self._handle),
                                       found.ptr, handle), "galp_gpu_exists")
        host = ctypes.c_uint32()
        found.read(host, handle)
        return bool(host.value)


def _column(data) -> Column:
    return data if isinstance(data, Column) else Column(data)


def decompress(data, stream=None) -> DecodedArray:
    """Upload a column file (bytes-like, or a Column already uploaded) and decode it on the
    device: ``Column(data).decompress(stream=stream)``."""
    return _column(data).decompress(stream=stream)


def sum(data, stream=None) -> int | float:
    """The fused sum of a column file or Column (Column.sum)."""
    return _column(data).sum(stream)


def count_range(data, lo, hi, stream=None) -> int:
    """Column.count_range of a column file or Column."""
    return _column(data).count_range(lo, hi, stream)


def exists(data, value, stream=None) -> bool:
    """Column.exists of a column file or Column."""
    return _column(data).exists(value, stream)
