"""Too small, about right, too large on the same bowl; then a warmup + cosine learning-rate schedule."""

import numpy as np

from notation import gradient_descent, warmup_cosine_schedule
from notation.render import fmt, line_plot, table


def readable(v):
    """Fixed decimals for ordinary sizes, powers of ten for huge ones."""
    if v < 1e4:
        return fmt(v, 4)
    mantissa, exponent = f"{v:.2e}".split("e")
    return f"${mantissa} \\times 10^{{{int(exponent)}}}$"

A = np.diag([1.0, 10.0])  # the bowl L(θ) = ½(θ₁² + 10 θ₂²) from the gradient-descent entry
theta0 = np.array([2.0, 1.0])
checkpoints = [5, 20, 100]
rates = [(0.01, "too small: crawls"), (0.15, "about right"), (0.21, "too large: diverges")]
rows = []
for lr, _ in rates:
    path = gradient_descent(lambda th: A @ th, theta0, lr=lr, steps=max(checkpoints))
    rows.append([readable(0.5 * float(path[k] @ A @ path[k])) for k in checkpoints])
print(
    table(
        rows,
        row_labels=[f"$\\eta = {lr}$ ({label})" for lr, label in rates],
        col_labels=[f"$\\mathcal{{L}}$ after {k} steps" for k in checkpoints],
        precision=4,
        caption=f"Same start, same bowl; the loss starts at {0.5 * float(theta0 @ A @ theta0):.1f}",
    )
)

total, warmup, peak, floor = 1000, 100, 3e-4, 3e-5
steps = np.arange(total + 1)
lr = warmup_cosine_schedule(steps, total_steps=total, warmup_steps=warmup, peak_lr=peak, min_lr=floor)
marks = [0, 50, 100, 325, 550, 775, 1000]
print(
    table(
        np.array([[lr[s] * 1e4] for s in marks]),
        row_labels=[f"step {s}" for s in marks],
        col_labels=["$\\eta$ (units of $10^{-4}$)"],
        precision=3,
        caption="Warmup for 100 steps to $3 \\times 10^{-4}$, then cosine decay to $3 \\times 10^{-5}$ at step 1000",
    )
)
print(
    line_plot(
        steps,
        {"learning rate ×10⁴": lr * 1e4},
        title="A warmup + cosine learning-rate schedule",
        alt="The rate climbs in a straight line from 0 to its peak over the first 100 steps, "
        "then follows half a cosine wave down to one tenth of the peak at step 1000.",
        xlabel="training step",
        ylabel="learning rate (×10⁻⁴)",
        mark=(warmup, peak * 1e4),
    )
)
