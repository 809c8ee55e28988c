"""Number formats: bit layouts, machine epsilon and range of fp32, fp16 and bf16."""

from __future__ import annotations

__all__: list[str] = []
