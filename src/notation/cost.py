"""Model size and memory arithmetic."""

from __future__ import annotations

__all__ = ["BYTES_PER_PARAM", "model_memory_bytes"]

BYTES_PER_PARAM: dict[str, float] = {
    "fp64": 8,
    "fp32": 4,
    "tf32": 4,
    "fp16": 2,
    "bf16": 2,
    "fp8": 1,
    "int8": 1,
    "int4": 0.5,
}
"""Bytes one stored number takes in each format (tf32 is stored in 32 bits)."""


def model_memory_bytes(n_params: int | float, dtype: str) -> int:
    """Bytes to hold ``n_params`` numbers of type ``dtype`` (weights only, no activations).

    >>> model_memory_bytes(124_000_000, "bf16")
    248000000
    """
    if dtype not in BYTES_PER_PARAM:
        raise ValueError(f"unknown dtype {dtype!r}; expected one of {', '.join(BYTES_PER_PARAM)}")
    if isinstance(n_params, bool) or not isinstance(n_params, (int, float)) or n_params < 0:
        raise ValueError(f"n_params must be a non-negative number, got {n_params!r}")
    return int(round(n_params * BYTES_PER_PARAM[dtype]))
