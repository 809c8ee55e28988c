"""Entries' code lines on edge inputs that the shared example inputs never reach.

``test_code_lines.py`` runs each line once, on the entry's example inputs. Here a few lines run
again on the inputs a second reader found them failing on, and must still agree with the
library: a joint table whose product of marginals underflows to 0, a row of zeros, an outcome
that neither distribution uses. The NumPy lines run in ``make test``; the PyTorch lines are
marked ``reference`` and run in ``make test-reference``, on the torch it pins.
"""

from __future__ import annotations

import numpy as np
import pytest

import notation as nt
from conftest import ROOT
from notation_site.examples.code_lines import _float64, as_numpy, namespace, run_line
from notation_site.model.catalog import load

ENTRIES = {e.id: e for e in load(ROOT).all_entries}


def line_value(entry_id: str, side: str, **inputs):
    """The value of the entry's ``side`` code line with ``inputs`` (lists of floats) in place of its own."""
    entry = ENTRIES[entry_id]
    with _float64(side):
        ns = namespace(entry, side)
        for name, value in inputs.items():
            if side == "numpy":
                ns[name] = np.array(value, dtype=np.float64)
            else:
                import torch

                ns[name] = torch.tensor(value, dtype=torch.float64)
        return as_numpy(run_line(entry.code[side], ns))


# p(x) p(y) = 1.67e-267 × 1.67e-267 underflows to 0 in float64 where p(x, y) does not; a row of zeros
JOINTS = [[[0.0, 0.0, 1.0], [1.67e-267, 0.0, 0.0]], [[0.5, 0.5], [0.0, 0.0]], [[0.3, 0.05], [0.1, 0.55]]]
SIDES = ["numpy", pytest.param("pytorch", marks=pytest.mark.reference)]


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("joint", JOINTS, ids=["underflowing-product", "zero-row", "example"])
def test_the_mutual_information_lines_agree_with_the_library_where_the_product_underflows(request, side, joint):
    if side == "pytorch":
        request.getfixturevalue("torch")  # a missing torch fails under make test-reference
    value = float(line_value("mutual-information", side, joint=joint))
    # the library sums p·(log p(x, y) − log p(x) − log p(y)); for the first table that is about 1e-264
    assert np.isfinite(value)
    assert value == pytest.approx(nt.mutual_information(joint), rel=1e-12, abs=0)


# an outcome neither distribution uses (zero-padded vocabularies, histograms), and two with nothing in common
PAIRS = [([0.5, 0.5, 0.0], [0.25, 0.75, 0.0]), ([1.0, 0.0, 0.0], [0.0, 1.0, 0.0]), ([0.2, 0.3, 0.5], [0.5, 0.3, 0.2])]


@pytest.mark.parametrize("side", SIDES)
@pytest.mark.parametrize("pq", PAIRS, ids=["unused-outcome", "disjoint-and-unused", "full-support"])
def test_the_js_divergence_lines_agree_with_the_library_where_an_outcome_is_unused(request, side, pq):
    if side == "pytorch":
        request.getfixturevalue("torch")
    p, q = pq
    value = float(line_value("js-divergence", side, p=p, q=q))
    assert value == pytest.approx(nt.js_divergence(p, q), rel=1e-12)
