"""notation.numerics against NumPy's own float16/float32/float64 and bit-level references."""

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from notation import (
    FLOAT_FORMATS,
    dequantize_int8,
    float_fields,
    float_format_info,
    quantize_int8,
    round_to_format,
)

NUMPY_TYPES = {"fp16": np.float16, "fp32": np.float32, "fp64": np.float64}


@pytest.mark.parametrize("name", ["fp16", "fp32", "fp64"])
def test_float_format_info_matches_np_finfo(name):
    info = float_format_info(*FLOAT_FORMATS[name])
    ref = np.finfo(NUMPY_TYPES[name])
    assert info.bits == ref.bits
    assert info.eps == float(ref.eps)
    assert info.max == float(ref.max)
    assert info.min_normal == float(ref.smallest_normal)
    assert info.min_subnormal == float(ref.smallest_subnormal)
    assert info.decimal_digits == ref.precision
    assert FLOAT_FORMATS[name] == (ref.nexp, ref.nmant)


def test_bf16_matches_published_torch_finfo():
    # torch.finfo(torch.bfloat16): eps 0.0078125, max 3.3895313892515355e+38, tiny 1.1754943508222875e-38
    info = float_format_info(8, 7)
    assert info.bits == 16 and info.bias == 127
    assert info.eps == 0.0078125
    assert info.max == 3.3895313892515355e38
    assert info.min_normal == 1.1754943508222875e-38 == float(np.finfo(np.float32).smallest_normal)
    # same exponent range as fp32, so the same smallest normal, but a much coarser epsilon
    assert info.eps == 2.0**16 * float(np.finfo(np.float32).eps)


def test_float_format_info_closed_forms():
    for e, m in [(4, 3), (5, 2), (8, 7), (6, 9)]:
        info = float_format_info(e, m)
        bias = 2 ** (e - 1) - 1
        # largest finite: all mantissa bits set, largest non-reserved exponent
        assert info.max == sum(2.0 ** (bias - i) for i in range(m + 1))
        assert info.min_normal == 2.0 ** (1 - bias)
        assert info.min_subnormal == info.min_normal * info.eps


@pytest.mark.parametrize("bad", [(1, 7), (12, 7), (8, 0), (8, 53)])
def test_float_format_info_rejects_impossible_layouts(bad):
    with pytest.raises(ValueError):
        float_format_info(*bad)


def test_float_format_info_rejects_non_integers():
    with pytest.raises(TypeError):
        float_format_info(8.0, 7)
    with pytest.raises(TypeError):
        float_format_info(True, 7)


def _awkward_values(rng):
    """Random magnitudes from subnormal to overflow, both signs, plus exact ties."""
    mags = 10.0 ** rng.uniform(-9, 6, size=4000)
    signs = rng.choice([-1.0, 1.0], size=mags.size)
    ties = np.array([1 + 2**-11, 1 + 3 * 2**-11, 2048 + 1, 65504 + 16, 65504 + 15.99, 2.0**-25, 3 * 2.0**-25])
    return np.concatenate([signs * mags, ties, -ties, [0.0, -0.0, np.inf, -np.inf]])


def test_round_to_format_matches_numpy_float16_cast():
    x = _awkward_values(np.random.default_rng(0))
    with np.errstate(over="ignore"):
        ref = x.astype(np.float16).astype(np.float64)
    got = round_to_format(x, 5, 10)
    assert np.array_equal(got, ref)
    assert np.array_equal(np.signbit(got), np.signbit(ref))


def test_round_to_format_matches_numpy_float32_cast():
    rng = np.random.default_rng(1)
    x = np.concatenate([rng.normal(size=2000) * 10.0 ** rng.integers(-45, 39, size=2000), [3.5e38, -3.5e38]])
    with np.errstate(over="ignore"):
        ref = x.astype(np.float32).astype(np.float64)
    assert np.array_equal(round_to_format(x, 8, 23), ref)


def _bf16_by_bits(x32: np.ndarray) -> np.ndarray:
    """Round float32 to bf16 the way hardware and PyTorch do: round the top 16 bits to nearest even."""
    bits = x32.view(np.uint32).astype(np.uint64)
    bits = (bits + 0x7FFF + ((bits >> 16) & 1)) & 0xFFFF0000
    return bits.astype(np.uint32).view(np.float32).astype(np.float64)


def test_round_to_format_bf16_matches_bit_rounding_of_float32():
    rng = np.random.default_rng(2)
    x32 = (rng.normal(size=5000) * 10.0 ** rng.integers(-30, 30, size=5000)).astype(np.float32)
    x32 = np.concatenate([x32, np.array([1 + 2**-8, 1 + 3 * 2**-8, 3.3895e38, 3.4e38], dtype=np.float32)])
    assert np.array_equal(round_to_format(x32.astype(np.float64), 8, 7), _bf16_by_bits(x32))


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=-6e4, max_value=6e4, allow_nan=False))
def test_round_to_format_fp16_property(v):
    assert round_to_format([v], 5, 10)[0] == float(np.float16(v))


def test_round_to_format_keeps_nan_and_bf16_loses_digits():
    out = round_to_format([np.nan, 1 + 2**-7, 1 + 2**-8], 8, 7)
    assert math.isnan(out[0])
    assert out[1] == 1 + 2**-7  # one epsilon above 1 is representable
    assert out[2] == 1.0  # half an epsilon rounds back to 1 (tie to even)


def test_round_to_format_rejects_text():
    with pytest.raises(TypeError):
        round_to_format("1.0", 8, 7)


@pytest.mark.parametrize("v", [1.0, -2.5, 0.1, 3.14159265, 1e-40, -0.0, 0.0, 6.0e-8, 65504.0, 1e5, np.inf, -np.inf])
def test_float_fields_match_the_bits_numpy_stores(v):
    with np.errstate(over="ignore"):
        b32 = int(np.array([v], dtype=np.float32).view(np.uint32)[0])
        b16 = int(np.array([v], dtype=np.float16).view(np.uint16)[0])
    assert float_fields(v, 8, 23) == (b32 >> 31, (b32 >> 23) & 0xFF, b32 & 0x7FFFFF)
    assert float_fields(v, 5, 10) == (b16 >> 15, (b16 >> 10) & 0x1F, b16 & 0x3FF)


def test_float_fields_bf16_are_the_top_bits_of_float32():
    for v in [1.0, -2.5, 0.1, 3.14159265, 1e30]:
        b = int(np.array([_bf16_by_bits(np.array([v], dtype=np.float32))[0]], dtype=np.float32).view(np.uint32)[0]) >> 16
        assert float_fields(v, 8, 7) == (b >> 15, (b >> 7) & 0xFF, b & 0x7F)


def test_float_fields_nan_and_errors():
    assert float_fields(float("nan"), 5, 10) == (0, 31, 512)
    with pytest.raises(TypeError):
        float_fields("1", 8, 7)
    with pytest.raises(TypeError):
        float_fields([1.0], 8, 7)


def test_quantize_int8_round_trip_error_is_at_most_half_a_step():
    rng = np.random.default_rng(3)
    x = rng.normal(size=1000)
    q, scale = quantize_int8(x)
    assert q.dtype == np.int8
    assert scale == pytest.approx(np.abs(x).max() / 127, rel=0, abs=0)
    assert np.abs(q).max() == 127
    # reference: explicit loop
    for xi, qi in zip(x[:50], q[:50]):
        assert qi == int(np.rint(xi / scale))
    err = np.abs(dequantize_int8(q, scale) - x)
    assert err.max() <= scale / 2 + 1e-15


def test_quantize_int8_edge_cases_and_errors():
    q, scale = quantize_int8([0.0, 0.0])
    assert q.tolist() == [0, 0] and scale == 1.0
    for bad in ([], [1.0, np.inf], [np.nan]):
        with pytest.raises(ValueError):
            quantize_int8(bad)
    with pytest.raises(TypeError):
        quantize_int8("abc")


def test_dequantize_int8_checks_inputs():
    assert dequantize_int8(np.array([2, -3], dtype=np.int8), 0.5).tolist() == [1.0, -1.5]
    with pytest.raises(TypeError):
        dequantize_int8([0.5], 0.1)
    for bad in (0.0, -1.0, np.inf, True):
        with pytest.raises(ValueError):
            dequantize_int8([1], bad)


def test_point_one_plus_point_two_equals_point_three_in_float32_but_not_float64():
    """`0.1 + 0.2 == 0.3` is False in binary64 only: in binary32 the rounding errors cancel.
    The reference rounds through the C library (struct's 'f'), not through NumPy."""
    import struct

    def f32(x: float) -> float:
        return struct.unpack("<f", struct.pack("<f", x))[0]

    assert 0.1 + 0.2 != 0.3
    assert f32(f32(0.1) + f32(0.2)) == f32(0.3)  # the float64 sum of two float32s is exact
    assert np.float32(0.1) + np.float32(0.2) == np.float32(0.3)
    a, b, c = (float(round_to_format(v, 8, 23)) for v in (0.1, 0.2, 0.3))
    assert float(round_to_format(a + b, 8, 23)) == c == f32(0.3)
