"""galp.conformance: the conformance suite run against decoders written in Python."""

from __future__ import annotations

import conform_decoders
import pytest

import galp.conformance

try:
    galp.conformance.runner()
except FileNotFoundError as exc:
    pytest.skip(f"no galp-conform: {exc}", allow_module_level=True)


def test_reference_decoder_passes_every_vector():
    result = galp.conformance.run(conform_decoders.reference, require_class=True)
    assert result.ok, result.output
    assert result.passed > 100 and result.failures == []


def test_wrong_values_are_named():
    result = galp.conformance.run(conform_decoders.flips_last_f64_bit, match="valid/*f64*")
    assert not result.ok and result.failed > 0
    assert all("f64" in name for name in result.failures)


def test_missing_rejections_fail():
    result = galp.conformance.run("conform_decoders:accepts_everything",
                                  match="invalid/checksum*")
    assert result.passed == 0 and result.failed > 0


def test_nested_functions_are_refused():
    def local(data):
        return data

    with pytest.raises(ValueError):
        galp.conformance.run(local)
