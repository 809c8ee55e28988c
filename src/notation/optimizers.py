"""Optimisers beyond plain gradient descent: momentum, Adam, weight decay and gradient clipping.

Every update here is written the way ``torch.optim`` computes it, so a step of these
functions and a step of the PyTorch optimiser give the same numbers (checked by
``make test-reference``). Where a paper writes the same method differently (Polyak's
heavy ball, Kingma & Ba's Adam, Loshchilov & Hutter's AdamW), the docstring says how
the two forms relate.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = [
    "momentum_descent",
    "AdamStep",
    "adam_step",
    "adam_descent",
    "weight_decay_step",
    "clip_grad_norm",
    "clip_grad_value",
]


def _number(x: float, name: str, low: float, high: float, low_open: bool = False, high_open: bool = False) -> float:
    if isinstance(x, bool) or not isinstance(x, (int, float, np.floating, np.integer)):
        raise TypeError(f"{name} must be a number, got {type(x).__name__}")
    x = float(x)
    ok = np.isfinite(x) and (x > low if low_open else x >= low) and (x < high if high_open else x <= high)
    if not ok:
        lo, hi = "(" if low_open else "[", ")" if high_open else "]"
        raise ValueError(f"{name} must be in {lo}{low}, {high}{hi}, got {x}")
    return x


def _steps(n: int) -> int:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"steps must be an integer, got {type(n).__name__}")
    if n < 0:
        raise ValueError(f"steps must be at least 0, got {n}")
    return int(n)


def _pair(theta: ArrayLike, grad: ArrayLike) -> tuple[FloatArray, FloatArray]:
    th = as_float_array(theta, "theta").astype(np.float64)
    g = as_float_array(grad, "grad").astype(np.float64)
    if th.shape != g.shape:
        raise ValueError(f"grad must have the shape of theta, got {g.shape} and {th.shape}")
    return th, g


def momentum_descent(
    grad_fn: Callable[[FloatArray], ArrayLike],
    theta0: ArrayLike,
    lr: float | Sequence[float],
    mu: float,
    steps: int,
    form: str = "pytorch",
) -> FloatArray:
    """Gradient descent with momentum; returns the trajectory (``steps + 1`` rows, row 0 is ``theta0``).

    ``form="pytorch"`` is ``torch.optim.SGD(momentum=μ)``: ``v ← μ v + g``, ``θ ← θ − η v``
    (the velocity is a running sum of raw gradients). ``form="heavy-ball"`` is Polyak's
    (1964) form as Sutskever et al. (2013) write it: ``v ← μ v + η g``, ``θ ← θ − v``
    (the learning rate goes inside the sum). Both start from ``v = 0``. With a constant
    ``η`` the two give the same points; they differ once ``η`` changes, so ``lr`` may be a
    sequence of one rate per step.

    >>> momentum_descent(lambda th: th, [1.0], lr=0.5, mu=0.5, steps=3).ravel().tolist()  # L = θ²/2
    [1.0, 0.5, 0.0, -0.25]
    """
    if form not in ("pytorch", "heavy-ball"):
        raise ValueError(f"form must be 'pytorch' or 'heavy-ball', got {form!r}")
    n = _steps(steps)
    m = _number(mu, "mu", 0.0, 1.0, high_open=True)
    rates = np.broadcast_to(np.asarray(lr, dtype=np.float64), (n,)) if np.ndim(lr) == 0 else np.asarray(lr, dtype=np.float64)
    if rates.shape != (n,):
        raise ValueError(f"lr must be a number or one rate per step ({n}), got {rates.shape[0]} rates")
    if not np.all(np.isfinite(rates) & (rates > 0)):
        raise ValueError("every learning rate must be finite and > 0")
    th = as_float_array(theta0, "theta0").astype(np.float64)
    v = np.zeros_like(th)
    path = [th]
    for k in range(n):
        g = as_float_array(grad_fn(path[-1]), "grad_fn(theta)").astype(np.float64)
        if g.shape != th.shape:
            raise ValueError(f"grad_fn must return the shape of theta {th.shape}, got {g.shape}")
        if form == "pytorch":
            v = m * v + g
            path.append(path[-1] - rates[k] * v)
        else:
            v = m * v + rates[k] * g
            path.append(path[-1] - v)
    return np.stack(path)


@dataclass(frozen=True)
class AdamStep:
    """The result of one :func:`adam_step`: new parameters, the two moments and their bias-corrected forms."""

    theta: FloatArray
    m: FloatArray
    v: FloatArray
    m_hat: FloatArray
    v_hat: FloatArray


def adam_step(
    theta: ArrayLike,
    grad: ArrayLike,
    m: ArrayLike,
    v: ArrayLike,
    t: int,
    lr: float = 1e-3,
    beta1: float = 0.9,
    beta2: float = 0.999,
    eps: float = 1e-8,
    weight_decay: float = 0.0,
    decoupled: bool = False,
    bias_correction: bool = True,
) -> AdamStep:
    """Step ``t`` (counted from 1) of Adam, from the moments ``m``, ``v`` left by step ``t − 1`` (zeros at first).

    ``m ← β₁ m + (1 − β₁) g`` and ``v ← β₂ v + (1 − β₂) g²``; the bias-corrected estimates are
    ``m̂ = m / (1 − β₁ᵗ)`` and ``v̂ = v / (1 − β₂ᵗ)``; then ``θ ← θ − η m̂ / (√v̂ + ε)``. The
    defaults are Kingma & Ba's (2015) and ``torch.optim.Adam``'s. With ``weight_decay = λ``:
    ``decoupled=False`` adds ``λθ`` to the gradient first (an L2 penalty, ``torch.optim.Adam``'s
    ``weight_decay``); ``decoupled=True`` shrinks ``θ ← θ − ηλθ`` before the Adam step and
    leaves the moments alone (AdamW, as ``torch.optim.AdamW`` computes it).
    ``bias_correction=False`` uses ``m`` and ``v`` as they are (``m̂ = m``, ``v̂ = v``), to show
    what the correction is for.

    >>> s = adam_step([1.0], [0.5], m=[0.0], v=[0.0], t=1, lr=0.1)
    >>> s.m.round(4).tolist(), s.m_hat.round(4).tolist(), s.theta.round(6).tolist()  # m̂ = g at t = 1
    ([0.05], [0.5], [0.9])
    """
    th, g = _pair(theta, grad)
    m0 = as_float_array(m, "m").astype(np.float64)
    v0 = as_float_array(v, "v").astype(np.float64)
    if m0.shape != th.shape or v0.shape != th.shape:
        raise ValueError(f"m and v must have the shape of theta {th.shape}, got {m0.shape} and {v0.shape}")
    if isinstance(t, bool) or not isinstance(t, (int, np.integer)):
        raise TypeError(f"t must be an integer, got {type(t).__name__}")
    if t < 1:
        raise ValueError(f"t counts steps from 1, got {t}")
    lr_ = _number(lr, "lr", 0.0, np.inf, low_open=True, high_open=True)
    b1 = _number(beta1, "beta1", 0.0, 1.0, high_open=True)
    b2 = _number(beta2, "beta2", 0.0, 1.0, high_open=True)
    eps_ = _number(eps, "eps", 0.0, np.inf, high_open=True)
    wd = _number(weight_decay, "weight_decay", 0.0, np.inf, high_open=True)
    if not isinstance(decoupled, bool):
        raise TypeError(f"decoupled must be True or False, got {type(decoupled).__name__}")
    if wd and decoupled:
        th = th - lr_ * wd * th
    elif wd:
        g = g + wd * th
    m1 = b1 * m0 + (1 - b1) * g
    v1 = b2 * v0 + (1 - b2) * g * g
    if not isinstance(bias_correction, bool):
        raise TypeError(f"bias_correction must be True or False, got {type(bias_correction).__name__}")
    m_hat = m1 / (1 - b1**t) if bias_correction else m1
    v_hat = v1 / (1 - b2**t) if bias_correction else v1
    return AdamStep(th - lr_ * m_hat / (np.sqrt(v_hat) + eps_), m1, v1, m_hat, v_hat)


def adam_descent(
    grad_fn: Callable[[FloatArray], ArrayLike], theta0: ArrayLike, steps: int, **adam_kwargs: float | bool
) -> list[AdamStep]:
    """Run ``steps`` Adam updates from ``theta0``; returns every :class:`AdamStep` (step ``t`` at index ``t − 1``).

    ``adam_kwargs`` are passed to :func:`adam_step` (``lr``, ``beta1``, ``beta2``, ``eps``, ``bias_correction`` ...).

    >>> run = adam_descent(lambda th: 2 * th, [1.0], steps=3, lr=0.1)  # L = θ²: each step moves about η
    >>> [round(float(s.theta[0]), 4) for s in run]
    [0.9, 0.8004, 0.7016]
    """
    n = _steps(steps)
    th = as_float_array(theta0, "theta0").astype(np.float64)
    m, v = np.zeros_like(th), np.zeros_like(th)
    out: list[AdamStep] = []
    for t in range(1, n + 1):
        s = adam_step(th, grad_fn(th), m, v, t, **adam_kwargs)
        th, m, v = s.theta, s.m, s.v
        out.append(s)
    return out


def weight_decay_step(theta: ArrayLike, grad: ArrayLike, lr: float, weight_decay: float) -> FloatArray:
    """One SGD step with weight decay ``λ``: ``θ ← θ − η (g + λθ) = (1 − ηλ) θ − η g``.

    Adding ``λθ`` to the gradient is the gradient of the L2 penalty ``(λ/2)‖θ‖²``; for plain
    SGD it is the same as shrinking the weights by ``(1 − ηλ)`` and then stepping, which is why
    the two names are used interchangeably there (and not for Adam: see :func:`adam_step`).

    >>> weight_decay_step([2.0], [0.0], lr=0.1, weight_decay=0.5)  # no gradient: pure shrinkage by 1 − ηλ
    array([1.9])
    """
    th, g = _pair(theta, grad)
    lr_ = _number(lr, "lr", 0.0, np.inf, low_open=True, high_open=True)
    wd = _number(weight_decay, "weight_decay", 0.0, np.inf, high_open=True)
    return th - lr_ * (g + wd * th)


def _grad_list(grads: Sequence[ArrayLike] | ArrayLike) -> list[FloatArray]:
    if isinstance(grads, np.ndarray) or not isinstance(grads, (list, tuple)):
        return [as_float_array(grads, "grads").astype(np.float64)]
    if len(grads) == 0:
        raise ValueError("grads must not be empty")
    return [as_float_array(g, "grads").astype(np.float64) for g in grads]


def clip_grad_norm(
    grads: Sequence[ArrayLike] | ArrayLike, max_norm: float, eps: float = 1e-6
) -> tuple[list[FloatArray], float]:
    """Clip by global norm: scale every gradient by ``min(1, c / (‖g‖ + eps))``; return ``(clipped, ‖g‖)``.

    ``‖g‖`` is the 2-norm of all the gradients together, as if flattened into one vector, so
    the direction of the whole update is kept and only its length is capped at about ``c``.
    ``eps = 1e-6`` is ``torch.nn.utils.clip_grad_norm_``'s; the returned norm is the one
    before clipping, as PyTorch returns it. A single array may be passed instead of a list.

    >>> clipped, norm = clip_grad_norm([[3.0], [4.0]], max_norm=1.0, eps=0.0)
    >>> norm, [c.tolist() for c in clipped]
    (5.0, [[0.6000000000000001], [0.8]])
    """
    gs = _grad_list(grads)
    c = _number(max_norm, "max_norm", 0.0, np.inf, low_open=True, high_open=True)
    e = _number(eps, "eps", 0.0, np.inf, high_open=True)
    total = float(np.sqrt(sum(float(np.sum(g * g)) for g in gs)))
    scale = min(1.0, c / (total + e))
    return [g * scale for g in gs], total


def clip_grad_value(grads: Sequence[ArrayLike] | ArrayLike, clip_value: float) -> list[FloatArray]:
    """Clip by value: each entry to ``[−c, c]`` on its own (``torch.nn.utils.clip_grad_value_``).

    Unlike :func:`clip_grad_norm` this can change the direction of the update: large entries
    are cut, small ones kept.

    >>> [g.tolist() for g in clip_grad_value([[3.0, -0.5], [4.0]], clip_value=1.0)]
    [[1.0, -0.5], [1.0]]
    """
    gs = _grad_list(grads)
    c = _number(clip_value, "clip_value", 0.0, np.inf, low_open=True, high_open=True)
    return [np.clip(g, -c, c) for g in gs]
