"""galp.cuda on a GPU: decoded arrays reach CuPy and PyTorch without a copy and match the
reference decoder bit for bit; the fused scans match numpy. Skipped without a usable device;
the CPU-only behaviour (GALP_ERR_NO_DEVICE) is checked everywhere."""

from __future__ import annotations

import ctypes
import gc

import numpy as np
import pytest

import galp
import galp.cuda

RNG = np.random.default_rng(11)
HAVE_GPU = galp.cuda.available()
gpu = pytest.mark.skipif(not HAVE_GPU, reason="no CUDA device usable through libgalp")


def columns():
    decimals = np.round(RNG.random(100_000) * 1000, 2)
    decimals[::997] = np.nan
    return [
        (decimals, "galp"),
        (decimals.astype(np.float32), "alp"),
        (np.round(RNG.random(50_000) * 1e6, 5), "alp-rd"),
        (RNG.integers(0, 1 << 20, 70_000).astype(np.uint32), "ffor"),
        (np.cumsum(RNG.integers(0, 5, 30_000)).astype(np.uint64), "delta"),
        (RNG.integers(0, 200, 5000).astype(np.uint8), "auto"),
    ]


@pytest.mark.skipif(HAVE_GPU, reason="a GPU is usable: the GPU tests below run instead")
def test_without_a_device_calls_raise_no_device():
    data = galp.compress(np.arange(100, dtype=np.uint32))
    with pytest.raises(galp.GalpError) as err:
        galp.cuda.decompress(data)
    assert err.value.name == "GALP_ERR_NO_DEVICE"


@gpu
@pytest.mark.parametrize("values,scheme", columns())
def test_decompress_to_cupy_without_copy(values, scheme):
    cupy = pytest.importorskip("cupy")
    data = galp.compress(values, scheme)
    decoded = galp.cuda.decompress(data)
    assert decoded.on_gpu and decoded.dtype == values.dtype and len(decoded) == values.size
    through_dlpack = cupy.from_dlpack(decoded)
    through_cai = cupy.asarray(decoded)
    assert through_dlpack.data.ptr == decoded.data_ptr == through_cai.data.ptr
    host = cupy.asnumpy(through_dlpack)
    assert host.tobytes() == galp.decompress(data).tobytes()


@gpu
def test_decompress_to_torch_without_copy():
    torch = pytest.importorskip("torch")
    values = np.round(RNG.random(200_000) * 50, 1)
    decoded = galp.cuda.decompress(galp.compress(values))
    tensor = torch.from_dlpack(decoded)
    assert tensor.is_cuda and tensor.data_ptr() == decoded.data_ptr
    assert np.array_equal(tensor.cpu().numpy(), values)


@gpu
def test_decoded_buffers_outlive_the_producer():
    cupy = pytest.importorskip("cupy")
    values = RNG.integers(0, 1000, 100_000).astype(np.uint32)
    view = cupy.from_dlpack(galp.cuda.decompress(galp.compress(values)))
    gc.collect()  # the DecodedArray is gone; the capsule's owner keeps the buffer
    assert np.array_equal(cupy.asnumpy(view), values)


@gpu
def test_decompress_into_a_given_buffer_on_a_stream():
    cupy = pytest.importorskip("cupy")
    values = np.round(RNG.random(300_000) * 100, 2)
    column = galp.cuda.Column(galp.compress(values))
    out = cupy.empty(values.size, dtype=np.float64)
    stream = cupy.cuda.Stream(non_blocking=True)
    assert column.decompress(out=out, stream=stream) is out
    stream.synchronize()
    assert np.array_equal(cupy.asnumpy(out), values)
    with pytest.raises(ValueError):
        column.decompress(out=cupy.empty(10, dtype=np.float64))
    with pytest.raises(ValueError):
        column.decompress(out=cupy.empty(values.size, dtype=np.float32))


@gpu
def test_string_column_arrow_device_export():
    cupy = pytest.importorskip("cupy")
    words = [f"item-{i % 37}-{'x' * (i % 5)}" for i in range(20_000)]
    data = galp.compress(words)
    decoded = galp.cuda.decompress(data)
    assert decoded.is_strings and decoded.on_gpu
    expected = galp.decode_arrow(data)  # the CPU decoder's Arrow export, host memory
    offsets_size = 4 * (len(words) + 1)  # int32 offsets ("u")
    data_size = sum(len(w) for w in words)

    def device_bytes(ptr, size):
        memory = cupy.cuda.UnownedMemory(ptr, size, decoded)
        return cupy.ndarray(size, cupy.uint8, cupy.cuda.MemoryPointer(memory, 0)).get().tobytes()

    cupy.cuda.runtime.deviceSynchronize()
    assert device_bytes(decoded.offsets_ptr, offsets_size) == \
        ctypes.string_at(expected.offsets_ptr, offsets_size)
    assert device_bytes(decoded.data_ptr, data_size) == "".join(words).encode()
    schema, array = decoded.__arrow_c_device_array__()
    assert schema is not None and array is not None


@gpu
@pytest.mark.parametrize("values,scheme", columns())
def test_fused_operations_match_numpy(values, scheme):
    column = galp.cuda.Column(galp.compress(values, scheme))
    finite = values[~np.isnan(values)] if values.dtype.kind == "f" else values
    agg = column.aggregate()
    assert agg.count == values.size
    if values.dtype.kind == "f":
        assert agg.nan_count == values.size - finite.size
        assert agg.sum == pytest.approx(float(np.sum(finite, dtype=np.float64)), rel=1e-9)
    else:
        assert agg.sum == int(np.sum(finite.astype(np.uint64), dtype=np.uint64))
    assert agg.min == finite.min().item() and agg.max == finite.max().item()
    lo, hi = np.quantile(finite, [0.25, 0.5]).astype(values.dtype)
    assert column.count_range(lo, hi) == int(np.count_nonzero((finite >= lo) & (finite <= hi)))
    assert column.exists(finite[1234 % finite.size])
    if values.dtype.kind == "f":  # the GPU's float sum has no fixed order (docs/GPU.md)
        assert column.sum() == pytest.approx(agg.sum, rel=1e-12)
    else:
        assert column.sum() == agg.sum
    absent = values.dtype.type(np.iinfo(values.dtype).max if values.dtype.kind == "u" else -1.5)
    assert column.exists(absent) == bool(np.any(values == absent))


@gpu
def test_invalid_column_raises_before_upload():
    data = galp.compress(np.arange(5000, dtype=np.uint32))
    with pytest.raises(galp.GalpError) as err:
        galp.cuda.Column(data[:-1])
    assert err.value.name == "GALP_ERR_TRUNCATED"
