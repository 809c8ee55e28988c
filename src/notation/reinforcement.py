"""Reinforcement learning on one tiny world, and the losses that fine-tune language models.

Every example on the site uses the same small world, the **corridor**: cells 0, 1, 2 in a
row and a goal to the right of cell 2. The agent starts in cell 0 and has two actions,
0 = left and 1 = right. Moving right from cell 2 enters the goal, pays reward 1 and ends
the episode; every other move pays 0, and moving left from cell 0 bumps the wall and stays.

A finite world is stored as two arrays over its non-terminal states (``S`` states, ``A``
actions): ``P[s, a, s2]``, the probability of moving to ``s2``, and ``R[s, a]``, the expected
reward. Probability that is missing from a row of ``P`` is the chance of ending the episode.
A policy is a table ``pi[s, a]`` whose rows sum to 1. States and actions are numbered from 0.
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike, NDArray

from notation._checks import FloatArray, as_float_array, check_probabilities
from notation.activations import softmax, softplus

__all__ = [
    "discounted_returns",
    "effective_horizon",
    "corridor",
    "bandit",
    "softmax_policy",
    "state_values",
    "action_values",
    "sample_episode",
    "trajectory_log_prob",
    "monte_carlo_values",
    "gae",
    "policy_objective",
    "policy_gradient",
    "reinforce_gradient",
    "ppo_clip_objective",
    "dpo_loss",
    "dpo_implicit_reward",
]


def _check_gamma(gamma: float, allow_one: bool = False) -> None:
    if not (0.0 <= gamma < 1.0 or (allow_one and gamma == 1.0)):
        raise ValueError(f"gamma must be in [0, 1{']' if allow_one else ')'}, got {gamma}")


def discounted_returns(rewards: ArrayLike, gamma: float) -> FloatArray:
    """The return from every step, ``G_t = r_{t+1} + γ r_{t+2} + γ² r_{t+3} + …``.

    ``rewards[k]`` is the reward received after step ``k`` (``r_{k+1}`` in Sutton and
    Barto's numbering); the episode ends after the last one. Computed backwards with
    ``G_t = r_{t+1} + γ G_{t+1}``.

    >>> discounted_returns([0.0, 0.0, 1.0], gamma=0.9).round(4).tolist()
    [0.81, 0.9, 1.0]
    """
    _check_gamma(gamma, allow_one=True)
    r = as_float_array(rewards, "rewards").astype(np.float64)
    if r.ndim != 1:
        raise ValueError(f"rewards must be a vector, got shape {r.shape}")
    out = np.zeros_like(r)
    running = 0.0
    for t in range(len(r) - 1, -1, -1):
        running = r[t] + gamma * running
        out[t] = running
    return out


def effective_horizon(gamma: float) -> float:
    """``1 / (1 − γ)``: the total weight ``Σ_k γ^k`` of all future rewards, read as a horizon.

    >>> round(effective_horizon(0.9), 6), round(effective_horizon(0.99), 6)
    (10.0, 100.0)
    """
    _check_gamma(gamma)
    return 1.0 / (1.0 - gamma)


def corridor(n_cells: int = 3, goal_reward: float = 1.0) -> tuple[FloatArray, FloatArray]:
    """The site's small world: ``(P, R)`` for a corridor of ``n_cells`` cells and a goal.

    Actions: 0 = left, 1 = right. Right from the last cell enters the goal (reward
    ``goal_reward``, episode over), so that row of ``P`` sums to 0.

    >>> P, R = corridor()
    >>> P.shape, R.shape, R[2].tolist(), P[2, 1].sum()
    ((3, 2, 3), (3, 2), [0.0, 1.0], np.float64(0.0))
    """
    if n_cells < 1:
        raise ValueError(f"n_cells must be at least 1, got {n_cells}")
    P = np.zeros((n_cells, 2, n_cells))
    R = np.zeros((n_cells, 2))
    for s in range(n_cells):
        P[s, 0, max(s - 1, 0)] = 1.0
        if s + 1 < n_cells:
            P[s, 1, s + 1] = 1.0
        else:
            R[s, 1] = goal_reward
    return P, R


def bandit(payoffs: ArrayLike) -> tuple[FloatArray, FloatArray]:
    """A one-state world with one action per arm: ``(P, R)`` where pulling arm ``a`` pays
    ``payoffs[a]`` and ends the episode, so every row of ``P`` sums to 0.

    >>> P, R = bandit([1.0, 0.2])
    >>> P.shape, R.tolist(), float(P.sum())
    ((1, 2, 1), [[1.0, 0.2]], 0.0)
    """
    r = as_float_array(payoffs, "payoffs").astype(np.float64)
    if r.ndim != 1 or len(r) < 2:
        raise ValueError(f"payoffs must be a vector with one entry per arm (at least 2), got shape {r.shape}")
    return np.zeros((1, len(r), 1)), r[None, :]


def softmax_policy(logits: ArrayLike) -> FloatArray:
    """A policy table ``π_θ(a ∣ s)`` from logits ``θ[s, a]``: a softmax over each state's actions.

    >>> softmax_policy([[0.0, 0.0], [0.0, np.log(3.0)]]).round(2).tolist()
    [[0.5, 0.5], [0.25, 0.75]]
    """
    theta = as_float_array(logits, "logits")
    if theta.ndim != 2:
        raise ValueError(f"logits must be a table of shape (states, actions), got {theta.shape}")
    return softmax(theta, axis=-1)


def _check_world(P: ArrayLike, R: ArrayLike, pi: ArrayLike) -> tuple[FloatArray, FloatArray, FloatArray]:
    P_, R_ = as_float_array(P, "P").astype(np.float64), as_float_array(R, "R").astype(np.float64)
    pi_ = check_probabilities(pi, "pi").astype(np.float64)
    if P_.ndim != 3 or P_.shape[0] != P_.shape[2]:
        raise ValueError(f"P must have shape (S, A, S), got {P_.shape}")
    if R_.shape != P_.shape[:2] or pi_.shape != P_.shape[:2]:
        raise ValueError(f"R and pi must have shape {P_.shape[:2]}, got {R_.shape} and {pi_.shape}")
    if np.any(P_ < 0) or np.any(P_.sum(axis=-1) > 1 + 1e-9):
        raise ValueError("each row P[s, a] must be non-negative and sum to at most 1")
    return P_, R_, pi_


def state_values(P: ArrayLike, R: ArrayLike, pi: ArrayLike, gamma: float) -> FloatArray:
    """``V^π`` by solving the Bellman equation ``V = r_π + γ P_π V`` as a linear system.

    ``r_π[s] = Σ_a π(a∣s) R[s, a]`` and ``P_π[s, s2] = Σ_a π(a∣s) P[s, a, s2]``; terminal
    states are left out (their value is 0).

    >>> P, R = corridor()
    >>> state_values(P, R, [[0.0, 1.0]] * 3, gamma=0.9).round(4).tolist()  # always right
    [0.81, 0.9, 1.0]
    """
    _check_gamma(gamma, allow_one=True)
    P_, R_, pi_ = _check_world(P, R, pi)
    r_pi = np.sum(pi_ * R_, axis=1)
    P_pi = np.einsum("sa,sat->st", pi_, P_)
    A = np.eye(len(r_pi)) - gamma * P_pi
    if np.linalg.matrix_rank(A) < len(r_pi):
        raise ValueError("the Bellman system is singular: with gamma = 1 some state never ends its episode")
    return np.linalg.solve(A, r_pi)


def action_values(P: ArrayLike, R: ArrayLike, pi: ArrayLike, gamma: float) -> FloatArray:
    """``Q^π(s, a) = R[s, a] + γ Σ_{s2} P[s, a, s2] V^π(s2)``: act once, then follow ``π``.

    >>> P, R = corridor()
    >>> action_values(P, R, [[0.0, 1.0]] * 3, gamma=0.9).round(4).tolist()
    [[0.729, 0.81], [0.729, 0.9], [0.81, 1.0]]
    """
    V = state_values(P, R, pi, gamma)
    P_, R_, _ = _check_world(P, R, pi)
    return R_ + gamma * np.einsum("sat,t->sa", P_, V)


def sample_episode(
    P: ArrayLike,
    R: ArrayLike,
    pi: ArrayLike,
    rng: np.random.Generator,
    start: int = 0,
    max_steps: int = 1000,
) -> tuple[NDArray[np.intp], NDArray[np.intp], FloatArray]:
    """One episode ``(states, actions, rewards)`` following ``π`` from ``start``.

    ``rewards[t]`` is the reward after acting in ``states[t]``. The episode stops when it
    reaches a terminal state or after ``max_steps`` steps.

    >>> P, R = corridor()
    >>> s, a, r = sample_episode(P, R, [[0.0, 1.0]] * 3, np.random.default_rng(0))
    >>> s.tolist(), a.tolist(), r.tolist()
    ([0, 1, 2], [1, 1, 1], [0.0, 0.0, 1.0])
    """
    P_, R_, pi_ = _check_world(P, R, pi)
    n_states, n_actions = R_.shape
    states, actions, rewards = [], [], []
    s = start
    for _ in range(max_steps):
        a = int(rng.choice(n_actions, p=pi_[s]))
        states.append(s)
        actions.append(a)
        rewards.append(R_[s, a])
        stay = P_[s, a]
        # the missing mass is the chance of ending the episode
        nxt = int(rng.choice(n_states + 1, p=np.append(stay, max(0.0, 1.0 - stay.sum()))))
        if nxt == n_states:
            break
        s = nxt
    return np.array(states, dtype=np.intp), np.array(actions, dtype=np.intp), np.array(rewards)


def trajectory_log_prob(pi: ArrayLike, states: ArrayLike, actions: ArrayLike) -> float:
    """``log π(τ) = Σ_t log π(a_t ∣ s_t)``: how likely the policy makes a list of actions.

    In a world whose moves are certain (the corridor) this is the log-probability of the
    whole trajectory; a language model's ``log π(y ∣ x)`` is the same sum over tokens.

    >>> round(trajectory_log_prob([[0.3, 0.7]] * 3, [0, 1, 2], [1, 1, 1]), 4)  # 3 log 0.7
    -1.07
    """
    pi_ = check_probabilities(pi, "pi")
    s = np.asarray(states, dtype=np.intp)
    a = np.asarray(actions, dtype=np.intp)
    if s.shape != a.shape or s.ndim != 1:
        raise ValueError(f"states and actions must be vectors of one length, got {s.shape} and {a.shape}")
    return float(np.sum(np.log(pi_[s, a])))


def monte_carlo_values(
    P: ArrayLike, R: ArrayLike, pi: ArrayLike, gamma: float, rng: np.random.Generator, episodes: int = 1000
) -> FloatArray:
    """``V^π(s)`` estimated by playing ``episodes`` episodes from each state and averaging
    their discounted returns: no Bellman equation, only sampling.

    >>> P, R = corridor()
    >>> monte_carlo_values(P, R, [[0.0, 1.0]] * 3, 0.9, np.random.default_rng(0), 10).round(4).tolist()
    [0.81, 0.9, 1.0]
    """
    _check_gamma(gamma, allow_one=True)
    if episodes < 1:
        raise ValueError(f"episodes must be at least 1, got {episodes}")
    _, R_, _ = _check_world(P, R, pi)
    out = np.zeros(R_.shape[0])
    for s in range(R_.shape[0]):
        total = 0.0
        for _ in range(episodes):
            _, _, rewards = sample_episode(P, R, pi, rng, start=s)
            total += discounted_returns(rewards, gamma)[0]
        out[s] = total / episodes
    return out


def gae(rewards: ArrayLike, values: ArrayLike, gamma: float, lam: float, last_value: float = 0.0) -> FloatArray:
    """Generalised advantage estimates ``Â_t = Σ_l (γλ)^l δ_{t+l}`` (Schulman et al. 2016).

    ``δ_t = rewards[t] + γ V(s_{t+1}) − V(s_t)`` is the one-step surprise (``rewards[t]`` is the
    reward after acting at step t: ``r_t`` in Schulman et al., ``r_{t+1}`` in Sutton and Barto);
    ``values[t]`` is the critic's ``V(s_t)`` and ``last_value`` the value after the last step (0 when
    the episode ended). ``λ = 0`` gives ``δ_t`` alone; ``λ = 1`` gives ``G_t − V(s_t)``.

    >>> gae([0.0, 1.0], [0.5, 0.8], gamma=0.9, lam=1.0).round(4).tolist()  # G_t - V(s_t)
    [0.4, 0.2]
    """
    _check_gamma(gamma, allow_one=True)
    if not 0.0 <= lam <= 1.0:
        raise ValueError(f"lam must be in [0, 1], got {lam}")
    r = as_float_array(rewards, "rewards").astype(np.float64)
    v = as_float_array(values, "values").astype(np.float64)
    if r.ndim != 1 or r.shape != v.shape:
        raise ValueError(f"rewards and values must be vectors of one length, got {r.shape} and {v.shape}")
    next_v = np.append(v[1:], last_value)
    delta = r + gamma * next_v - v
    out = np.zeros_like(r)
    running = 0.0
    for t in range(len(r) - 1, -1, -1):
        running = delta[t] + gamma * lam * running
        out[t] = running
    return out


def policy_objective(P: ArrayLike, R: ArrayLike, logits: ArrayLike, gamma: float, start: int = 0) -> float:
    """``J(θ) = V^{π_θ}(start)``: the expected discounted return of the softmax policy.

    >>> P, R = corridor()
    >>> round(policy_objective(P, R, np.zeros((3, 2)), gamma=0.9), 4)  # a coin flip each step
    0.4288
    """
    return float(state_values(P, R, softmax_policy(logits), gamma)[start])


def policy_gradient(P: ArrayLike, R: ArrayLike, logits: ArrayLike, gamma: float, start: int = 0) -> FloatArray:
    """The exact ``∇_θ J`` of a softmax policy table, by the policy gradient theorem.

    ``∇_θ J = Σ_s d(s) Σ_a π(a∣s) ∇_θ log π(a∣s) Q(s, a)`` with ``d`` the discounted number of
    visits to each state from ``start``. For a softmax table this is
    ``∂J/∂θ[s, a] = d(s) π(a∣s) A(s, a)``, with the advantage ``A = Q − V``.

    >>> P, R = corridor()
    >>> g = policy_gradient(P, R, np.zeros((3, 2)), gamma=0.9)
    >>> bool(np.all(g[:, 1] > 0)), np.allclose(g.sum(axis=1), 0)  # push right; rows sum to 0
    (True, True)
    """
    _check_gamma(gamma)
    pi = softmax_policy(logits)
    P_, _, pi_ = _check_world(P, R, pi)
    V = state_values(P, R, pi_, gamma)
    Q = action_values(P, R, pi_, gamma)
    P_pi = np.einsum("sa,sat->st", pi_, P_)
    d = np.linalg.solve((np.eye(len(V)) - gamma * P_pi).T, np.eye(len(V))[start])
    return d[:, None] * pi_ * (Q - V[:, None])


def reinforce_gradient(
    P: ArrayLike,
    R: ArrayLike,
    logits: ArrayLike,
    gamma: float,
    rng: np.random.Generator,
    episodes: int = 1000,
    start: int = 0,
) -> FloatArray:
    """``∇_θ J`` estimated from sampled episodes with the log-derivative trick (REINFORCE).

    Averages ``Σ_t γ^t G_t ∇_θ log π_θ(a_t ∣ s_t)`` over ``episodes`` episodes; for a softmax
    table ``∂ log π(a∣s) / ∂θ[s, b] = 𝟙[a = b] − π(b∣s)``. No derivative of the world is needed.

    >>> P, R = corridor()
    >>> g = reinforce_gradient(P, R, np.zeros((3, 2)), 0.9, np.random.default_rng(0), episodes=2000)
    >>> bool(np.all(g[:, 1] > 0))
    True
    """
    _check_gamma(gamma)
    if episodes < 1:
        raise ValueError(f"episodes must be at least 1, got {episodes}")
    pi = softmax_policy(logits)
    total = np.zeros_like(pi)
    for _ in range(episodes):
        states, actions, rewards = sample_episode(P, R, pi, rng, start=start)
        G = discounted_returns(rewards, gamma)
        for t, (s, a) in enumerate(zip(states, actions)):
            score = -pi[s].copy()
            score[a] += 1.0
            total[s] += gamma**t * G[t] * score
    return total / episodes


def ppo_clip_objective(ratio: ArrayLike, advantage: ArrayLike, eps: float = 0.2) -> FloatArray:
    """PPO's clipped surrogate ``min(r Â, clip(r, 1 − ε, 1 + ε) Â)`` for each sample (to maximise).

    ``ratio`` is ``r_t(θ) = π_θ(a_t∣s_t) / π_θold(a_t∣s_t)``; ε = 0.2 is the value Schulman
    et al. (2017) use. The loss a library minimises is its negative mean.

    >>> ppo_clip_objective([0.5, 1.0, 1.5], 1.0).tolist()   # good action: gain capped at 1.2
    [0.5, 1.0, 1.2]
    >>> ppo_clip_objective([0.5, 1.0, 1.5], -1.0).tolist()  # bad action: only 0.8 is capped
    [-0.8, -1.0, -1.5]
    """
    if not 0.0 <= eps < 1.0:
        raise ValueError(f"eps must be in [0, 1), got {eps}")
    r = as_float_array(ratio, "ratio")
    if np.any(r < 0):
        raise ValueError("ratio must be non-negative (it is a ratio of probabilities)")
    adv = as_float_array(advantage, "advantage")
    return np.minimum(r * adv, np.clip(r, 1.0 - eps, 1.0 + eps) * adv)


def dpo_implicit_reward(logp: ArrayLike, ref_logp: ArrayLike, beta: float) -> FloatArray:
    """DPO's implicit reward ``β log(π_θ(y∣x) / π_ref(y∣x))`` from the two log-probabilities.

    >>> dpo_implicit_reward(np.log(0.2), np.log(0.1), beta=0.1).round(4)
    np.float64(0.0693)
    """
    if beta <= 0:
        raise ValueError(f"beta must be positive, got {beta}")
    return beta * (as_float_array(logp, "logp") - as_float_array(ref_logp, "ref_logp"))


def dpo_loss(
    logp_chosen: ArrayLike, logp_rejected: ArrayLike, ref_logp_chosen: ArrayLike, ref_logp_rejected: ArrayLike, beta: float
) -> FloatArray:
    """The DPO loss ``−log σ(r_w − r_l)`` of a preferred (``y_w``) and a rejected (``y_l``)
    answer, with the implicit rewards ``r = β log π_θ/π_ref`` (Rafailov et al. 2023).

    Inputs are the sequence log-probabilities ``log π(y∣x)`` under the policy and the frozen
    reference. Computed as ``softplus(−(r_w − r_l))`` so it never overflows. At the start,
    when the policy equals the reference, the loss is ``log 2``.

    >>> round(float(dpo_loss(-5.0, -7.0, -5.0, -7.0, beta=0.1)), 4)  # policy = reference
    0.6931
    """
    margin = dpo_implicit_reward(logp_chosen, ref_logp_chosen, beta) - dpo_implicit_reward(
        logp_rejected, ref_logp_rejected, beta
    )
    return softplus(-margin)

