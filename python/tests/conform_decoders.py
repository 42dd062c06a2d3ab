"""Decoders that tests/test_conformance.py runs through galp.conformance (each vector's process
imports them from here)."""

import numpy as np

import galp


def reference(data: bytes):
    """libgalp's decoder: must pass every vector."""
    return galp.decompress(data)


def flips_last_f64_bit(data: bytes):
    """A wrong decoder: the lowest bit of every f64 value flipped."""
    out = galp.decompress(data)
    if out.dtype == np.float64:
        out = (out.view(np.uint64) ^ np.uint64(1)).view(np.float64)
    return out


def accepts_everything(data: bytes):
    """A decoder that never rejects: the invalid vectors must fail."""
    try:
        return galp.decompress(data)
    except galp.GalpError:
        return b""
