"""TODO: one line saying what this example of inverse-function shows."""

import numpy as np

from notation.render import facts

# TODO: compute the example with the library (from notation import ...); never type a result in.
# If the library lacks the function, add it to a module in src/notation/ with a doctest.
x = np.array([1.0, 2.0, 3.0])

print(facts({"TODO: a label, which may hold $math$": x.sum()}))
