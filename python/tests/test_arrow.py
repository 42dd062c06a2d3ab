"""The Arrow C Data Interface export (galp_arrow_export) and the zero-copy protocols of
DecodedArray, on the CPU: pyarrow, numpy.asarray and numpy.from_dlpack."""

from __future__ import annotations

import gc

import numpy as np
import pytest

import galp
from galp import _capsule

pa = pytest.importorskip("pyarrow", reason="pyarrow is not installed")

RNG = np.random.default_rng(7)

ARROW_TYPES = {np.uint8: pa.uint8(), np.uint16: pa.uint16(), np.uint32: pa.uint32(),
               np.uint64: pa.uint64(), np.float32: pa.float32(), np.float64: pa.float64()}


@pytest.mark.parametrize("dtype", list(ARROW_TYPES))
def test_numeric_columns_to_pyarrow(dtype):
    values = (RNG.integers(0, 200, 3000) / (4 if np.dtype(dtype).kind == "f" else 1)).astype(dtype)
    arrow = galp.to_arrow(galp.compress(values))
    assert arrow.type == ARROW_TYPES[dtype]
    assert arrow.null_count == 0
    arrow.validate(full=True)
    assert np.array_equal(arrow.to_numpy(), values)


def test_strings_to_pyarrow():
    words = ["alpha", "", "ß", "omega" * 100] * 700
    arrow = galp.to_arrow(galp.compress(words))
    assert arrow.type == pa.string()
    arrow.validate(full=True)
    assert arrow.to_pylist() == words


def test_pyarrow_shares_the_decoded_buffer():
    values = np.arange(5000, dtype=np.float64) / 8
    decoded = galp.decode_arrow(galp.compress(values))
    arrow = pa.array(decoded)
    assert arrow.buffers()[1].address == decoded.data_ptr
    assert decoded.data_ptr % 64 == 0


def test_numpy_views_without_copy():
    values = np.arange(4000, dtype=np.uint32) * 3
    decoded = galp.decode_arrow(galp.compress(values, "ffor"))
    view = np.asarray(decoded)
    assert view.ctypes.data == decoded.data_ptr and np.array_equal(view, values)
    through_dlpack = np.from_dlpack(decoded)
    assert through_dlpack.ctypes.data == decoded.data_ptr
    assert np.array_equal(through_dlpack, values)


def test_exports_outlive_the_producer_and_are_released():
    before = _capsule.kept_count()
    values = np.round(RNG.random(3000) * 100, 2)
    decoded = galp.decode_arrow(galp.compress(values))
    arrow = pa.array(decoded)
    tensor = np.from_dlpack(decoded)
    del decoded
    gc.collect()
    assert np.array_equal(arrow.to_numpy(), values)  # the buffers are still there
    assert np.array_equal(tensor, values)
    assert _capsule.kept_count() == before + 2
    del arrow, tensor
    gc.collect()
    assert _capsule.kept_count() == before


def test_unconsumed_capsules_release():
    before = _capsule.kept_count()
    decoded = galp.decode_arrow(galp.compress(np.arange(10, dtype=np.uint8)))
    capsules = [decoded.__arrow_c_array__(), decoded.__arrow_c_device_array__(),
                decoded.__dlpack__()]
    assert _capsule.kept_count() == before + 3
    del capsules, decoded
    gc.collect()
    assert _capsule.kept_count() == before


def test_device_array_capsule_on_cpu():
    values = np.arange(3000, dtype=np.uint16)
    decoded = galp.decode_arrow(galp.compress(values))
    assert decoded.device == (1, -1) and not decoded.on_gpu
    if not hasattr(pa.Array, "_import_from_c_device_capsule"):
        pytest.skip("this pyarrow cannot import Arrow device arrays")
    arrow = pa.Array._import_from_c_device_capsule(*decoded.__arrow_c_device_array__())
    assert np.array_equal(arrow.to_numpy(), values)


def test_host_array_refuses_device_protocols():
    decoded = galp.decode_arrow(galp.compress(np.arange(10, dtype=np.uint8)))
    assert not hasattr(decoded, "__cuda_array_interface__")
    strings = galp.decode_arrow(galp.compress(["a", "b"]))
    with pytest.raises(TypeError):
        strings.__dlpack__()
    with pytest.raises(BufferError):
        decoded.__dlpack__(copy=True)


def test_invalid_column_raises():
    data = galp.compress(np.arange(3000, dtype=np.uint64))
    with pytest.raises(galp.GalpError) as err:
        galp.to_arrow(data[:-10])
    assert err.value.name == "GALP_ERR_TRUNCATED"
