"""Gradient descent and the behaviour of long products of factors."""

from __future__ import annotations

__all__: list[str] = []
