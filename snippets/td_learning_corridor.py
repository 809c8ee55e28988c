"""TD learning on the corridor: one update by hand, TD(0) against the Bellman solution, and Q-learning against SARSA."""

import numpy as np

from notation import action_values, corridor, epsilon_greedy, q_learning, sarsa, state_values, td_error, td_zero
from notation.render import facts, table

P, R = corridor()
gamma = 0.9

# one update: the agent in cell 1 moves right to cell 2 and receives 0
V = np.array([0.5, 0.6, 0.8])  # the current estimates
alpha, s, r, s_next = 0.1, 1, 0.0, 2
delta = float(td_error(r, V[s], V[s_next], gamma))
print(
    facts(
        {
            "TD target $r + \\gamma V(s')$ with $r = 0$, $V(s') = 0.8$": r + gamma * V[s_next],
            "TD error $\\delta = r + \\gamma V(s') - V(s)$, with $V(s) = 0.6$": delta,
            "new $V(s) = V(s) + \\alpha\\,\\delta$ with $\\alpha = 0.1$": V[s] + alpha * delta,
        },
        precision=3,
    )
)

# prediction: V^π of the site's policy (right with probability 0.7), learnt from episodes
pi = np.array([[0.3, 0.7]] * 3)
exact = state_values(P, R, pi, gamma)
fast = td_zero(P, R, pi, gamma, alpha=0.1, episodes=1000, rng=np.random.default_rng(0))
slow = td_zero(P, R, pi, gamma, alpha=0.02, episodes=5000, rng=np.random.default_rng(0))
print(
    table(
        np.column_stack([exact, fast, slow]),
        row_labels=[f"cell $s = {c}$" for c in range(3)],
        col_labels=["$V^\\pi(s)$, Bellman equation solved", "TD(0), $\\alpha = 0.1$, 1,000 episodes", "TD(0), $\\alpha = 0.02$, 5,000 episodes"],
        precision=3,
        caption="TD(0) learns $V^\\pi$ from single steps; with a constant $\\alpha$ it jitters around the answer, less when $\\alpha$ is smaller",
    )
)

# control: Q-learning and SARSA, both exploring ε-greedily with ε = 0.3
eps = 0.3
q_star = action_values(P, R, [[0.0, 1.0]] * 3, gamma)  # always right is optimal here
q_eps = action_values(P, R, epsilon_greedy(q_star, eps), gamma)  # right with probability 1 − ε/2
learnt_q = q_learning(P, R, gamma, alpha=0.5, epsilon=eps, episodes=500, rng=np.random.default_rng(1))
learnt_sarsa = sarsa(P, R, gamma, alpha=0.02, epsilon=eps, episodes=6000, rng=np.random.default_rng(2))
rows = [[learnt_q[c, a], q_star[c, a], learnt_sarsa[c, a], q_eps[c, a]] for c in range(3) for a in range(2)]
print(
    table(
        np.array(rows),
        row_labels=[f"$Q({c}, \\text{{{name}}})$" for c in range(3) for name in ("left", "right")],
        col_labels=["Q-learning", "$Q^*$ (optimal)", "SARSA", "$Q^\\pi$ of the ε-greedy policy"],
        precision=3,
        caption="Both explore with ε = 0.3; Q-learning's target takes the max and learns $Q^*$, SARSA's takes the next action and learns the values of the exploring policy",
    )
)
