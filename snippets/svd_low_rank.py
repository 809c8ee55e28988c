"""A = U Σ Vᵀ, where Σ is a diagonal matrix of singular values (not a sum), and the truncated SVD is the best approximation of rank ≤ k: its squared Frobenius error is the sum of the dropped σ², its spectral error σ_{k+1}."""

import numpy as np

from notation import diag, frobenius_norm, low_rank_approximation, singular_values, to_bmatrix
from notation.render import display_math, facts, fmt, table

rng = np.random.default_rng(1)
# a 6 × 5 matrix that is nearly rank 2: two strong directions plus a little noise,
# the shape of a weight update that LoRA assumes to be low rank
A = rng.standard_normal((6, 2)) @ rng.standard_normal((2, 5)) + 0.1 * rng.standard_normal((6, 5))
U, s, Vt = np.linalg.svd(A, full_matrices=False)
print(display_math(f"\\Sigma = \\operatorname{{diag}}(\\sigma_1, \\dots, \\sigma_5) = {to_bmatrix(diag(s), precision=2)}"))
print(
    facts(
        {
            "shapes of $U$, $\\Sigma$, $V^\\top$ (thin SVD of a $6 \\times 5$ matrix)": f"{U.shape[0]} × {U.shape[1]}, {len(s)} × {len(s)}, {Vt.shape[0]} × {Vt.shape[1]}",
            "largest entry of $\\lvert U \\Sigma V^\\top - A \\rvert$": f"{np.max(np.abs(U @ diag(s) @ Vt - A)):.1e}",
            "$U^\\top U = I$ and $V^\\top V = I$": bool(np.allclose(U.T @ U, np.eye(5)) and np.allclose(Vt @ Vt.T, np.eye(5))),
            "singular values $\\sigma_i$ (library, largest first)": singular_values(A),
            "$\\operatorname{rank}(A)$ (singular values above rounding)": int(np.linalg.matrix_rank(A)),
        },
        precision=3,
    )
)
total = frobenius_norm(A) ** 2
rows = []
for k in range(0, 6):
    Ak = low_rank_approximation(A, k)
    err2 = frobenius_norm(A - Ak) ** 2
    spectral = float(np.linalg.norm(A - Ak, 2))  # the largest singular value of the error
    next_sigma = fmt(float(s[k]), 4) if k < len(s) else "0 (none left)"
    rows.append([str(int(np.linalg.matrix_rank(Ak))), fmt(err2, 4), fmt(float(np.sum(s[k:] ** 2)), 4), fmt(spectral, 4), next_sigma, f"{100 * err2 / total:.2f}%"])
print(
    table(
        rows,
        row_labels=[f"$k = {k}$" for k in range(6)],
        col_labels=[
            "rank of $A_k$",
            "$\\lVert A - A_k \\rVert_F^2$",
            "$\\sum_{i > k} \\sigma_i^2$",
            "$\\lVert A - A_k \\rVert_2$",
            "$\\sigma_{k+1}$",
            "share of $\\lVert A \\rVert_F^2$ lost",
        ],
        corner="truncation",
        caption="Keep the $k$ largest singular values: the error is exactly what was dropped, in the Frobenius and in the spectral norm (Eckart–Young–Mirsky)",
    )
)
# any other rank-2 matrix does worse: the best fit of A inside a random 2-dimensional row space,
# A Q Qᵀ with Q an orthonormal 5 × 2 basis, never beats the truncated SVD
others = []
for _ in range(2000):
    Q, _r = np.linalg.qr(rng.standard_normal((5, 2)))
    others.append(frobenius_norm(A - A @ Q @ Q.T) ** 2)
print(
    facts(
        {
            "$\\lVert A - A_2 \\rVert_F^2$, the truncated SVD": frobenius_norm(A - low_rank_approximation(A, 2)) ** 2,
            "smallest $\\lVert A - B \\rVert_F^2$ over 2,000 other rank-2 matrices $B = AQQ^\\top$ (random 2-D row spaces)": min(others),
        },
        precision=4,
    )
)

# Uniqueness holds in the Frobenius norm only. A = diag(3, 1), k = 1: the truncation diag(3, 0) is one
# of many best rank-1 fits in the spectral norm; every diag(3 + t, 0) with |t| <= 1 has error sigma_2 = 1.
small = diag([3.0, 1.0])
shifts = [-1.0, -0.5, 0.0, 0.5, 1.0, 1.5]
fits = [diag([3.0 + shift, 0.0]) for shift in shifts]
print(
    table(
        np.array([[float(singular_values(small - B)[0]), float(frobenius_norm(small - B))] for B in fits]),
        row_labels=[f"$t = {shift:g}$" for shift in shifts],
        col_labels=["$\\lVert A - B \\rVert_2$", "$\\lVert A - B \\rVert_F$"],
        corner="$B = \\operatorname{diag}(3 + t, 0)$",
        precision=4,
        caption="$A = \\operatorname{diag}(3, 1)$, $k = 1$: in the spectral norm every $\\lvert t \\rvert \\le 1$ ties with the truncated SVD ($t = 0$) at $\\sigma_2 = 1$; in the Frobenius norm only $t = 0$ is best",
    )
)
