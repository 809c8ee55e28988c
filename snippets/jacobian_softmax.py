"""The softmax Jacobian: the analytic diag(p) − pᵀp beside the numerical Jacobian, and the m × n shape rule (xW has Jacobian Wᵀ)."""

import numpy as np

from notation import gradient, jacobian, softmax, softmax_jacobian
from notation.render import facts, fmt, fmt_array, shape_str, table

z = np.array([1.0, 2.0, 0.5])
p = softmax(z)
J_formula = softmax_jacobian(z)  # diag(p) − pᵀp, p a row
J_numeric = jacobian(softmax, z)  # central differences, one column per input

cols = ["$\\partial/\\partial z_1$", "$\\partial/\\partial z_2$", "$\\partial/\\partial z_3$"]
rows = ["$p_1$", "$p_2$", "$p_3$"]
print(facts({"$\\mathbf{z}$": z, "$\\mathbf{p} = \\operatorname{Softmax}(\\mathbf{z})$": p}, precision=4))
print(table(J_formula, rows, cols, precision=4, caption="Analytic: $J = \\operatorname{diag}(\\mathbf{p}) - \\mathbf{p}^\\top\\mathbf{p}$"))
print(table(J_numeric, rows, cols, precision=4, caption="Numerical: library $\\texttt{jacobian(softmax, z)}$"))

row1 = gradient(lambda v: softmax(v)[0], z)
W = np.array([[1.0, 0.5], [0.0, 3.0], [-2.0, 1.0]])  # 3 × 2: the row-vector layer x ↦ xW, from ℝ³ to ℝ²
J_linear = jacobian(lambda v: v @ W, z)
print(
    facts(
        {
            "max difference, analytic vs numerical (to 6 decimals)": fmt(np.abs(J_formula - J_numeric).max(), 6),
            "diagonal $p_i(1 - p_i)$": p * (1 - p),
            "each row sums to": J_formula.sum(axis=1),
            "each column of the numerical $J$ sums to (the total probability cannot move)": J_numeric.sum(axis=0),
            "row 1 vs $\\nabla p_1$: max difference (to 6 decimals)": fmt(np.abs(J_formula[0] - row1).max(), 6),
            "$J$ of $\\mathbf{x} \\mapsto \\mathbf{x}W$ with $W \\in \\mathbb{R}^{3 \\times 2}$: shape": shape_str(J_linear),
            "…and it equals $W^\\top$": fmt_array(J_linear, 4),
        },
        precision=4,
    )
)
