"""RMSNorm and LayerNorm on the same token vectors: unit RMS without centring, against mean 0 and variance 1."""

import numpy as np

from notation import layer_norm, rms, rms_norm, tiny_model
from notation.render import facts, table

m = tiny_model()
X = m.x
t = m.tokens.index("the")
x = X[t]
print(
    table(
        np.stack([x, layer_norm(x), rms_norm(x)]),
        row_labels=["$\\mathbf{x}$ (“the”)", "$\\operatorname{LayerNorm}(\\mathbf{x})$", "$\\operatorname{RMSNorm}(\\mathbf{x})$"],
        col_labels=[f"{c + 1}" for c in range(m.d_model)],
        precision=2,
        caption="One vector, two normalisations ($\\boldsymbol{\\gamma} = \\mathbf{1}$)",
    )
)
L, R = layer_norm(X), rms_norm(X)
print(
    table(
        np.column_stack([X.mean(axis=-1), rms(X), L.mean(axis=-1), rms(L), R.mean(axis=-1), rms(R)]),
        row_labels=m.tokens,
        col_labels=["mean of $\\mathbf{x}$", "RMS of $\\mathbf{x}$", "LayerNorm: mean", "LayerNorm: RMS", "RMSNorm: mean", "RMSNorm: RMS"],
        corner="token",
        precision=3,
        caption="Per token, before the learned gain (and LayerNorm's shift): LayerNorm gives mean 0 and RMS 1 (= standard deviation 1); RMSNorm gives RMS 1 and keeps the sign of the mean",
    )
)
centred = x - x.mean()
print(
    facts(
        {
            "RMSNorm of the centred vector $\\mathbf{x} - \\mu$ equals LayerNorm of $\\mathbf{x}$ (up to their different $\\epsilon$)": bool(
                np.allclose(rms_norm(centred), layer_norm(x), atol=1e-4)
            ),
            "RMSNorm of $\\mathbf{x}$ equals LayerNorm of $\\mathbf{x}$": bool(np.allclose(rms_norm(x), layer_norm(x), atol=1e-4)),
        }
    )
)
