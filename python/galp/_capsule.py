"""PyCapsules made with ctypes, for the Arrow PyCapsule interface and DLPack.

Every capsule holds a struct allocated with the C library's malloc, and its destructor, called
by Python when the capsule dies, releases what a consumer did not take and frees the struct.
Producers keep the Python objects their exports point into alive through `keep`/`drop`: a
registry from integer tokens to objects, the token travelling in the C struct.
"""

from __future__ import annotations

import ctypes
import itertools
import threading

_libc = ctypes.CDLL(None)
malloc = _libc.malloc
malloc.restype = ctypes.c_void_p
malloc.argtypes = [ctypes.c_size_t]
free = _libc.free
free.restype = None
free.argtypes = [ctypes.c_void_p]

Destructor = ctypes.CFUNCTYPE(None, ctypes.c_void_p)

_new = ctypes.pythonapi.PyCapsule_New
_new.restype = ctypes.py_object
_new.argtypes = [ctypes.c_void_p, ctypes.c_char_p, Destructor]
# The raw forms take the capsule as a bare pointer: inside a destructor its reference count
# is already zero and must not be touched.
_is_valid_raw = ctypes.PYFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_IsValid", ctypes.pythonapi))
_pointer_raw = ctypes.PYFUNCTYPE(ctypes.c_void_p, ctypes.c_void_p, ctypes.c_char_p)(
    ("PyCapsule_GetPointer", ctypes.pythonapi))
_pointer = ctypes.pythonapi.PyCapsule_GetPointer
_pointer.restype = ctypes.c_void_p
_pointer.argtypes = [ctypes.py_object, ctypes.c_char_p]

_kept: dict[int, object] = {}
_tokens = itertools.count(1)
_lock = threading.Lock()


def keep(obj: object) -> int:
    """Holds obj alive until drop(token)."""
    with _lock:
        token = next(_tokens)
        _kept[token] = obj
    return token


def drop(token: int) -> None:
    with _lock:
        _kept.pop(token, None)


def kept_count() -> int:
    """How many objects exports still hold (tests check that consumers released them)."""
    with _lock:
        return len(_kept)


def new(pointer: int, name: bytes, destructor) -> object:
    """A capsule named `name` over `pointer`; `destructor` (a Destructor) must stay alive."""
    return _new(pointer, name, destructor)


def pointer(capsule: object, name: bytes) -> int:
    return _pointer(capsule, name)


def raw_pointer_if_named(capsule_address: int, name: bytes) -> int | None:
    """In a destructor: the capsule's pointer if it still has `name` (no consumer renamed it)."""
    if _is_valid_raw(capsule_address, name):
        return _pointer_raw(capsule_address, name)
    return None
