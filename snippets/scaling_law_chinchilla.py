"""Chinchilla's fit L(N, D) = E + A/N^α + B/D^β: the compute-optimal N and D for several budgets (C = 6ND), two real models at similar compute, and Kaplan et al.'s earlier power laws."""

import numpy as np

from notation import CHINCHILLA, KAPLAN, chinchilla_loss, chinchilla_optimal, kaplan_loss, training_flops
from notation.render import facts, fmt, sci, table

a = CHINCHILLA["beta"] / (CHINCHILLA["alpha"] + CHINCHILLA["beta"])  # N_opt grows as C^a, D_opt as C^(1 - a)

budgets = [1e21, 1e22, 1e23, 1e24, 1e25]
rows = []
for C in budgets:
    N, D = chinchilla_optimal(C)
    rows.append([sci(C), sci(N), sci(D), fmt(D / N, 1), float(chinchilla_loss(N, D))])
print(
    table(
        np.array(rows, dtype=object),
        col_labels=["budget $C$ (FLOPs)", "$N_{\\text{opt}}$ (parameters)", "$D_{\\text{opt}}$ (tokens)", "tokens per parameter", "predicted loss $L$"],
        precision=3,
        caption=f"With $E = 1.69$, $A = 406.4$, $B = 410.7$, $\\alpha = 0.34$, $\\beta = 0.28$: ten times the compute buys {10 ** a:.2f} times the parameters and {10 ** (1 - a):.2f} times the tokens",
    )
)
models = {"Gopher: 280B parameters, 300B tokens": (280e9, 300e9), "Chinchilla: 70B parameters, 1.4T tokens": (70e9, 1.4e12)}
print(
    table(
        np.array([[sci(float(training_flops(N, D))), float(chinchilla_loss(N, D))] for N, D in models.values()], dtype=object),
        row_labels=list(models),
        col_labels=["$C = 6ND$", "predicted loss $L(N, D)$"],
        precision=4,
        caption="Similar budgets: the fit predicts a lower loss for the smaller model trained on more tokens",
    )
)
print(facts({"exponent $a$ in $N_{\\text{opt}} \\propto C^{a}$, $a = \\beta / (\\alpha + \\beta)$": a, "and $b = 1 - a$ for $D_{\\text{opt}} \\propto C^{b}$": 1 - a}, precision=3))

# Kaplan et al. (2020): one power law per resource, each valid when the others are plentiful
sizes = [1e7, 1e8, 1e9, 1e10, 1e11]
print(
    table(
        np.array([[float(kaplan_loss(x, KAPLAN["N_c"], KAPLAN["alpha_N"])), float(kaplan_loss(x, KAPLAN["D_c"], KAPLAN["alpha_D"]))] for x in sizes]),
        row_labels=[sci(x, 1) for x in sizes],
        col_labels=["$L(N) = (N_c / N)^{\\alpha_N}$, $N$ non-embedding parameters", "$L(D) = (D_c / D)^{\\alpha_D}$, $D$ tokens"],
        corner="$N$ or $D$",
        precision=3,
        caption=(
            f"Kaplan et al.'s laws with $\\alpha_N = {KAPLAN['alpha_N']}$, $N_c =$ {sci(KAPLAN['N_c'], 2)}, "
            f"$\\alpha_D = {KAPLAN['alpha_D']}$, $D_c =$ {sci(KAPLAN['D_c'], 2)}: each tenfold step multiplies the loss by $10^{{-\\alpha}}$"
        ),
    )
)
print(
    facts(
        {
            "tenfold $N$ multiplies $L(N)$ by $10^{-\\alpha_N}$": 10 ** -KAPLAN["alpha_N"],
            "tenfold $D$ multiplies $L(D)$ by $10^{-\\alpha_D}$": 10 ** -KAPLAN["alpha_D"],
            "compute-optimal model size, $N_{\\text{opt}} \\propto C^{a}$: Kaplan et al.'s $a$": KAPLAN["N_opt_exponent"],
            "the same exponent from the Chinchilla fit above, $\\beta / (\\alpha + \\beta)$": a,
            "ten times the compute buys this many times the parameters: Kaplan, Chinchilla fit": [10 ** KAPLAN["N_opt_exponent"], 10**a],
        },
        precision=3,
    )
)
