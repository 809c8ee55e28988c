"""p(y ∣ x) = p(x, y) / p(x) on a joint table of weather and umbrellas: each conditional sums to 1, and p(rain ∣ umbrella) ≠ p(umbrella ∣ rain)."""

from notation import conditional, marginal
from notation.render import facts, table

weather = ["sunny", "cloudy", "rainy"]
umbrella = ["no umbrella", "umbrella"]
joint = [[0.45, 0.05], [0.20, 0.10], [0.04, 0.16]]  # p(weather, umbrella): rows × columns, sums to 1

given_weather = conditional(joint, given_axis=0)  # row i: p(umbrella ∣ weather_i)
given_umbrella = conditional(joint, given_axis=1)  # column j: p(weather ∣ umbrella_j)
print(table(joint, row_labels=weather, col_labels=umbrella, corner="$p(x, y)$", precision=2, caption="The joint table: every cell is one combination; all six add to 1"))
print(
    table(
        given_weather,
        row_labels=[f"$p(y \\mid x = \\text{{{w}}})$" for w in weather],
        col_labels=umbrella,
        precision=3,
        caption="Conditioning on the weather: each row divided by its own total, so each row sums to 1",
    )
)
print(
    facts(
        {
            "$p(x)$, the row totals that were divided by": marginal(joint, axis=1),
            "$p(\\text{umbrella} \\mid \\text{rainy})$": given_weather[2, 1],
            "$p(\\text{rainy} \\mid \\text{umbrella})$": given_umbrella[2, 1],
            "sum of each row of $p(y \\mid x)$": given_weather.sum(axis=1),
        },
        precision=3,
    )
)
