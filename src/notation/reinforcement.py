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

from notation._checks import FloatArray, as_float_array, check_probabilities, check_same_shape
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
    "td_error",
    "td_zero",
    "epsilon_greedy",
    "q_learning",
    "sarsa",
    "periodic_copy",
    "polyak_update",
    "deterministic_policy_gradient",
    "gaussian_score_gradient",
    "discounted_visits",
    "monte_carlo_visits",
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
    n_actions = R_.shape[1]
    states, actions, rewards = [], [], []
    s: int | None = _check_state(start, R_.shape[0])
    for _ in range(max_steps):
        assert s is not None
        a = int(rng.choice(n_actions, p=pi_[s]))
        states.append(s)
        actions.append(a)
        rewards.append(R_[s, a])
        s = _next_state(P_, s, a, rng)
        if s is None:
            break
    return np.array(states, dtype=np.intp), np.array(actions, dtype=np.intp), np.array(rewards)


def _check_state(s: int, n_states: int) -> int:
    if isinstance(s, bool) or not isinstance(s, (int, np.integer)) or not 0 <= s < n_states:
        raise ValueError(f"a state must be an integer in 0..{n_states - 1}, got {s!r}")
    return int(s)


def _next_state(P_: FloatArray, s: int, a: int, rng: np.random.Generator) -> int | None:
    """The state after acting ``a`` in ``s``, or None when the episode ends (the missing mass of ``P[s, a]``)."""
    stay = P_[s, a]
    nxt = int(rng.choice(len(stay) + 1, p=np.append(stay, max(0.0, 1.0 - stay.sum()))))
    return None if nxt == len(stay) else nxt


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


def td_error(reward: ArrayLike, value: ArrayLike, next_value: ArrayLike, gamma: float, done: ArrayLike = False) -> FloatArray:
    """The TD error ``δ = r + γ V(s′) − V(s)``, with ``V(s′)`` taken as 0 where the episode ended.

    ``r + γ V(s′)`` is the TD target: a one-step guess at the return, built from the reward
    actually received and the current estimate of where it led. In Sutton and Barto's
    numbering this is ``δ_t = R_{t+1} + γ V(S_{t+1}) − V(S_t)``.

    >>> round(float(td_error(0.0, value=0.5, next_value=0.9, gamma=0.9)), 4)  # 0 + 0.81 − 0.5
    0.31
    >>> float(td_error(1.0, value=0.5, next_value=0.9, gamma=0.9, done=True))  # no next state
    0.5
    """
    _check_gamma(gamma, allow_one=True)
    r, v, v2 = (as_float_array(x, name).astype(np.float64) for x, name in ((reward, "reward"), (value, "value"), (next_value, "next_value")))
    ended = np.asarray(done, dtype=bool)
    return r + gamma * np.where(ended, 0.0, v2) - v


def _check_learning(gamma: float, alpha: float, episodes: int) -> None:
    _check_gamma(gamma, allow_one=True)
    if not 0.0 < alpha <= 1.0:
        raise ValueError(f"the step size alpha must be in (0, 1], got {alpha}")
    if episodes < 1:
        raise ValueError(f"episodes must be at least 1, got {episodes}")


def td_zero(
    P: ArrayLike,
    R: ArrayLike,
    pi: ArrayLike,
    gamma: float,
    alpha: float,
    episodes: int,
    rng: np.random.Generator,
    start: int = 0,
) -> FloatArray:
    """``V^π`` learnt by TD(0): after every step, ``V(s) ← V(s) + α δ`` with the TD error ``δ``.

    The table starts at 0 and learns from ``episodes`` episodes that start in ``start`` and
    follow ``π``; no Bellman equation is solved and no episode has to end before learning.
    With a constant step size the estimate keeps jittering around ``V^π`` by an amount that
    shrinks with ``α``.

    >>> P, R = corridor()
    >>> td_zero(P, R, [[0.0, 1.0]] * 3, 0.9, alpha=0.5, episodes=30, rng=np.random.default_rng(0)).round(3).tolist()
    [0.81, 0.9, 1.0]
    """
    _check_learning(gamma, alpha, episodes)
    P_, R_, pi_ = _check_world(P, R, pi)
    step = _fast_step(P_)
    pi_cum = np.cumsum(pi_, axis=1)
    V = np.zeros(R_.shape[0])
    for _ in range(episodes):
        s: int | None = _check_state(start, len(V))
        while s is not None:
            a = _draw(pi_cum[s], rng)
            s2 = step(s, a, rng)
            target = R_[s, a] + (0.0 if s2 is None else gamma * V[s2])  # the TD target
            V[s] += alpha * (target - V[s])  # α times the TD error δ
            s = s2
    return V


def _draw(cum: FloatArray, rng: np.random.Generator) -> int:
    """An index drawn with the probabilities whose running sum is ``cum``."""
    return min(int(np.searchsorted(cum, rng.random() * cum[-1], side="right")), len(cum) - 1)


def _fast_step(P_: FloatArray):  # type: ignore[no-untyped-def]
    """``step(s, a, rng)``: the next state, or None when the episode ends, drawn with one uniform number."""
    cum = np.cumsum(P_, axis=2)

    def step(s: int, a: int, rng: np.random.Generator) -> int | None:
        i = int(np.searchsorted(cum[s, a], rng.random(), side="right"))
        return None if i >= cum.shape[2] else i

    return step


def epsilon_greedy(Q: ArrayLike, epsilon: float) -> FloatArray:
    """The ε-greedy policy table of ``Q``: every action gets ``ε / A``, and the greedy action
    (shared equally when several tie) gets the remaining ``1 − ε`` on top.

    >>> epsilon_greedy([[0.0, 1.0], [0.5, 0.5]], 0.2).round(3).tolist()
    [[0.1, 0.9], [0.5, 0.5]]
    """
    q = as_float_array(Q, "Q").astype(np.float64)
    if q.ndim != 2:
        raise ValueError(f"Q must be a table of shape (states, actions), got {q.shape}")
    if not 0.0 <= epsilon <= 1.0:
        raise ValueError(f"epsilon must be in [0, 1], got {epsilon}")
    best = np.isclose(q, q.max(axis=1, keepdims=True), rtol=0.0, atol=1e-12)
    return epsilon / q.shape[1] + (1.0 - epsilon) * best / best.sum(axis=1, keepdims=True)


def _td_control(
    P: ArrayLike, R: ArrayLike, gamma: float, alpha: float, epsilon: float, episodes: int, rng: np.random.Generator, start: int, greedy_target: bool
) -> FloatArray:
    _check_learning(gamma, alpha, episodes)
    if not 0.0 <= epsilon <= 1.0:
        raise ValueError(f"epsilon must be in [0, 1], got {epsilon}")
    R_ = as_float_array(R, "R").astype(np.float64)
    P_, R_, _ = _check_world(P, R_, np.full(R_.shape, 1.0 / R_.shape[1]))
    step = _fast_step(P_)
    Q = np.zeros(R_.shape)
    n_actions = Q.shape[1]

    def act(s: int) -> int:  # ε-greedy, ties broken at random: the policy epsilon_greedy(Q, ε)
        if rng.random() < epsilon:
            return int(rng.integers(n_actions))
        q = Q[s].tolist()
        top = max(q)
        best = [i for i, v in enumerate(q) if top - v <= 1e-12]
        return best[0] if len(best) == 1 else best[int(rng.integers(len(best)))]

    for _ in range(episodes):
        s: int | None = _check_state(start, Q.shape[0])
        assert s is not None
        a = act(s)
        while s is not None:
            s2 = step(s, a, rng)
            a2 = None if s2 is None else act(s2)
            if s2 is None:
                next_q = 0.0
            elif greedy_target:
                next_q = Q[s2].max()  # Q-learning: the best next action, whatever is done next
            else:
                next_q = Q[s2, a2]  # SARSA: the next action the policy actually takes
            Q[s, a] += alpha * (R_[s, a] + gamma * next_q - Q[s, a])
            s, a = s2, a2  # type: ignore[assignment]
    return Q


def q_learning(
    P: ArrayLike, R: ArrayLike, gamma: float, alpha: float, epsilon: float, episodes: int, rng: np.random.Generator, start: int = 0
) -> FloatArray:
    """Q-learning (Watkins and Dayan 1992): act ε-greedily and after every step update
    ``Q(s, a) ← Q(s, a) + α [r + γ max_{a′} Q(s′, a′) − Q(s, a)]``.

    The target uses the best next action whatever the agent does next (off-policy), so the
    table heads for the optimal ``Q*`` while the agent keeps exploring.

    >>> P, R = corridor()
    >>> q_learning(P, R, 0.9, alpha=0.5, epsilon=0.3, episodes=300, rng=np.random.default_rng(0)).round(3).tolist()
    [[0.729, 0.81], [0.729, 0.9], [0.81, 1.0]]
    """
    return _td_control(P, R, gamma, alpha, epsilon, episodes, rng, start, greedy_target=True)


def sarsa(
    P: ArrayLike, R: ArrayLike, gamma: float, alpha: float, epsilon: float, episodes: int, rng: np.random.Generator, start: int = 0
) -> FloatArray:
    """SARSA: like Q-learning, but the target ``r + γ Q(s′, a′)`` uses the next action ``a′``
    that the ε-greedy policy actually takes (on-policy).

    With ε held fixed it learns the values of the ε-greedy policy itself, exploration
    included, rather than those of the optimal policy.

    >>> P, R = corridor()
    >>> Q = sarsa(P, R, 0.9, alpha=0.1, epsilon=0.3, episodes=500, rng=np.random.default_rng(0))
    >>> bool(np.all(Q[:, 1] > Q[:, 0]))  # it still learns that right is better
    True
    """
    return _td_control(P, R, gamma, alpha, epsilon, episodes, rng, start, greedy_target=False)


def periodic_copy(target: ArrayLike, online: ArrayLike, step: int, period: int) -> FloatArray:
    """DQN's hard target update (Mnih et al. 2015): ``θ⁻ ← θ`` on every ``period``-th step
    (their ``C``), and ``θ⁻`` unchanged otherwise.

    >>> periodic_copy([0.0], [5.0], step=3, period=4).tolist(), periodic_copy([0.0], [5.0], step=4, period=4).tolist()
    ([0.0], [5.0])
    """
    old, new = as_float_array(target, "target"), as_float_array(online, "online")
    check_same_shape(old, new, "target and online")
    if period < 1 or step < 0:
        raise ValueError(f"period must be at least 1 and step at least 0, got {period} and {step}")
    return new.copy() if step % period == 0 else old.copy()


def polyak_update(target: ArrayLike, online: ArrayLike, tau: float) -> FloatArray:
    """DDPG's soft target update (Lillicrap et al. 2016): ``θ′ ← τ θ + (1 − τ) θ′``.

    Repeated every step it makes ``θ′`` an exponential moving average of the online
    parameters, with weight ``τ (1 − τ)^k`` on the value from ``k`` steps ago.

    >>> polyak_update([0.0, 10.0], [1.0, 0.0], tau=0.25).tolist()
    [0.25, 7.5]
    """
    old, new = as_float_array(target, "target"), as_float_array(online, "online")
    check_same_shape(old, new, "target and online")
    if not 0.0 < tau <= 1.0:
        raise ValueError(f"tau must be in (0, 1], got {tau}")
    return old.dtype.type(tau) * new + old.dtype.type(1.0 - tau) * old


def deterministic_policy_gradient(grad_a_q: ArrayLike, grad_theta_mu: ArrayLike, weights: ArrayLike | None = None) -> FloatArray:
    """The deterministic policy gradient ``Σ_s ρ(s) ∇_a Q(s, a)|_{a = μ_θ(s)} ∇_θ μ_θ(s)`` (Silver et al. 2014).

    ``grad_a_q[s]`` is the critic's slope in the action at the action the policy takes
    (shape ``(S,)`` for one action number, ``(S, A)`` for a vector), ``grad_theta_mu[s]``
    the Jacobian of that action in the parameters (``(S, P)`` or ``(S, A, P)``), and
    ``weights`` the state distribution ``ρ`` (uniform when None). The result has shape ``(P,)``.

    >>> deterministic_policy_gradient([2.0, -1.0], [[1.0, 0.0], [1.0, 3.0]]).tolist()  # the mean of 2·[1, 0] and −1·[1, 3]
    [0.5, -1.5]
    """
    g = as_float_array(grad_a_q, "grad_a_q").astype(np.float64)
    J = as_float_array(grad_theta_mu, "grad_theta_mu").astype(np.float64)
    if g.ndim == 1:
        g = g[:, None]
    if J.ndim == 2:
        J = J[:, None, :]
    if g.ndim != 2 or J.ndim != 3 or J.shape[:2] != g.shape:
        raise ValueError(f"grad_a_q (S, A) and grad_theta_mu (S, A, P) do not fit: {g.shape} and {J.shape}")
    w = np.full(len(g), 1.0 / len(g)) if weights is None else check_probabilities(weights, "weights").astype(np.float64)
    if w.shape != (len(g),):
        raise ValueError(f"weights must have one entry per state ({len(g)}), got shape {w.shape}")
    return np.einsum("s,sa,sap->p", w, g, J)


def gaussian_score_gradient(weight: ArrayLike, actions: ArrayLike, mean: ArrayLike, std: float, grad_theta_mean: ArrayLike) -> FloatArray:
    """One REINFORCE term per sample for a Gaussian policy ``a ∼ 𝒩(μ_θ(s), σ²)``:
    ``weight · ∇_θ log π_θ(a ∣ s) = weight · (a − μ_θ(s)) / σ² · ∇_θ μ_θ(s)``.

    ``weight`` is the return (or reward) of each sample, ``mean`` the policy's ``μ_θ(s)`` for
    it and ``grad_theta_mean`` its gradient (shape ``(N, P)``); the result is ``(N, P)``, and
    its mean over samples estimates the policy gradient.

    >>> gaussian_score_gradient([1.0], [0.5], [0.0], 0.5, [[2.0]]).tolist()  # 1 · 0.5 / 0.25 · 2
    [[4.0]]
    """
    if not std > 0:
        raise ValueError(f"std must be positive, got {std}")
    w, a, m = (as_float_array(x, name).astype(np.float64) for x, name in ((weight, "weight"), (actions, "actions"), (mean, "mean")))
    grad = as_float_array(grad_theta_mean, "grad_theta_mean").astype(np.float64)
    if not (w.shape == a.shape == m.shape) or w.ndim != 1 or grad.shape[:1] != w.shape or grad.ndim != 2:
        raise ValueError(f"need weight, actions and mean of shape (N,) and grad_theta_mean (N, P), got {w.shape}, {a.shape}, {m.shape}, {grad.shape}")
    return (w * (a - m) / std**2)[:, None] * grad


def _start_distribution(start: int | ArrayLike, n_states: int) -> FloatArray:
    if isinstance(start, (int, np.integer)) and not isinstance(start, bool):
        return np.eye(n_states)[_check_state(start, n_states)]
    rho0 = check_probabilities(start, "start").astype(np.float64)
    if rho0.shape != (n_states,):
        raise ValueError(f"a start distribution needs one probability per state ({n_states}), got shape {rho0.shape}")
    return rho0


def discounted_visits(P: ArrayLike, pi: ArrayLike, gamma: float, start: int | ArrayLike = 0) -> FloatArray:
    """``ρ^π(s) = Σ_t γ^t Pr(s_t = s)``: how often ``π`` visits each state, later visits discounted.

    ``start`` is the start state or the start distribution ``ρ_0``; then
    ``ρ^π = ρ_0 (I − γ P_π)^{−1}`` for the row ``ρ_0``. Its total is the expected discounted
    number of steps, ``1/(1 − γ)`` in a world that never ends and less where episodes end;
    divided by its total it is a distribution over states. ``γ = 1`` counts the visits
    themselves (every episode must end).

    >>> P, _ = corridor()
    >>> discounted_visits(P, [[0.0, 1.0]] * 3, gamma=0.9).round(4).tolist()  # cells 0, 1, 2 at t = 0, 1, 2
    [1.0, 0.9, 0.81]
    """
    _check_gamma(gamma, allow_one=True)
    P_ = as_float_array(P, "P").astype(np.float64)
    P_, _, pi_ = _check_world(P_, np.zeros(P_.shape[:2]), pi)
    rho0 = _start_distribution(start, P_.shape[0])
    A = np.eye(len(rho0)) - gamma * np.einsum("sa,sat->st", pi_, P_)
    if np.linalg.matrix_rank(A) < len(rho0):
        raise ValueError("the visits are infinite: with gamma = 1 some state never ends its episode")
    return np.linalg.solve(A.T, rho0)


def monte_carlo_visits(
    P: ArrayLike, R: ArrayLike, pi: ArrayLike, gamma: float, rng: np.random.Generator, episodes: int = 1000, start: int | ArrayLike = 0
) -> FloatArray:
    """``ρ^π`` estimated by playing ``episodes`` episodes (each starting in a state drawn from
    ``start``) and adding ``γ^t`` to a state each time it is visited at step ``t``.

    >>> P, R = corridor()
    >>> monte_carlo_visits(P, R, [[0.0, 1.0]] * 3, 0.9, np.random.default_rng(0), episodes=5).round(4).tolist()
    [1.0, 0.9, 0.81]
    """
    _check_gamma(gamma, allow_one=True)
    if episodes < 1:
        raise ValueError(f"episodes must be at least 1, got {episodes}")
    _, R_, _ = _check_world(P, R, pi)
    rho0 = _start_distribution(start, R_.shape[0])
    total = np.zeros(R_.shape[0])
    for _ in range(episodes):
        states, _, _ = sample_episode(P, R, pi, rng, start=int(rng.choice(len(rho0), p=rho0)))
        np.add.at(total, states, gamma ** np.arange(len(states), dtype=np.float64))
    return total / episodes


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
    d = discounted_visits(P_, pi_, gamma, start)
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

