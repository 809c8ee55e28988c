"""Sums, products, exponentials, logs and the small functions of reading notation."""

from __future__ import annotations

__all__: list[str] = []
