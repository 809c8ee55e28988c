"""L_simple on a batch at three noise levels: predicting zero, the best possible prediction for Gaussian data, and a perfect oracle."""

import numpy as np

from notation import alpha_bar, gaussian_data_noise_prediction, linear_beta_schedule, noise_prediction_loss, q_sample
from notation.render import table

abar = alpha_bar(linear_beta_schedule())  # Ho et al.'s schedule, T = 1000
rng = np.random.default_rng(0)
B, d = 10_000, 4  # a batch of 10,000 "images" of 4 pixels
x0 = rng.normal(0.0, 0.5, size=(B, d))  # data: each pixel ~ N(0, 0.25)
rows = []
for t in (10, 250, 900):
    eps = rng.standard_normal((B, d))
    x_t = q_sample(x0, t, eps, linear_beta_schedule())
    best = gaussian_data_noise_prediction(x_t, abar[t - 1], data_var=0.25)
    rows.append([
        abar[t - 1],
        noise_prediction_loss(eps, np.zeros_like(eps)),
        noise_prediction_loss(eps, x_t),
        noise_prediction_loss(eps, best),
        noise_prediction_loss(eps, eps),
    ])
print(
    table(
        np.array(rows),
        row_labels=["$t = 10$", "$t = 250$", "$t = 900$"],
        col_labels=[
            "$\\bar{\\alpha}_t$",
            "$\\boldsymbol{\\epsilon}_\\theta = \\mathbf{0}$",
            "$\\boldsymbol{\\epsilon}_\\theta = \\mathbf{x}_t$",
            "best possible, $\\mathbb{E}[\\boldsymbol{\\epsilon} \\mid \\mathbf{x}_t]$",
            "oracle $\\boldsymbol{\\epsilon}_\\theta = \\boldsymbol{\\epsilon}$",
        ],
        precision=4,
        caption="$L_{\\text{simple}}$ (mean squared error per entry) for data $x_0 \\sim \\mathcal{N}(0, 0.25)$: early steps are hard (little noise to find), late steps easy (the input is almost all noise)",
    )
)
