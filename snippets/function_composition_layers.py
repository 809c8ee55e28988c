"""A two-layer network is a composition f = f₂ ∘ f₁ of functions ℝ³ → ℝ⁴ → ℝ²; the order of composition matters."""

import numpy as np

from notation import compose, dense, relu
from notation.render import facts

rng = np.random.default_rng(1)
# The site's layout, x ↦ xW + b: W₁ is 3 × 4 for ℝ³ → ℝ⁴, W₂ is 4 × 2 for ℝ⁴ → ℝ².
W1, b1 = rng.normal(size=(3, 4)), np.zeros(4)
W2, b2 = rng.normal(size=(4, 2)), np.zeros(2)


def f1(x):
    """f₁: ℝ³ → ℝ⁴, x ↦ ReLU(xW₁ + b₁). dense() takes nn.Linear's d_out × d_in weight, which is W₁ᵀ."""
    return dense(x, W1.T, b1, activation=relu)


def f2(h):
    """f₂: ℝ⁴ → ℝ², h ↦ hW₂ + b₂, a linear output layer."""
    return dense(h, W2.T, b2)


f = compose(f2, f1)  # f = f₂ ∘ f₁: apply f₁ first
x = np.array([1.0, -2.0, 0.5])


def square(v):
    return v * v


def add_one(v):
    return v + 1


print(
    facts(
        {
            "$\\mathbf{x} \\in \\mathbb{R}^{3}$": x,
            "$f_1(\\mathbf{x}) \\in \\mathbb{R}^{4}$": f1(x),
            "$f(\\mathbf{x}) = (f_2 \\circ f_1)(\\mathbf{x}) \\in \\mathbb{R}^{2}$": f(x),
            "$f_2(f_1(\\mathbf{x}))$, written out": f2(f1(x)),
            "with $s(v) = v^2$ and $a(v) = v + 1$: $(s \\circ a)(3)$": compose(square, add_one)(3),
            "$(a \\circ s)(3)$, the other order": compose(add_one, square)(3),
        },
        precision=3,
    )
)
