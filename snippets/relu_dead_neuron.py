"""A live and a dead ReLU neuron on the same batch: the dead one outputs 0 and gets no gradient."""

import numpy as np

from notation import dense, gradient, relu
from notation.render import facts, table

X = np.array([[1.0, 0.5], [-0.5, 2.0], [2.0, -1.0], [0.3, 0.3], [-1.5, -0.5], [0.8, 1.6]])  # B = 6 inputs

neurons = {  # parameters (w1, w2, b) of one neuron each
    "live neuron": np.array([1.0, -1.0, 0.5]),
    "dead neuron": np.array([1.0, 1.0, -8.0]),  # bias pushed far negative, e.g. by one big update
}


def total_output(params):
    """Sum over the batch of ReLU(w · x + b): a stand-in for a loss that uses the neuron."""
    return dense(X, params[None, :2], params[2:], activation=relu).sum()


rows, grads = [], {}
for name, p in neurons.items():
    pre = dense(X, p[None, :2], p[2:])[:, 0]  # w · x + b for each input
    rows.append(relu(pre))
    grads[name] = gradient(total_output, p)

print(
    table(
        np.array(rows),
        row_labels=list(neurons),
        col_labels=[f"input {i + 1}" for i in range(X.shape[0])],
        precision=2,
        caption="$\\operatorname{ReLU}(\\mathbf{w} \\cdot \\mathbf{x} + b)$ for six inputs",
    )
)
print(
    facts(
        {
            f"{name}: inputs where it fires": int(np.count_nonzero(row))
            for name, row in zip(neurons, rows)
        }
        | {
            f"{name}: gradient with respect to $(w_1, w_2, b)$": grads[name]
            for name in neurons
        },
        precision=3,
    )
)
