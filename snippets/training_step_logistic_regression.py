"""Training steps of a tiny logistic-regression model: forward pass, loss, backprop, update, one batch at a time."""

import numpy as np

from notation import gradient, logistic_loss, logistic_loss_gradient, sgd_step, sigmoid
from notation.render import facts, table

rng = np.random.default_rng(0)
features = rng.normal(size=(12, 2)).round(2)
X = np.column_stack([np.ones(12), features])  # a column of ones gives the bias θ₀
y = (features @ np.array([2.0, -1.0]) + 0.3 > 0).astype(float)  # the rule the model should learn
batches = [slice(0, 4), slice(4, 8), slice(8, 12)]
lr = 0.5
theta = np.zeros(3)

# The first step in detail.
Xb, yb = X[batches[0]], y[batches[0]]
z = Xb @ theta
p = sigmoid(z)
g = logistic_loss_gradient(theta, Xb, yb)
print(
    facts(
        {
            "batch 1: $X$ is 4 × 3 (bias column + 2 features), labels $\\mathbf{y}$": yb.astype(int),
            "forward: logits $\\mathbf{z} = X\\boldsymbol{\\theta}$": z,
            "forward: probabilities $\\mathbf{p} = \\sigma(\\mathbf{z})$": p,
            "loss $\\mathcal{L}$ (mean binary cross-entropy)": logistic_loss(theta, Xb, yb),
            "backprop: $\\nabla_{\\boldsymbol{\\theta}} \\mathcal{L} = X^\\top(\\mathbf{p} - \\mathbf{y}) / 4$": g,
            "check: numerical gradient of the loss": gradient(lambda t: logistic_loss(t, Xb, yb), theta),
            "update $\\boldsymbol{\\theta} - \\eta \\nabla \\mathcal{L}$, $\\eta = 0.5$": sgd_step(theta, g, lr),
        },
        precision=4,
    )
)

rows, labels = [], []
for epoch in range(2):
    for b, batch in enumerate(batches):
        Xb, yb = X[batch], y[batch]
        before = logistic_loss(theta, Xb, yb)
        theta = sgd_step(theta, logistic_loss_gradient(theta, Xb, yb), lr)
        rows.append([before, logistic_loss(theta, Xb, yb), logistic_loss(theta, X, y)])
        labels.append(f"epoch {epoch + 1}, batch {b + 1}")
print(
    table(
        np.array(rows),
        row_labels=labels,
        col_labels=["batch loss before", "batch loss after", "loss on all 12"],
        precision=4,
        caption="Six training steps, one per batch of 4 (the initial loss on all 12 is $\\ln 2 = 0.6931$)",
    )
)
print(facts({"final $\\boldsymbol{\\theta} = (\\theta_0, \\theta_1, \\theta_2)$": theta, "training accuracy": float(np.mean((sigmoid(X @ theta) > 0.5) == y))}, precision=3))
