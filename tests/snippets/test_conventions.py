"""The Conventions page's examples print what the page states, checked against loops and the stdlib."""

import math

import numpy as np

from conftest import run_snippet
from html_output import close, fact, facts, num, vector


def test_row_vectors_shapes_linear_weight_jacobian_and_gradient():
    out = run_snippet("conventions_row_vectors")
    rng = np.random.default_rng(0)
    W = rng.normal(size=(3, 2)).round(2)
    x = [1.0, -2.0, 0.5]
    # x W by explicit loops: y_i = sum_j x_j W[j, i]
    y = [sum(x[j] * W[j, i] for j in range(3)) for i in range(2)]
    xw = facts(out)["\\mathbf{x}W"]
    assert all(close(p, e, 3) for p, e in zip(vector(xw.split("], shape")[0] + "]"), y))
    assert xw.endswith("shape 2")
    assert "inner sizes do not match" in fact(out, "W\\mathbf{x} with the same arrays")
    assert fact(out, "a batch XW") == "4 × 2"
    assert fact(out, "stored weight") == "2 × 3"
    assert fact(out, "x @ weight.T") == "True"
    # Jacobian of x -> xW, output × input: entry (i, j) = dy_i/dx_j = W[j, i], i.e. W transposed
    assert fact(out, "(output × input)") == "2 × 3"
    assert num(fact(out, "equals W^\\top")) == 0.0
    assert fact(out, "with respect to W") == "3 × 2"
    assert num(fact(out, "equals \\mathbf{x}^\\top \\mathbf{c}")) == 0.0


def test_hadamard_against_kronecker_and_natural_log_against_bits():
    f = facts(run_snippet("conventions_products_and_logs"))
    a, b = [1.0, 2.0, 3.0], [10.0, 0.0, -1.0]
    had = next(v for k, v in f.items() if "odot" in k)
    kron = next(v for k, v in f.items() if "otimes" in k)
    assert vector(had.split("], shape")[0] + "]") == [ai * bi for ai, bi in zip(a, b)] and had.endswith("shape 3")
    assert vector(kron.split("], shape")[0] + "]") == [ai * bj for ai in a for bj in b] and kron.endswith("shape 9")
    assert close(num(next(v for k, v in f.items() if "nats" in k)), math.log(2), 4)
    assert close(num(next(v for k, v in f.items() if "bits" in k)), 1.0, 4)
