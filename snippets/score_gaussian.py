"""The score of a Gaussian, ∇_x log p(x) = −(x − μ)/σ², against finite differences of log p; it points back to the mean."""

import numpy as np

from notation import gaussian_score, gradient, normal_pdf
from notation.render import table

mu, sigma = 1.0, 0.5
xs = np.array([-0.5, 0.5, 1.0, 1.25, 2.0])
rows = []
for x in xs:
    fd = gradient(lambda v: float(np.log(normal_pdf(v[0], mean=mu, std=sigma))), [x])[0]
    rows.append([x, float(np.log(normal_pdf(x, mean=mu, std=sigma))), float(gaussian_score([x], mu, sigma)[0]), fd])
print(
    table(
        np.array(rows),
        col_labels=["$x$", "$\\log p(x)$", "score $-(x - \\mu)/\\sigma^2$", "finite difference of $\\log p$"],
        precision=4,
        caption="$p = \\mathcal{N}(1, 0.5^2)$: positive to the left of the mean, negative to the right, zero at the peak, and four times the distance over $\\sigma^2 = 0.25$",
    )
)

x2 = np.array([2.0, -1.0])
print(
    table(
        np.vstack([x2, gaussian_score(x2, [0.0, 0.0], 1.0)]),
        row_labels=["a point $\\mathbf{x}$", "its score $\\nabla_{\\mathbf{x}} \\log p(\\mathbf{x})$"],
        col_labels=["$x_1$", "$x_2$"],
        precision=4,
        caption="In 2-D, $p = \\mathcal{N}(\\mathbf{0}, I)$: the score is a vector with the shape of $\\mathbf{x}$ (a derivative with respect to the data, not to any parameter) and points straight at the mean",
    )
)
