"""Transformer layers: embeddings, multi-head attention, SwiGLU."""

from __future__ import annotations

__all__: list[str] = []
