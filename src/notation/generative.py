"""Generative models and representation learning: the VAE's ELBO and reparameterisation,
the DDPM forward process and its loss, the score of a Gaussian, the GAN discriminator's
optimum, contrastive (InfoNCE) losses and the Chinchilla scaling-law fit.

Diffusion time steps are numbered as in the papers, ``t = 1 … T``; arrays indexed by step
hold step ``t`` at index ``t − 1``. Natural logs throughout.
"""

from __future__ import annotations

import math
from typing import Callable

import numpy as np
from numpy.typing import ArrayLike

from notation._checks import FloatArray, as_float_array, check_probabilities, check_same_shape
from notation.activations import log_softmax

__all__ = [
    "gaussian_kl_standard",
    "reparameterise",
    "linear_gaussian_evidence",
    "linear_gaussian_elbo",
    "elbo_estimate",
    "pathwise_gradient",
    "score_function_gradient",
    "linear_beta_schedule",
    "alpha_bar",
    "q_sample",
    "noise_prediction_loss",
    "gaussian_data_noise_prediction",
    "gaussian_score",
    "optimal_discriminator",
    "gan_value",
    "cosine_similarity_matrix",
    "info_nce",
    "nt_xent",
    "CHINCHILLA",
    "chinchilla_loss",
    "training_flops",
    "chinchilla_optimal",
    "KAPLAN",
    "kaplan_loss",
]

_LOG_2PI = math.log(2 * math.pi)


def _positive(value: float, name: str) -> None:
    if not value > 0:
        raise ValueError(f"{name} must be positive, got {value}")


def gaussian_kl_standard(mean: ArrayLike, log_var: ArrayLike) -> FloatArray:
    """``KL(𝒩(μ, diag σ²) ‖ 𝒩(0, I)) = ½ Σ_j (σ_j² + μ_j² − 1 − log σ_j²)`` over the last axis.

    The VAE's regulariser: the encoder outputs ``μ`` and ``log σ²`` for each latent dimension.

    >>> float(gaussian_kl_standard([0.0, 0.0], [0.0, 0.0]))  # q is already the prior
    0.0
    >>> round(float(gaussian_kl_standard([1.0], [0.0])), 4)  # shifted by 1: ½ μ²
    0.5
    """
    mu = as_float_array(mean, "mean")
    lv = as_float_array(log_var, "log_var")
    check_same_shape(mu, lv, "mean and log_var")
    return 0.5 * np.sum(np.exp(lv) + mu**2 - 1.0 - lv, axis=-1)


def reparameterise(mean: ArrayLike, std: ArrayLike, eps: ArrayLike) -> FloatArray:
    """``z = μ + σ ⊙ ε``: a sample of ``𝒩(μ, σ²)`` built from standard normal noise ``ε``.

    The randomness sits in ``ε`` (drawn outside, e.g. ``rng.standard_normal``), so ``z`` is
    a plain differentiable function of ``μ`` and ``σ``.

    >>> reparameterise([1.0, -2.0], [0.5, 2.0], [2.0, 0.5]).tolist()
    [2.0, -1.0]
    """
    mu, sd, e = as_float_array(mean, "mean"), as_float_array(std, "std"), as_float_array(eps, "eps")
    if np.any(sd < 0):
        raise ValueError("std must be non-negative")
    return mu + sd * e


def _normal_logpdf(x: FloatArray, mean: FloatArray | float, var: FloatArray | float) -> FloatArray:
    return -0.5 * (_LOG_2PI + np.log(var) + (x - mean) ** 2 / var)


def linear_gaussian_evidence(x: ArrayLike, noise_var: float) -> FloatArray:
    """``log p(x)`` for the one-dimensional model ``z ∼ 𝒩(0, 1)``, ``x ∣ z ∼ 𝒩(z, s²)``:
    the marginal is ``𝒩(0, 1 + s²)``. The tiny example on which the ELBO can be checked.

    >>> round(float(linear_gaussian_evidence(0.0, 1.0)), 4)  # log N(0; 0, 2)
    -1.2655
    """
    _positive(noise_var, "noise_var")
    return _normal_logpdf(as_float_array(x, "x"), 0.0, 1.0 + noise_var)


def linear_gaussian_elbo(x: ArrayLike, q_mean: ArrayLike, q_var: ArrayLike, noise_var: float) -> FloatArray:
    """The ELBO of the model of ``linear_gaussian_evidence`` with ``q(z ∣ x) = 𝒩(m, v)``, exactly:
    ``𝔼_q[log p(x ∣ z)] − KL(q ‖ p(z))``, where
    ``𝔼_q[log p(x ∣ z)] = −½ log(2π s²) − ((x − m)² + v) / (2 s²)``.

    It equals ``log p(x)`` when ``q`` is the true posterior ``𝒩(x/(1+s²), s²/(1+s²))``.

    >>> x, s2 = 1.5, 0.5
    >>> float(linear_gaussian_elbo(x, x / (1 + s2), s2 / (1 + s2), s2) - linear_gaussian_evidence(x, s2)) < 1e-12
    True
    """
    _positive(noise_var, "noise_var")
    x_, m, v = as_float_array(x, "x"), as_float_array(q_mean, "q_mean"), as_float_array(q_var, "q_var")
    if np.any(v <= 0):
        raise ValueError("q_var must be positive")
    reconstruction = -0.5 * (_LOG_2PI + math.log(noise_var)) - ((x_ - m) ** 2 + v) / (2 * noise_var)
    kl = 0.5 * (v + m**2 - 1.0 - np.log(v))
    return reconstruction - kl


def elbo_estimate(x: float, q_mean: float, q_var: float, noise_var: float, eps: ArrayLike) -> float:
    """A Monte Carlo ELBO for the same model, as a VAE computes it: reparameterised samples
    ``z_k = m + √v ε_k`` give the reconstruction term's average, and the KL is closed-form.

    >>> round(elbo_estimate(1.0, 0.5, 0.5, 1.0, np.zeros(1)), 4)  # one sample at the mean
    -1.2655
    """
    _positive(noise_var, "noise_var")
    _positive(q_var, "q_var")
    z = reparameterise(q_mean, math.sqrt(q_var), eps)
    reconstruction = float(np.mean(_normal_logpdf(np.float64(x), z, noise_var)))
    return reconstruction - float(gaussian_kl_standard([q_mean], [math.log(q_var)]))


def pathwise_gradient(
    df: Callable[[FloatArray], ArrayLike], mean: float, std: float, eps: ArrayLike
) -> tuple[float, float]:
    """``(∂/∂μ, ∂/∂σ)`` of ``𝔼_{z∼𝒩(μ,σ²)}[f(z)]`` by reparameterisation: average
    ``f'(z)`` and ``f'(z) ε`` over ``z = μ + σ ε``. ``df`` is the derivative ``f'``.

    >>> pathwise_gradient(lambda z: 2 * z, 1.0, 0.5, np.array([-1.0, 1.0]))  # f = z²: (2μ, 2σ)
    (2.0, 1.0)
    """
    e = as_float_array(eps, "eps")
    g = as_float_array(df(reparameterise(mean, std, e)), "df(z)")
    return float(np.mean(g)), float(np.mean(g * e))


def score_function_gradient(
    f: Callable[[FloatArray], ArrayLike], mean: float, std: float, eps: ArrayLike
) -> tuple[float, float]:
    """The same gradient by the log-derivative trick (REINFORCE): average
    ``f(z) ∂/∂μ log q(z)`` and ``f(z) ∂/∂σ log q(z)``; needs ``f`` only, not its derivative.

    ``∂ log q/∂μ = (z − μ)/σ² = ε/σ`` and ``∂ log q/∂σ = (ε² − 1)/σ``.

    >>> pathwise = pathwise_gradient(lambda z: 2 * z, 0.0, 1.0, np.array([-1.0, 1.0]))
    >>> score_function_gradient(lambda z: z**2, 0.0, 1.0, np.array([-1.0, 1.0])), pathwise
    ((0.0, 0.0), (0.0, 2.0))
    """
    _positive(std, "std")
    e = as_float_array(eps, "eps")
    fz = as_float_array(f(reparameterise(mean, std, e)), "f(z)")
    return float(np.mean(fz * e / std)), float(np.mean(fz * (e**2 - 1.0) / std))


def linear_beta_schedule(T: int = 1000, beta_start: float = 1e-4, beta_end: float = 0.02) -> FloatArray:
    """DDPM's noise schedule: ``β_t`` rising linearly from ``beta_start`` (t = 1) to
    ``beta_end`` (t = T); Ho et al. (2020) use 1e-4 → 0.02 over T = 1000.

    >>> b = linear_beta_schedule()
    >>> b.shape, float(b[0]), float(b[-1])
    ((1000,), 0.0001, 0.02)
    """
    if T < 2:
        raise ValueError(f"T must be at least 2, got {T}")
    if not 0 < beta_start <= beta_end < 1:
        raise ValueError(f"need 0 < beta_start <= beta_end < 1, got {beta_start}, {beta_end}")
    return np.linspace(beta_start, beta_end, T)


def alpha_bar(betas: ArrayLike) -> FloatArray:
    """``ᾱ_t = ∏_{s=1}^{t} (1 − β_s)`` for every step: how much of the signal's variance survives.

    >>> alpha_bar([0.1, 0.5]).round(4).tolist()
    [0.9, 0.45]
    """
    b = as_float_array(betas, "betas")
    if b.ndim != 1 or np.any(b <= 0) or np.any(b >= 1):
        raise ValueError("betas must be a vector of numbers in (0, 1)")
    return np.cumprod(1.0 - b)


def q_sample(x0: ArrayLike, t: int, eps: ArrayLike, betas: ArrayLike) -> FloatArray:
    """Jump straight to step ``t`` of the forward process: ``x_t = √ᾱ_t x_0 + √(1 − ᾱ_t) ε``,
    a sample of ``q(x_t ∣ x_0) = 𝒩(√ᾱ_t x_0, (1 − ᾱ_t) I)``. ``t`` runs from 1 to T.

    >>> q_sample([1.0], 1, [0.0], [0.19, 0.5]).round(4).tolist()  # √0.81 = 0.9
    [0.9]
    """
    ab = alpha_bar(betas)
    if not 1 <= t <= len(ab):
        raise ValueError(f"t must be in 1..{len(ab)}, got {t}")
    x, e = as_float_array(x0, "x0"), as_float_array(eps, "eps")
    check_same_shape(x, e, "x0 and eps")
    return math.sqrt(ab[t - 1]) * x + math.sqrt(1.0 - ab[t - 1]) * e


def noise_prediction_loss(eps: ArrayLike, eps_pred: ArrayLike) -> FloatArray:
    """DDPM's ``L_simple`` for a batch: the mean of ``‖ε − ε_θ(x_t, t)‖²`` over the batch,
    here divided by the number of entries too (as ``F.mse_loss`` and Ho et al.'s released code do).

    >>> float(noise_prediction_loss([[1.0, -1.0]], [[0.0, -1.0]]))
    0.5
    """
    e, p = as_float_array(eps, "eps"), as_float_array(eps_pred, "eps_pred")
    check_same_shape(e, p, "eps and eps_pred")
    return np.mean((e - p) ** 2)


def gaussian_data_noise_prediction(x_t: ArrayLike, alpha_bar_t: float, data_var: float = 1.0) -> FloatArray:
    """The best possible noise prediction ``𝔼[ε ∣ x_t]`` when the data are ``x_0 ∼ 𝒩(0, s²)``:
    ``√(1 − ᾱ_t) x_t / (ᾱ_t s² + 1 − ᾱ_t)``. No network can have a lower ``L_simple``.

    It equals ``−√(1 − ᾱ_t)`` times the score of ``q(x_t) = 𝒩(0, ᾱ_t s² + 1 − ᾱ_t)``.

    >>> gaussian_data_noise_prediction([1.0], alpha_bar_t=0.0).tolist()  # pure noise: x_t is ε
    [1.0]
    """
    if not 0.0 <= alpha_bar_t < 1.0:
        raise ValueError(f"alpha_bar_t must be in [0, 1), got {alpha_bar_t}")
    _positive(data_var, "data_var")
    x = as_float_array(x_t, "x_t")
    return math.sqrt(1.0 - alpha_bar_t) * x / (alpha_bar_t * data_var + 1.0 - alpha_bar_t)


def gaussian_score(x: ArrayLike, mean: ArrayLike = 0.0, std: float = 1.0) -> FloatArray:
    """The score ``∇_x log 𝒩(x; μ, σ² I) = −(x − μ) / σ²``: it points back towards the mean.

    >>> gaussian_score([2.0, -1.0], mean=0.0, std=2.0).tolist()
    [-0.5, 0.25]
    """
    _positive(std, "std")
    x_ = as_float_array(x, "x")
    mu = as_float_array(mean, "mean").astype(x_.dtype)  # float32 in, float32 out
    return -(x_ - mu) / x_.dtype.type(std**2)


def optimal_discriminator(p_data: ArrayLike, p_g: ArrayLike) -> FloatArray:
    """The discriminator that maximises the GAN value for a fixed generator (Goodfellow et
    al. 2014): ``D*(x) = p_data(x) / (p_data(x) + p_g(x))``, pointwise.

    >>> optimal_discriminator([0.5, 0.5, 0.0], [0.25, 0.5, 0.25]).round(4).tolist()
    [0.6667, 0.5, 0.0]
    """
    p, q = check_probabilities(p_data, "p_data"), check_probabilities(p_g, "p_g")
    check_same_shape(p, q, "p_data and p_g")
    with np.errstate(invalid="ignore"):
        return np.where(p + q > 0, p / np.where(p + q > 0, p + q, 1.0), 0.5)


def gan_value(p_data: ArrayLike, p_g: ArrayLike, d: ArrayLike) -> float:
    """``V(D, G) = 𝔼_{x∼p_data}[log D(x)] + 𝔼_{x∼p_g}[log(1 − D(x))]`` on a finite set of
    outcomes, with the generator's samples described by their distribution ``p_g``.

    >>> round(gan_value([0.5, 0.5], [0.5, 0.5], [0.5, 0.5]), 4)  # −log 4
    -1.3863
    """
    p, q = check_probabilities(p_data, "p_data"), check_probabilities(p_g, "p_g")
    d_ = as_float_array(d, "d")
    check_same_shape(p, d_, "p_data and d")
    check_same_shape(q, d_, "p_g and d")
    if np.any(d_ < 0) or np.any(d_ > 1):
        raise ValueError("d must hold probabilities in [0, 1]")
    with np.errstate(divide="ignore", invalid="ignore"):
        real = np.where(p > 0, p * np.log(np.where(p > 0, d_, 1.0)), 0.0)
        fake = np.where(q > 0, q * np.log(np.where(q > 0, 1.0 - d_, 1.0)), 0.0)
    return float(np.sum(real) + np.sum(fake))


def cosine_similarity_matrix(a: ArrayLike, b: ArrayLike) -> FloatArray:
    """Cosine similarity of every row of ``a`` (``B × d``) with every row of ``b`` (``M × d``): ``B × M``.

    >>> cosine_similarity_matrix([[1.0, 0.0], [1.0, 1.0]], [[2.0, 0.0]]).round(4).tolist()
    [[1.0], [0.7071]]
    """
    a = as_float_array(a, "a")
    b = as_float_array(b, "b")
    na = a / np.linalg.norm(a, axis=-1, keepdims=True)
    nb = b / np.linalg.norm(b, axis=-1, keepdims=True)
    return na @ nb.T


def _check_pairs(a: ArrayLike, b: ArrayLike, tau: float) -> tuple[FloatArray, FloatArray]:
    _positive(tau, "tau")
    a_, b_ = as_float_array(a, "anchors"), as_float_array(b, "positives")
    if a_.ndim != 2 or a_.shape != b_.shape:
        raise ValueError(f"need two (B, d) arrays of one shape, got {a_.shape} and {b_.shape}")
    if np.any(np.linalg.norm(a_, axis=-1) == 0) or np.any(np.linalg.norm(b_, axis=-1) == 0):
        raise ValueError("embeddings must be non-zero to have a cosine similarity")
    return a_, b_


def info_nce(anchors: ArrayLike, positives: ArrayLike, tau: float = 0.1) -> FloatArray:
    """InfoNCE, one loss per anchor: ``−log softmax_j(sim(a_i, p_j)/τ)`` at ``j = i``.

    Row ``i`` of ``anchors`` and row ``i`` of ``positives`` are a pair; the other rows of
    ``positives`` are the negatives. ``sim`` is the cosine similarity. It is cross-entropy
    over "which of the B candidates is my pair", with the right answer on the diagonal
    (CLIP averages this loss in both directions).

    >>> info_nce([[1.0, 0.0], [0.0, 1.0]], [[1.0, 0.0], [0.0, 1.0]], tau=1.0).round(4).tolist()
    [0.3133, 0.3133]
    """
    a, b = _check_pairs(anchors, positives, tau)
    logits = cosine_similarity_matrix(a, b) / tau
    return -np.diag(log_softmax(logits, axis=-1))


def nt_xent(view1: ArrayLike, view2: ArrayLike, tau: float = 0.5) -> FloatArray:
    """SimCLR's NT-Xent, one loss per view (``2B`` of them): each of the ``2B`` embeddings
    must find its partner among the other ``2B − 1`` (itself excluded, the ``𝟙[k ≠ i]``).

    Rows ``0..B−1`` of the result are ``ℓ(i, i + B)``, rows ``B..2B−1`` are ``ℓ(i + B, i)``;
    SimCLR's loss is their mean.

    >>> nt_xent([[1.0, 0.0]], [[1.0, 0.0]], tau=1.0).round(4).tolist()  # B = 1: no negatives
    [0.0, 0.0]
    """
    a, b = _check_pairs(view1, view2, tau)
    z = np.vstack([a, b])
    n = len(a)
    logits = cosine_similarity_matrix(z, z) / tau
    np.fill_diagonal(logits, -np.inf)
    partner = np.concatenate([np.arange(n, 2 * n), np.arange(n)])
    return 0.0 - log_softmax(logits, axis=-1)[np.arange(2 * n), partner]  # 0.0 - keeps −0.0 out


CHINCHILLA: dict[str, float] = {"E": 1.69, "A": 406.4, "B": 410.7, "alpha": 0.34, "beta": 0.28}
"""The parametric loss fit of Hoffmann et al. (2022), their "approach 3"."""


def chinchilla_loss(
    N: ArrayLike, D: ArrayLike, E: float = 1.69, A: float = 406.4, B: float = 410.7, alpha: float = 0.34, beta: float = 0.28
) -> FloatArray:
    """``L(N, D) = E + A / N^α + B / D^β``: predicted pre-training loss (nats per token) of a
    model with ``N`` parameters trained on ``D`` tokens, with Chinchilla's fitted constants.

    >>> round(float(chinchilla_loss(70e9, 1.4e12)), 4)  # Chinchilla itself
    1.9366
    """
    n, d = as_float_array(N, "N"), as_float_array(D, "D")
    if np.any(n <= 0) or np.any(d <= 0):
        raise ValueError("N and D must be positive")
    return E + A / n**alpha + B / d**beta


def training_flops(N: ArrayLike, D: ArrayLike) -> FloatArray:
    """``C ≈ 6 N D``: about 6 floating-point operations per parameter per training token
    (2 for the forward pass, 4 for the backward pass).

    >>> float(training_flops(70e9, 1.4e12))
    5.88e+23
    """
    return 6.0 * as_float_array(N, "N") * as_float_array(D, "D")


def chinchilla_optimal(
    C: float, A: float = 406.4, B: float = 410.7, alpha: float = 0.34, beta: float = 0.28
) -> tuple[float, float]:
    """The ``(N, D)`` that minimise ``chinchilla_loss`` for a compute budget ``C = 6 N D``.

    Setting the derivative along the budget to zero gives
    ``N_opt = G (C/6)^{β/(α+β)}``, ``D_opt = (C/6) / N_opt`` with ``G = (α A / (β B))^{1/(α+β)}``.

    >>> N, D = chinchilla_optimal(5.88e23)
    >>> round(N / 1e9, 1), round(D / 1e9), round(D / N, 1)
    (32.5, 3016, 92.8)
    """
    _positive(C, "C")
    G = (alpha * A / (beta * B)) ** (1.0 / (alpha + beta))
    N = G * (C / 6.0) ** (beta / (alpha + beta))
    return float(N), float(C / 6.0 / N)


KAPLAN: dict[str, float] = {
    "alpha_N": 0.076, "N_c": 8.8e13,  # L(N): N non-embedding parameters
    "alpha_D": 0.095, "D_c": 5.4e13,  # L(D): D training tokens
    "alpha_C": 0.050, "C_c": 3.1e8,  # L(C_min): C_min in PF-days
    "N_opt_exponent": 0.73,  # N_opt grows as C_min^0.73
}
"""The power laws of Kaplan et al. (2020), "Scaling Laws for Neural Language Models" (eqs. 1.1-1.3),
with the exponent of their compute-optimal model size."""


def kaplan_loss(x: ArrayLike, scale: float, exponent: float) -> FloatArray:
    """One of Kaplan et al.'s power laws, ``L(x) = (x_c / x)^α``: the loss (nats per token) when
    only ``x`` (parameters, tokens or compute) limits it, with scale ``x_c`` and exponent ``α``.

    >>> round(float(kaplan_loss(1e9, KAPLAN["N_c"], KAPLAN["alpha_N"])), 4)  # 10⁹ non-embedding parameters
    2.3756
    """
    _positive(scale, "scale")
    _positive(exponent, "exponent")
    arr = as_float_array(x, "x")
    if np.any(arr <= 0):
        raise ValueError("x must be positive")
    return (scale / arr) ** exponent
