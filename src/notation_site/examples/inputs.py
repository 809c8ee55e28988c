"""The shared example inputs an entry's code lines run on (``notation_site.examples.code_lines``):
the same small seeded numbers as float64 NumPy arrays for a NumPy line (``shared_numpy``) and as
float64 torch tensors for a PyTorch line (``shared_torch``), where numbers stay Python numbers
(``to_torch``). CONTRIBUTING.md ("Code lines run") lists them.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

import notation


def shared_numpy() -> dict[str, Any]:
    """The NumPy side's example inputs: small seeded float64 arrays, sizes and functions.

    Sizes: B = 2 sequences, N = 3 tokens, d = d_model = 4 features, h = 2 heads of d_k = d_v = 2,
    n = ``num_classes`` = 5 outcomes (the length of ``z``, ``p``, ``q``, the columns of ``logits``),
    |V| = ``vocab_size`` = 6 tokens.
    ``x`` (also ``X``), ``y``, ``A`` are N × d; ``Q``, ``K``, ``V`` are N × d_k; ``W_Q``, ``W_K``,
    ``W_V`` are d × d_k, ``W_O`` is h·d_v × d, ``W_E`` is |V| × d and ``W_out`` d × |V|.
    Each name means one thing: ``K`` and ``V`` are attention's key and value matrices, never the
    number of classes (the Conventions' K) or the vocabulary size; those are ``num_classes`` and
    ``vocab_size``, and an entry whose code writes K or V for them declares ``K: 5`` or ``V: 6``.

    >>> ns = shared_numpy()
    >>> ns["K"].shape, ns["num_classes"], ns["logits"].shape
    ((3, 2), 5, (3, 5))
    """
    rng = np.random.default_rng(0)
    normal = lambda *shape: rng.normal(size=shape)  # noqa: E731
    B, N, d, h, d_k, n, vocab_size = 2, 3, 4, 2, 2, 5, 6
    p = np.array([0.1, 0.2, 0.3, 0.15, 0.25])
    q = np.array([0.3, 0.1, 0.2, 0.25, 0.15])
    joint = np.array([[0.10, 0.20, 0.10], [0.25, 0.05, 0.30]])
    x = normal(N, d)
    ns: dict[str, Any] = {
        "np": np, "math": math, "notation": notation,
        # sizes and indices
        "B": B, "N": N, "n": n, "num_classes": n, "d": d, "d_model": d, "h": h, "d_k": d_k, "d_v": d_k, "d_in": d, "d_out": 3,
        "m": 3, "vocab_size": vocab_size, "i": 2, "j": 1, "k": 2, "t": 3, "T": 0.5, "r": 2, "s": 1,
        # scalars
        "lr": 0.1, "eta": 0.1, "eps": 1e-5, "lam": 0.9, "mu": 0.5, "sigma": 2.0, "c": 1.0, "f0": 1.5,
        "alpha": 4.0,
        # vectors and matrices
        "z": np.array([2.0, 1.0, 0.1, -1.0, 0.5]),
        "x": x, "X": x, "y": normal(N, d), "u": normal(d), "v": normal(d), "w": normal(3), "b": normal(d),
        "a": normal(d), "g": normal(d), "grad": normal(d), "theta": normal(d),
        "A": normal(N, d), "W": normal(d, d), "H": normal(d, d),
        "gamma": 1.0 + 0.1 * normal(d), "beta": 0.1 * normal(d),
        "Q": normal(N, d_k), "K": normal(N, d_k), "V": normal(N, d_k),
        "W_Q": normal(d, d_k), "W_K": normal(d, d_k), "W_V": normal(d, d_k), "W_O": normal(h * d_k, d),
        "W_E": normal(vocab_size, d), "W_out": normal(d, vocab_size),
        "M": np.triu(np.full((N, N), -np.inf), k=1),
        "p": p, "q": q, "pi": p, "probs": p, "joint": joint,
        "logits": normal(N, n), "targets": np.array([1, 4, 0]), "tokens": np.array([3, 1, 4, 1, 5]),
        "ids": np.array([3, 1, 4]),
        "rng": np.random.default_rng(0),
        # functions: f is element-wise
        "f": np.sin, "tokenizer": _Tokenizer(vocab_size), "text": "the cat sat",
    }
    try:
        import scipy.special  # noqa: F401 (some NumPy lines use scipy.special: make test-reference installs it)

        ns["scipy"] = scipy
    except ImportError:
        pass
    return ns


class _Tokenizer:
    """A stand-in for a Hugging Face tokenizer: ``encode`` gives one id per character."""

    def __init__(self, vocab_size: int) -> None:
        self.vocab_size = vocab_size

    def __len__(self) -> int:
        return self.vocab_size

    def encode(self, text: str) -> list[int]:
        return [ord(ch) % self.vocab_size for ch in text]


def to_torch(value: Any, torch: Any) -> Any:
    """A NumPy-side input as the PyTorch line gets it: an array (of any shape, 0-d included)
    becomes a tensor of its dtype, a number stays a Python number (a NumPy scalar such as
    ``p.max()`` becomes a ``float``, ``int`` or ``bool``), so that an argument PyTorch wants as
    a float (``label_smoothing=``, ``p=`` of dropout) gets one; tuples and lists are converted
    item by item, anything else is passed as it is. ``torch`` is the module (a parameter, so that
    the NumPy side never imports it).

    >>> from types import SimpleNamespace
    >>> fake = SimpleNamespace(from_numpy=lambda a: ("tensor", a.shape))
    >>> to_torch(np.zeros((2, 3)), fake), to_torch(np.float64(0.1), fake), to_torch((1, np.int64(2)), fake)
    (('tensor', (2, 3)), 0.1, (1, 2))
    """
    if isinstance(value, np.ndarray):
        return torch.from_numpy(value.copy())
    if isinstance(value, np.generic):
        return value.item()
    if isinstance(value, tuple):
        return tuple(to_torch(v, torch) for v in value)
    if isinstance(value, list):
        return [to_torch(v, torch) for v in value]
    return value


def shared_torch() -> dict[str, Any]:
    """The PyTorch side: the same numbers as float64 tensors, ``torch``, ``F``, ``nn``, and
    ``model``, a stand-in for a Hugging Face causal language model (called on token ids it returns
    an object with ``.logits`` and ``.hidden_states``; called on features it is ``nn.Linear(d, 3)``),
    with its optimiser ``opt`` and a ``loss`` ready for ``loss.backward()``; ``theta`` is a leaf
    tensor whose ``.grad`` holds ``grad``. The entry's inputs are added by ``code_lines.namespace``."""
    import torch
    import torch.nn.functional as F  # noqa: N812
    from torch import nn

    shared = shared_numpy()
    ns = {k: to_torch(v, torch) for k, v in shared.items() if k not in ("np", "rng", "f", "scipy")}
    torch.manual_seed(0)
    d = shared["d"]
    model = _tiny_lm(torch, nn, d, shared["vocab_size"])
    theta = torch.from_numpy(shared["theta"]).requires_grad_()
    theta.grad = torch.from_numpy(shared["grad"])
    ns.update(
        torch=torch, F=F, nn=nn, f=torch.sin, theta=theta,
        model=model, opt=torch.optim.SGD(model.parameters(), lr=0.1),
        loss=(model(torch.ones(d)) ** 2).mean(),
    )
    return ns


def _tiny_lm(torch: Any, nn: Any, d: int, vocab_size: int) -> Any:
    from types import SimpleNamespace

    class TinyLM(nn.Module):
        def __init__(self) -> None:
            super().__init__()
            self.config = SimpleNamespace(vocab_size=vocab_size, hidden_size=d)
            self.embed = nn.Embedding(vocab_size, d)
            self.head = nn.Linear(d, vocab_size)
            self.linear = nn.Linear(d, 3)

        def forward(self, inputs: Any, output_hidden_states: bool = False) -> Any:
            if inputs.is_floating_point():
                return self.linear(inputs)
            ids = inputs if inputs.ndim == 2 else inputs[None]
            hidden = self.embed(ids)
            out = SimpleNamespace(logits=self.head(hidden))
            if output_hidden_states:
                out.hidden_states = (hidden, torch.tanh(hidden))
            return out

    return TinyLM()
