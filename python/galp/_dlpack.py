"""DLPack (the legacy, unversioned DLManagedTensor that every consumer takes) over a buffer
that a Python object owns: the tensor keeps the object alive until the consumer's deleter."""

from __future__ import annotations

import ctypes

import numpy as np

from . import _capsule

KDL_CPU = 1
KDL_CUDA = 2
_KDL_CODE = {"u": 1, "f": 2}  # kDLUInt, kDLFloat


class DLDevice(ctypes.Structure):
    _fields_ = [("device_type", ctypes.c_int32), ("device_id", ctypes.c_int32)]


class DLDataType(ctypes.Structure):
    _fields_ = [("code", ctypes.c_uint8), ("bits", ctypes.c_uint8), ("lanes", ctypes.c_uint16)]


class DLTensor(ctypes.Structure):
    _fields_ = [
        ("data", ctypes.c_void_p),
        ("device", DLDevice),
        ("ndim", ctypes.c_int32),
        ("dtype", DLDataType),
        ("shape", ctypes.POINTER(ctypes.c_int64)),
        ("strides", ctypes.POINTER(ctypes.c_int64)),
        ("byte_offset", ctypes.c_uint64),
    ]


class DLManagedTensor(ctypes.Structure):
    pass


Deleter = ctypes.CFUNCTYPE(None, ctypes.POINTER(DLManagedTensor))
DLManagedTensor._fields_ = [("dl_tensor", DLTensor), ("manager_ctx", ctypes.c_void_p),
                            ("deleter", Deleter)]


class _ManagedWithShape(ctypes.Structure):
    """One allocation: the managed tensor and its one-element shape."""
    _fields_ = [("managed", DLManagedTensor), ("shape", ctypes.c_int64)]


@Deleter
def _delete(managed_ptr) -> None:
    managed = managed_ptr.contents
    _capsule.drop(managed.manager_ctx)
    _capsule.free(ctypes.addressof(managed))


@_capsule.Destructor
def _capsule_destructor(capsule_address) -> None:
    pointer = _capsule.raw_pointer_if_named(capsule_address, b"dltensor")
    if pointer:  # never consumed: the capsule still owns the tensor
        _delete(ctypes.cast(pointer, ctypes.POINTER(DLManagedTensor)))


def capsule(owner: object, data: int, length: int, dtype: np.dtype, device: tuple[int, int]):
    """A "dltensor" capsule of a 1-D array of `length` values at `data`, kept alive by owner."""
    block = _capsule.malloc(ctypes.sizeof(_ManagedWithShape))
    if not block:
        raise MemoryError("galp: cannot allocate a DLPack tensor")
    item = _ManagedWithShape.from_address(block)
    item.shape = length
    tensor = item.managed.dl_tensor
    tensor.data = data
    tensor.device = DLDevice(device[0], device[1])
    tensor.ndim = 1
    tensor.dtype = DLDataType(_KDL_CODE[dtype.kind], 8 * dtype.itemsize, 1)
    tensor.shape = ctypes.pointer(ctypes.c_int64.from_address(
        block + _ManagedWithShape.shape.offset))
    tensor.strides = None
    tensor.byte_offset = 0
    item.managed.manager_ctx = _capsule.keep(owner)
    item.managed.deleter = _delete
    return _capsule.new(block, b"dltensor", _capsule_destructor)
