"""The change-of-variables density of an affine map against a histogram of samples, with and without |det ∂f/∂x|; log-determinants add along a chain."""

import numpy as np

from notation import change_of_variables, jacobian
from notation.render import facts, table


def std_normal(z):
    return float(-0.5 * z @ z - 0.5 * z.size * np.log(2 * np.pi))


rng = np.random.default_rng(0)
n = 200_000
z = rng.normal(size=n)
x = 2.0 * z + 1.0  # x = f⁻¹(z): f(x) = (x − 1) / 2 takes the data to the latent
f = lambda v: (v - 1.0) / 2.0  # noqa: E731
edges = np.linspace(-5.0, 7.0, 13)
counts, _ = np.histogram(x, bins=edges)
width = edges[1] - edges[0]
centres = (edges[:-1] + edges[1:]) / 2
inner = np.linspace(0.0, 1.0, 51)  # points across each bin, to average the formula over it
density = lambda pts: np.exp(change_of_variables(std_normal, f, np.asarray(pts)[:, None]))  # noqa: E731
bin_mean = np.array([density(a + width * inner).mean() for a in edges[:-1]])
without = np.exp([std_normal(f(np.array([c]))) for c in centres])  # p_Z(f(x)) alone
print(
    table(
        np.column_stack([counts / (n * width), bin_mean, density(centres), without]),
        row_labels=[f"$[{a:g}, {b:g})$" for a, b in zip(edges[:-1], edges[1:])],
        corner="bin of $x$",
        col_labels=["histogram of $x$", "$p_Z(f(x)) \\lvert df/dx \\rvert$, bin average", "the same at the centre", "$p_Z(f(x))$ alone, at the centre"],
        precision=4,
        caption="$x = 2z + 1$ with $z \\sim \\mathcal{N}(0, 1)$: the Jacobian factor $\\lvert df/dx \\rvert = 1/2$ matches the samples",
    )
)
grid = np.linspace(-9.0, 11.0, 4001)
step = grid[1] - grid[0]
print(
    facts(
        {
            "$\\lvert df/dx \\rvert$ from the Jacobian": float(abs(jacobian(f, [0.0])[0, 0])),
            "$\\int p_Z(f(x)) \\lvert df/dx \\rvert \\, dx$ on a grid": float(np.exp(change_of_variables(std_normal, f, grid[:, None])).sum() * step),
            "$\\int p_Z(f(x)) \\, dx$ without the factor": float(np.exp([std_normal(f(np.array([g]))) for g in grid]).sum() * step),
        },
        precision=4,
    )
)

W = np.array([[2.0, 0.5], [0.0, 0.75]])  # x = zW + b (row vectors), det W = 1.5
b = np.array([1.0, -1.0])
samples = rng.normal(size=(n, 2)) @ W + b
g = lambda v: (v - b) @ np.linalg.inv(W)  # noqa: E731  data to latent
lo, hi = np.array([0.0, -2.0]), np.array([2.0, 0.0])  # a box around the mean b
cells = np.linspace(0.0, 1.0, 41)
mid = (cells[:-1] + cells[1:]) / 2
box_points = np.array([lo + (hi - lo) * np.array([u, v]) for u in mid for v in mid])
box = float(np.exp(change_of_variables(std_normal, g, box_points)).mean() * np.prod(hi - lo))
inside = float(np.mean((samples >= lo).all(axis=1) & (samples < hi).all(axis=1)))
f1 = lambda v: v @ np.array([[1.0, 0.3], [0.0, 2.0]])  # noqa: E731  two layers of a chain
f2 = lambda v: v @ np.array([[0.5, 0.0], [1.0, 1.5]])  # noqa: E731
point = np.array([0.2, -0.4])
logdet = lambda fn, v: float(np.linalg.slogdet(jacobian(fn, v))[1])  # noqa: E731
print(
    facts(
        {
            "2-D: share of 200,000 samples of $\\mathbf{x} = \\mathbf{z}W + \\mathbf{b}$ in $[0, 2] \\times [-2, 0]$": inside,
            "$\\int$ of $p_Z(f(\\mathbf{x})) \\lvert \\det \\partial f / \\partial \\mathbf{x} \\rvert$ over that box": box,
            "$\\log \\lvert \\det \\rvert$ of layer 1 plus layer 2": logdet(f1, point) + logdet(f2, f1(point)),
            "$\\log \\lvert \\det \\rvert$ of the chain $f_2 \\circ f_1$": logdet(lambda v: f2(f1(v)), point),
        },
        precision=4,
    )
)
