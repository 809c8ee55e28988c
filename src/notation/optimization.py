"""Gradient descent, learning-rate schedules, a logistic-regression training step, the
behaviour of long products of factors (vanishing and exploding gradients), and where a
stop-gradient leaves a gradient at zero (VQ-VAE's codebook and commitment losses)."""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array

__all__ = [
    "sgd_step",
    "minibatch_indices",
    "gradient_descent",
    "warmup_cosine_schedule",
    "logistic_loss",
    "logistic_loss_gradient",
    "logistic_loss_hessian",
    "gradient_through_time",
    "vq_loss_gradients",
]


def _check_lr(lr: float) -> None:
    if isinstance(lr, bool) or not isinstance(lr, (int, float, np.floating, np.integer)):
        raise TypeError(f"lr must be a number, got {type(lr).__name__}")
    if not (np.isfinite(lr) and lr > 0):
        raise ValueError(f"lr must be a finite number > 0, got {lr}")


def _check_count(n: int, name: str, minimum: int = 0) -> None:
    if isinstance(n, bool) or not isinstance(n, (int, np.integer)):
        raise TypeError(f"{name} must be an integer, got {type(n).__name__}")
    if n < minimum:
        raise ValueError(f"{name} must be at least {minimum}, got {n}")


def sgd_step(theta: ArrayLike, grad: ArrayLike, lr: float) -> FloatArray:
    """One gradient-descent update ``θ ← θ − η ∇L``; ``grad`` must have the shape of ``theta``.

    >>> sgd_step([1.0, -2.0], [0.5, -1.0], lr=0.1)
    array([ 0.95, -1.9 ])
    """
    th = as_float_array(theta, "theta").astype(np.float64)
    g = as_float_array(grad, "grad").astype(np.float64)
    if th.shape != g.shape:
        raise ValueError(f"grad must have the shape of theta, got {g.shape} and {th.shape}")
    _check_lr(lr)
    return th - lr * g


def minibatch_indices(n: int, batch_size: int, rng: np.random.Generator, drop_last: bool = False) -> list[np.ndarray]:
    """One epoch of minibatches: the indices ``0 … n − 1`` of a data set shuffled and cut into
    batches of ``batch_size`` (the last one smaller, unless ``drop_last``), as a
    ``DataLoader(…, shuffle=True)`` does. Each batch ``ℬ`` is a subset of the data set ``𝒟``.

    >>> [b.tolist() for b in minibatch_indices(5, 2, np.random.default_rng(0))]
    [[2, 4], [3, 0], [1]]
    """
    _check_count(n, "n", minimum=1)
    _check_count(batch_size, "batch_size", minimum=1)
    order = rng.permutation(n)
    batches = [order[i : i + batch_size] for i in range(0, n, batch_size)]
    if drop_last and len(batches[-1]) < batch_size:
        batches = batches[:-1]
    return batches


def gradient_descent(
    grad_fn: Callable[[FloatArray], ArrayLike], theta0: ArrayLike, lr: float, steps: int
) -> FloatArray:
    """Run ``steps`` updates ``θ ← θ − η ∇L(θ)`` from ``theta0``; return the whole trajectory.

    Row ``k`` of the result is ``θ`` after ``k`` steps, so it has ``steps + 1`` rows and
    row 0 is ``theta0``. A run that blows up keeps going (to ``inf`` or ``nan``) rather
    than stopping, so a diverging learning rate is visible in the output.

    >>> gradient_descent(lambda th: 2 * th, [1.0], lr=0.25, steps=3).ravel().tolist()  # L = θ²
    [1.0, 0.5, 0.25, 0.125]
    """
    _check_count(steps, "steps")
    th = as_float_array(theta0, "theta0").astype(np.float64)
    _check_lr(lr)
    path = [th]
    with np.errstate(over="ignore", invalid="ignore"):
        for _ in range(steps):
            g = as_float_array(grad_fn(path[-1]), "grad_fn(theta)").astype(np.float64)
            if g.shape != th.shape:
                raise ValueError(f"grad_fn must return the shape of theta {th.shape}, got {g.shape}")
            path.append(path[-1] - lr * g)
    return np.stack(path)


def warmup_cosine_schedule(
    step: ArrayLike, total_steps: int, warmup_steps: int, peak_lr: float, min_lr: float = 0.0
) -> FloatArray:
    """Learning rate at ``step``: linear warmup from 0 to ``peak_lr``, then cosine decay to ``min_lr``.

    For ``s < warmup_steps`` the rate is ``peak_lr · s / warmup_steps``; after that, with
    ``progress = (s − warmup_steps) / (total_steps − warmup_steps)`` clipped to [0, 1],
    it is ``min_lr + ½ (peak_lr − min_lr)(1 + cos(π · progress))``. ``step`` may be an array.

    >>> warmup_cosine_schedule([0, 5, 10, 55, 100], total_steps=100, warmup_steps=10, peak_lr=1.0).round(3)
    array([0. , 0.5, 1. , 0.5, 0. ])
    """
    _check_count(total_steps, "total_steps", 1)
    _check_count(warmup_steps, "warmup_steps")
    if warmup_steps >= total_steps:
        raise ValueError(f"warmup_steps ({warmup_steps}) must be less than total_steps ({total_steps})")
    _check_lr(peak_lr)
    if not (np.isfinite(min_lr) and 0 <= min_lr <= peak_lr):
        raise ValueError(f"min_lr must be in [0, peak_lr], got {min_lr}")
    s = as_float_array(step, "step").astype(np.float64)
    if np.any(s < 0) or not np.all(np.isfinite(s)):
        raise ValueError("step must be finite and >= 0")
    warm = peak_lr * s / warmup_steps if warmup_steps else np.full_like(s, peak_lr)
    progress = np.clip((s - warmup_steps) / (total_steps - warmup_steps), 0.0, 1.0)
    cosine = min_lr + 0.5 * (peak_lr - min_lr) * (1.0 + np.cos(np.pi * progress))
    return np.where(s < warmup_steps, warm, cosine)


def _logistic_inputs(theta: ArrayLike, X: ArrayLike, y: ArrayLike) -> tuple[FloatArray, FloatArray, FloatArray]:
    th = as_float_array(theta, "theta").astype(np.float64)
    X_ = as_float_array(X, "X").astype(np.float64)
    y_ = as_float_array(y, "y").astype(np.float64)
    if th.ndim != 1 or X_.ndim != 2 or y_.ndim != 1:
        raise ValueError(
            f"need theta (d,), X (B, d), y (B,); got {th.shape}, {X_.shape}, {y_.shape}"
        )
    if X_.shape != (y_.size, th.size):
        raise ValueError(f"X must be (B, d) = ({y_.size}, {th.size}), got {X_.shape}")
    if y_.size == 0:
        raise ValueError("the batch must not be empty")
    if not np.all((y_ == 0) | (y_ == 1)):
        raise ValueError("y must hold 0/1 labels")
    return th, X_, y_


def logistic_loss(theta: ArrayLike, X: ArrayLike, y: ArrayLike) -> float:
    """Mean binary cross-entropy of logistic regression on a batch: ``p = σ(Xθ)``.

    ``X`` is ``B × d`` (add a column of ones for a bias), ``θ`` is ``(d,)``, ``y`` holds
    0/1 labels. Computed from the logits ``z = Xθ`` as ``mean(log(1 + eᶻ) − y z)``, which
    equals ``−mean(y log p + (1 − y) log(1 − p))`` without taking the log of a tiny number.

    >>> round(logistic_loss([0.0, 0.0], [[1.0, 2.0], [1.0, -1.0]], [1, 0]), 4)  # ln 2
    0.6931
    """
    th, X_, y_ = _logistic_inputs(theta, X, y)
    z = X_ @ th
    softplus = np.maximum(z, 0) + np.log1p(np.exp(-np.abs(z)))
    return float(np.mean(softplus - y_ * z))


def logistic_loss_gradient(theta: ArrayLike, X: ArrayLike, y: ArrayLike) -> FloatArray:
    """Gradient of :func:`logistic_loss` with respect to ``θ``: ``Xᵀ(σ(Xθ) − y) / B``, shape ``(d,)``.

    This is what backpropagation computes for this model: the loss's slope at the logits
    is ``(p − y) / B``, and the chain rule through ``z = Xθ`` multiplies by ``Xᵀ``.

    >>> logistic_loss_gradient([0.0, 0.0], [[1.0, 2.0], [1.0, -1.0]], [1, 0])
    array([ 0.  , -0.75])
    """
    from notation.activations import sigmoid

    th, X_, y_ = _logistic_inputs(theta, X, y)
    return X_.T @ (sigmoid(X_ @ th) - y_) / y_.size


def logistic_loss_hessian(theta: ArrayLike, X: ArrayLike, y: ArrayLike) -> FloatArray:
    """Hessian of :func:`logistic_loss`: ``Xᵀ diag(p(1 − p)) X / B`` with ``p = σ(Xθ)``, shape ``d × d``.

    The labels drop out: the curvature depends only on how unsure the model is at each
    example (``p(1 − p)`` is largest at ``p = ½``). It is symmetric and positive
    semi-definite, so the loss is convex in ``θ``.

    >>> logistic_loss_hessian([0.0, 0.0], [[1.0, 2.0], [1.0, -1.0]], [1, 0])
    array([[0.25 , 0.125],
           [0.125, 0.625]])
    """
    from notation.activations import sigmoid

    th, X_, y_ = _logistic_inputs(theta, X, y)
    p = sigmoid(X_ @ th)
    return (X_.T * (p * (1 - p))) @ X_ / y_.size


def gradient_through_time(lam: float, steps: int) -> FloatArray:
    """The factor ``λ^k`` a gradient picks up after flowing back ``k = 0 … steps`` time steps.

    Backpropagating through a recurrence multiplies one local derivative per step; if each
    has size about ``λ``, the gradient reaching ``T − t`` steps back is scaled by ``λ^(T−t)``.
    Returns ``steps + 1`` values, built by repeated multiplication (as backprop does);
    overflow gives ``inf``.

    >>> gradient_through_time(0.5, 3).tolist()
    [1.0, 0.5, 0.25, 0.125]
    """
    _check_count(steps, "steps")
    if isinstance(lam, bool) or not isinstance(lam, (int, float, np.floating, np.integer)):
        raise TypeError(f"lam must be a number, got {type(lam).__name__}")
    if not np.isfinite(lam):
        raise ValueError(f"lam must be finite, got {lam}")
    factors = np.full(steps, float(lam))
    with np.errstate(over="ignore"):
        return np.concatenate([[1.0], np.cumprod(factors)])


def vq_loss_gradients(z_e: ArrayLike, e: ArrayLike, beta: float = 0.25) -> dict[str, tuple[FloatArray, FloatArray]]:
    """The gradients of VQ-VAE's two vector-quantisation terms with respect to the encoder's
    output ``z_e`` and its codebook vector ``e``: ``{term: (∂/∂z_e, ∂/∂e)}``.

    ``"codebook"`` is ``‖sg[z_e] − e‖²``, ``"commitment"`` is ``β ‖z_e − sg[e]‖²`` and ``"total"``
    their sum (van den Oord et al. 2017's loss without its reconstruction term). ``sg[·]``
    passes its value forward unchanged and its gradient back as zero, so each term has the
    same value as it would without ``sg`` but moves only one of the two: the codebook term
    moves ``e`` towards ``z_e``, the commitment term ``z_e`` towards ``e``. ``"plain"`` is the
    sum with no stop-gradient, ``(1 + β) ‖z_e − e‖²``: it moves ``e`` by ``1 + β`` times as much
    as the codebook term does and ``z_e`` by ``(1 + β)/β`` times as much as the commitment term.

    >>> g = vq_loss_gradients([1.0, 2.0], [0.0, 0.0])
    >>> [v.tolist() for v in g["codebook"]], [v.tolist() for v in g["commitment"]]
    ([[0.0, 0.0], [-2.0, -4.0]], [[0.5, 1.0], [0.0, 0.0]])
    """
    z, c = as_float_array(z_e, "z_e").astype(np.float64), as_float_array(e, "e").astype(np.float64)
    if z.shape != c.shape or z.ndim != 1:
        raise ValueError(f"z_e and e must be vectors of the same length, got shapes {z.shape} and {c.shape}")
    if not (np.isfinite(beta) and beta >= 0):
        raise ValueError(f"beta must be a finite number >= 0, got {beta}")
    diff = z - c
    zero = np.zeros_like(z)
    codebook = (zero, -2.0 * diff)
    commitment = (2.0 * beta * diff, zero.copy())
    return {
        "codebook": codebook,
        "commitment": commitment,
        "total": (codebook[0] + commitment[0], codebook[1] + commitment[1]),
        "plain": (2.0 * (1 + beta) * diff, -2.0 * (1 + beta) * diff),
    }
