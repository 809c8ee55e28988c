"""Regression: a float32 distribution gives float32 entropies in any base (found against PyTorch)."""

from __future__ import annotations

import numpy as np

from notation import cross_entropy, entropy, kl_divergence


def test_float32_stays_float32_in_bits():
    p = np.array([0.5, 0.25, 0.25], dtype=np.float32)
    q = np.array([0.25, 0.25, 0.5], dtype=np.float32)
    for value in (entropy(p, base=2), cross_entropy(p, q, base=2), kl_divergence(p, q, base=2)):
        assert value.dtype == np.float32
    assert float(entropy(p, base=2)) == 1.5
    assert entropy(p.astype(np.float64), base=2).dtype == np.float64
