"""x₋ᵢ is every entry but the i-th: the leave-one-out mean of each point, and how far each point sits from the others."""

import numpy as np

from notation import all_but_one, leave_one_out_means
from notation.render import facts, table

x = np.array([4.0, 5.0, 6.0, 5.0, 20.0])  # five measurements, the last one suspicious
loo = leave_one_out_means(x)
print(
    table(
        np.vstack([x, loo, x - loo]),
        row_labels=["$x_i$", "mean of $\\mathbf{x}_{-i}$", "$x_i$ minus the mean of the others"],
        col_labels=[f"$i = {i}$" for i in range(1, 6)],
        precision=2,
        caption="Leave one out: each point against the mean of the other four",
    )
)
print(
    facts(
        {
            "$\\mathbf{x}_{-5}$, all but the fifth": all_but_one(x, 4),
            "its mean, from the four entries": all_but_one(x, 4).mean(),
            "mean of all five (pulled up by $x_5$)": x.mean(),
        },
        precision=2,
    )
)
