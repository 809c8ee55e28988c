"""Shapes, norms, products and broadcasting, explained step by step."""

from __future__ import annotations

__all__: list[str] = []
