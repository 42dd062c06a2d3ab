"""galp.compress / decompress / inspect / verify against the reference codec."""

from __future__ import annotations

import hashlib
import struct

import numpy as np
import pytest
from conftest import manifest_entries

import galp

RNG = np.random.default_rng(40)
INT_SCHEMES = ["auto", "raw", "ffor", "delta", "rle", "dict", "runs"]
FLOAT_SCHEMES = ["auto", "raw", "alp", "galp", "alp-rd", "alp_rd", "dict"]


def special_floats(dtype):
    bits = {np.float64: [0x7FF8000000000001, 0x8000000000000000, 0x7FF0000000000000,
                         0xFFF4000000000abc, 1],
            np.float32: [0x7FC00001, 0x80000000, 0x7F800000, 0xFFA00abc, 1]}[dtype]
    return np.array(bits, dtype=np.uint64 if dtype == np.float64 else np.uint32).view(dtype)


@pytest.mark.parametrize("dtype", [np.uint8, np.uint16, np.uint32, np.uint64])
@pytest.mark.parametrize("scheme", INT_SCHEMES)
def test_integers_round_trip(dtype, scheme):
    info = np.iinfo(dtype)
    values = np.concatenate([RNG.integers(0, 50, 3000).astype(dtype),
                             np.full(1000, 7, dtype=dtype), np.array([0, info.max], dtype=dtype)])
    data = galp.compress(values, scheme)
    out = galp.decompress(data)
    assert out.dtype == values.dtype and np.array_equal(out, values)
    summary = galp.inspect(data)
    assert summary.value_count == values.size and summary.vector_count == 4
    assert summary.type == f"u{8 * values.itemsize}"


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
@pytest.mark.parametrize("scheme", FLOAT_SCHEMES)
def test_floats_round_trip_bit_exact(dtype, scheme):
    values = np.concatenate([np.round(RNG.random(2500) * 1000, 2).astype(dtype),
                             special_floats(dtype)])
    out = galp.decompress(galp.compress(values, scheme))
    assert out.tobytes() == values.tobytes()


def test_tile_scheme_and_checksums():
    values = RNG.integers(0, 1 << 20, 5000).astype(np.uint32)
    data = galp.compress(values, "gpu_for", checksums=True)
    summary = galp.inspect(data, vectors=True)
    assert summary.scheme == "gpu-for" and summary.payload_checksums
    assert [v.value_count for v in summary.vectors] == [1024] * 4 + [904]
    assert np.array_equal(galp.decompress(data), values)


def test_compressed_is_smaller_and_described():
    values = np.round(RNG.random(10240) * 100, 2)
    data = galp.compress(values)
    summary = galp.inspect(data, vectors=True)
    assert summary.scheme == "galp" and summary.bits_per_value < 32
    assert all(v.scheme in ("galp", "alp-rd", "raw") for v in summary.vectors)
    assert summary.size == len(data)


def test_galp_layouts_as_galp_compress_writes_them():
    # A constant vector (no exceptions: no lane table, flag bit 1) and a vector with a few
    # exceptions (u8 lane ends, flag bit 2), as the C library's galp_compress writes them.
    values = np.full(2048, 1.5)
    values[1024 + np.arange(0, 1024, 100)] = np.pi
    data = galp.compress(values, "galp")
    flags = struct.unpack_from("<I", data, 20)[0]
    assert flags & 2 and flags & 4
    assert galp.decompress(data).tobytes() == values.tobytes()


def test_layouts_as_galp_encode_writes_them():
    # Strings in lean vectors (flag bit 8, format 1.7), RUNS vectors whose run values are
    # zig-zag coded differences (flag bit 5: steps of +3 and -2 in turn, no narrower with an
    # offset), RUNS vectors whose run values are offset-coded differences (flag bit 10,
    # format 1.8: steps of +3, 2 bits with an offset, 3 zig-zag coded) and patched FFOR vectors
    # (flag bit 9, format 1.8): the layouts
    # `galp encode` writes, each only where it is used.
    data = galp.compress([f"row {i}" for i in range(3000)])
    flags, = struct.unpack_from("<I", data, 20)
    assert flags & 256 and flags & 64
    assert data[4:6] == bytes([1, 7])
    runs = np.arange(4096)
    turns = np.repeat((1_000_000 + runs // 2 + runs % 2 * 3).astype(np.uint32), 8)
    data = galp.compress(turns)
    flags, = struct.unpack_from("<I", data, 20)
    assert flags & 32 and not flags & 1024
    assert np.array_equal(galp.decompress(data), turns)
    steps = np.repeat(np.arange(1_000_000, 1_000_000 + 3 * 4096, 3, dtype=np.uint32), 8)
    data = galp.compress(steps)
    flags, = struct.unpack_from("<I", data, 20)
    assert flags & 1024 and not flags & 32
    assert data[4:6] == bytes([1, 8])
    assert np.array_equal(galp.decompress(data), steps)
    # Patched FFOR vectors (flag bit 9, format 1.8): small values with one wide outlier per
    # vector.
    values = np.arange(4096, dtype=np.uint64) % 16 + 1000
    values[7::1024] += np.uint64(1 << 40)
    data = galp.compress(values)
    flags, = struct.unpack_from("<I", data, 20)
    assert flags & 512 and data[4:6] == bytes([1, 8])
    assert np.array_equal(galp.decompress(data), values)


def test_strings_round_trip():
    words = ["", "galp", "ünïcode", "x" * 5000] + [f"row {i}" for i in range(3000)]
    data = galp.compress(words)
    assert galp.inspect(data).type == "str"
    out = galp.decompress(data)
    assert out.dtype == object and list(out) == [w.encode() for w in words]
    galp.verify(data, words)


def test_byte_order_and_buffers():
    values = np.arange(2000, dtype=">u4")
    data = galp.compress(values)
    assert np.array_equal(galp.decompress(bytearray(data)), values)
    assert np.array_equal(galp.decompress(memoryview(data)), values)


def test_verify_reports_the_first_difference():
    values = np.round(RNG.random(3000) * 10, 1)
    data = galp.compress(values)
    assert galp.verify(data, values) is None
    changed = values.copy()
    changed[1234] = -changed[1234] - 1
    changed[2000] = np.nan
    with pytest.raises(galp.MismatchError) as err:
        galp.verify(data, changed)
    assert err.value.index == 1234 and err.value.count == 2
    with pytest.raises(galp.MismatchError) as err:
        galp.verify(data, values[:-1])
    assert err.value.index == -1


def test_verify_compares_bit_patterns():
    values = np.array([0.0, 1.5])
    with pytest.raises(galp.MismatchError):
        galp.verify(galp.compress(values), np.array([-0.0, 1.5]))


def test_invalid_input_raises_status():
    data = galp.compress(np.arange(5000, dtype=np.uint16))
    with pytest.raises(galp.GalpError) as err:
        galp.decompress(data[:100])
    assert err.value.status == 3 and err.value.name == "GALP_ERR_TRUNCATED"
    corrupt = bytearray(data)
    corrupt[20] ^= 1  # inside the header: the header checksum no longer matches
    with pytest.raises(galp.GalpError) as err:
        galp.inspect(corrupt)
    assert err.value.name in ("GALP_ERR_CHECKSUM", "GALP_ERR_LAYOUT", "GALP_ERR_COUNT_MISMATCH")
    with pytest.raises(galp.GalpError) as err:
        galp.decompress(b"NOPE" + bytes(200))
    assert err.value.name == "GALP_ERR_BAD_MAGIC"


def test_refused_arguments():
    with pytest.raises(galp.GalpError) as err:
        galp.compress(np.arange(10, dtype=np.uint32), "alp")
    assert err.value.name in ("GALP_ERR_BAD_SCHEME", "GALP_ERR_ARGUMENT")
    with pytest.raises(TypeError):
        galp.compress(np.arange(10, dtype=np.int32))
    with pytest.raises(ValueError):
        galp.compress(np.zeros((2, 2)))
    with pytest.raises(ValueError):
        galp.compress(np.zeros(4), "zstd")


def test_golden_vectors(vectors_dir):
    """Every vector of the suite: valid ones decode to the manifest's output hash, invalid ones
    raise the manifest's error class."""
    checked = 0
    for name, expect, vtype, _scheme, out_sha in manifest_entries():
        data = (vectors_dir / f"{name}.galp").read_bytes()
        if expect != "GALP_OK":
            with pytest.raises(galp.GalpError) as err:
                galp.decompress(data)
            assert err.value.name == expect, name
        else:
            out = galp.decompress(data)
            if vtype == "str":  # spec/conformance.md §4: length-prefixed records
                raw = b"".join(struct.pack("<I", len(s)) + s for s in out)
            else:
                raw = out.tobytes()
            assert hashlib.sha256(raw).hexdigest() == out_sha, name
        checked += 1
    assert checked > 100
