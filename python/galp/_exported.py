"""DecodedArray: a decoded column in buffers that libgalp allocated and exported as an Arrow
(device) array, handed to other libraries without a copy."""

from __future__ import annotations

import ctypes

import numpy as np

from . import _capsule, _dlpack
from ._arrow_abi import (
    ARROW_DEVICE_CPU,
    ARROW_DEVICE_CUDA,
    ArrayRelease,
    ArrowArray,
    ArrowDeviceArray,
    ArrowSchema,
)

# Arrow format strings of the types galp exports (include/galp_arrow.h).
_FORMAT_DTYPES = {b"C": "<u1", b"S": "<u2", b"I": "<u4", b"L": "<u8", b"f": "<f4", b"g": "<f8"}
_STRING_FORMATS = {b"u": np.int32, b"U": np.int64}
_DLPACK_DEVICE = {ARROW_DEVICE_CPU: _dlpack.KDL_CPU, ARROW_DEVICE_CUDA: _dlpack.KDL_CUDA}


def _malloc(struct_type):
    address = _capsule.malloc(ctypes.sizeof(struct_type))
    if not address:
        raise MemoryError("galp: cannot allocate an Arrow struct")
    ctypes.memset(address, 0, ctypes.sizeof(struct_type))
    return struct_type.from_address(address)


@ArrayRelease
def _release_child(array_ptr) -> None:
    """Release callback of the arrays handed to consumers: drops their hold on the owner."""
    array = array_ptr.contents
    _capsule.free(ctypes.cast(array.buffers, ctypes.c_void_p).value)
    _capsule.drop(array.private_data)
    array.release = ArrayRelease()


@_capsule.Destructor
def _schema_capsule_destructor(capsule_address) -> None:
    pointer = _capsule.raw_pointer_if_named(capsule_address, b"arrow_schema")
    if pointer:
        schema = ArrowSchema.from_address(pointer)
        if schema.release:
            schema.release(ctypes.pointer(schema))
        _capsule.free(pointer)


@_capsule.Destructor
def _array_capsule_destructor(capsule_address) -> None:
    pointer = _capsule.raw_pointer_if_named(capsule_address, b"arrow_array")
    if pointer:
        array = ArrowArray.from_address(pointer)
        if array.release:
            array.release(ctypes.pointer(array))
        _capsule.free(pointer)


@_capsule.Destructor
def _device_capsule_destructor(capsule_address) -> None:
    pointer = _capsule.raw_pointer_if_named(capsule_address, b"arrow_device_array")
    if pointer:
        array = ArrowDeviceArray.from_address(pointer).array
        if array.release:
            array.release(ctypes.pointer(array))
        _capsule.free(pointer)


class DecodedArray:
    """A decoded galp column in host or CUDA device memory that libgalp allocated.

    Numeric columns export their one buffer, without copying, through DLPack
    (``__dlpack__``, so ``numpy.from_dlpack``, ``cupy.from_dlpack``,
    ``torch.from_dlpack``), ``__cuda_array_interface__`` (device; CuPy, Numba, cuDF) or
    ``__array_interface__`` (host; ``numpy.asarray``). Every column, strings included, also
    exports through the Arrow PyCapsule interface: ``__arrow_c_array__`` (host;
    ``pyarrow.array``) and ``__arrow_c_device_array__``. The buffers are freed when this object
    and every export of it are gone."""

    def __init__(self, schema: ArrowSchema, device_array: ArrowDeviceArray,
                 stream: int | None = None, wait=None) -> None:
        """Takes ownership of two malloc'd structs that a libgalp export filled. stream: the
        CUDA stream the decode was enqueued on (None: the legacy default stream); wait(handle)
        orders a stream after the decode (galp_gpu_arrow_wait)."""
        self._schema = schema
        self._device_array = device_array
        self._stream = stream
        self._wait = wait
        fmt = schema.format
        self.is_strings = fmt in _STRING_FORMATS
        self.dtype = None if self.is_strings else np.dtype(_FORMAT_DTYPES[fmt])

    def __del__(self) -> None:
        array = getattr(self, "_device_array", None)
        if array is not None:
            if array.array.release:
                array.array.release(ctypes.pointer(array.array))
            _capsule.free(ctypes.addressof(array))
        schema = getattr(self, "_schema", None)
        if schema is not None:
            if schema.release:
                schema.release(ctypes.pointer(schema))
            _capsule.free(ctypes.addressof(schema))

    # ---- what it is -------------------------------------------------------------------
    def __len__(self) -> int:
        return self._device_array.array.length

    @property
    def shape(self) -> tuple[int]:
        return (len(self),)

    @property
    def device(self) -> tuple[int, int]:
        """(Arrow device type, device id): (1, -1) host memory, (2, n) CUDA device n."""
        return self._device_array.device_type, self._device_array.device_id

    @property
    def on_gpu(self) -> bool:
        return self._device_array.device_type == ARROW_DEVICE_CUDA

    @property
    def data_ptr(self) -> int:
        """Address of the values (numeric) or of the string bytes (strings)."""
        return self._device_array.array.buffers[2 if self.is_strings else 1] or 0

    @property
    def offsets_ptr(self) -> int:
        """Address of a string column's offsets (int32 or int64, ``len(self) + 1``)."""
        if not self.is_strings:
            raise AttributeError("galp: a numeric column has no offsets")
        return self._device_array.array.buffers[1] or 0

    def _numeric(self, what: str) -> np.dtype:
        if self.is_strings:
            raise TypeError(f"galp: a string column has no {what}; use its Arrow export")
        return self.dtype

    # ---- zero-copy protocols ---------------------------------------------------------------
    @property
    def __cuda_array_interface__(self) -> dict:
        if not self.on_gpu:
            raise AttributeError("galp: host memory has no __cuda_array_interface__")
        dtype = self._numeric("__cuda_array_interface__")
        return {"shape": self.shape, "typestr": dtype.str, "data": (self.data_ptr, False),
                "strides": None, "version": 3,
                "stream": 1 if self._stream is None else self._stream}

    @property
    def __array_interface__(self) -> dict:
        if self.on_gpu:
            raise AttributeError("galp: device memory has no __array_interface__")
        dtype = self._numeric("__array_interface__")
        return {"shape": self.shape, "typestr": dtype.str, "data": (self.data_ptr, False),
                "strides": None, "version": 3}

    def __dlpack_device__(self) -> tuple[int, int]:
        kind, device_id = self.device
        return _DLPACK_DEVICE[kind], max(device_id, 0)  # Arrow's CPU device id is -1

    def __dlpack__(self, *, stream: int | None = None, max_version=None, dl_device=None,
                   copy: bool | None = None):
        """DLPack export. On the GPU, ``stream`` is the consumer's stream (DLPack: None or 1
        the legacy default stream, 2 the per-thread default, -1 no synchronisation): it is
        made to wait for the decode on the device, without blocking the host."""
        dtype = self._numeric("DLPack export")
        if copy:
            raise BufferError("galp: DLPack export never copies (copy=True asked)")
        if dl_device is not None and tuple(dl_device) != self.__dlpack_device__():
            raise BufferError(f"galp: the array is on {self.__dlpack_device__()}, not {dl_device}")
        if self.on_gpu and stream != -1 and self._wait is not None:
            self._wait(0 if stream in (None, 1) else stream)
        return _dlpack.capsule(self, self.data_ptr, len(self), dtype, self.__dlpack_device__())

    # ---- Arrow PyCapsule interface --------------------------------------------------------
    def _schema_capsule(self):
        schema = _malloc(ArrowSchema)
        ctypes.memmove(ctypes.addressof(schema), ctypes.addressof(self._schema),
                       ctypes.sizeof(ArrowSchema))
        return _capsule.new(ctypes.addressof(schema), b"arrow_schema", _schema_capsule_destructor)

    def _fill_child(self, array: ArrowArray) -> None:
        """`array` shares this object's buffers and holds it alive until released."""
        source = self._device_array.array
        buffers = _capsule.malloc(3 * ctypes.sizeof(ctypes.c_void_p))
        if not buffers:
            raise MemoryError("galp: cannot allocate an Arrow buffer list")
        ctypes.memmove(buffers, source.buffers, source.n_buffers * ctypes.sizeof(ctypes.c_void_p))
        array.length, array.null_count, array.offset = source.length, 0, 0
        array.n_buffers, array.n_children = source.n_buffers, 0
        array.buffers = ctypes.cast(buffers, ctypes.POINTER(ctypes.c_void_p))
        array.private_data = _capsule.keep(self)
        array.release = _release_child

    def __arrow_c_schema__(self):
        return self._schema_capsule()

    def __arrow_c_array__(self, requested_schema=None):
        """(schema, array) capsules of a host array: ``pyarrow.array(decoded)`` takes it."""
        if self.on_gpu:
            raise TypeError("galp: a device array exports through __arrow_c_device_array__")
        array = _malloc(ArrowArray)
        self._fill_child(array)
        return (self._schema_capsule(),
                _capsule.new(ctypes.addressof(array), b"arrow_array", _array_capsule_destructor))

    def __arrow_c_device_array__(self, requested_schema=None, **kwargs):
        """(schema, device array) capsules (Arrow C Device Data Interface); on the GPU the
        sync_event is the CUDA event recorded after the decode."""
        device_array = _malloc(ArrowDeviceArray)
        self._fill_child(device_array.array)
        device_array.device_id = self._device_array.device_id
        device_array.device_type = self._device_array.device_type
        device_array.sync_event = self._device_array.sync_event
        return (self._schema_capsule(),
                _capsule.new(ctypes.addressof(device_array), b"arrow_device_array",
                             _device_capsule_destructor))

    def __repr__(self) -> str:
        kind = "strings" if self.is_strings else str(self.dtype)
        where = f"cuda:{self.device[1]}" if self.on_gpu else "cpu"
        return f"<galp.DecodedArray {kind} length={len(self)} on {where}>"
