"""The static check that keeps snippets deterministic (notation_site.checks.determinism)."""

from __future__ import annotations

import pytest

from conftest import ROOT
from notation_site.checks.determinism import nondeterminism, snippet_problems


@pytest.mark.parametrize(
    "source",
    [
        "import numpy as np\nrng = np.random.default_rng(0)\nx = rng.normal(size=3)",
        "import numpy as np\nrng = np.random.default_rng(seed=42)",
        "from numpy.random import default_rng\nrng = default_rng(7)",
        "import random\nr = random.Random(3)\nx = r.random()",
        "import numpy as np\ng = np.random.Generator(np.random.PCG64(5))",
        "import numpy as np\nss = np.random.SeedSequence(entropy=1)",
        "x = [1, 2, 3]\nprint(sum(x))",
    ],
)
def test_seeded_or_clock_free_code_passes(source):
    assert nondeterminism(source) == []


@pytest.mark.parametrize(
    ("source", "line", "fragment"),
    [
        ("import numpy as np\nx = np.random.rand(3)", 2, "np.random.rand() draws from NumPy's global generator"),
        ("import numpy\nnumpy.random.seed(0)\nx = numpy.random.normal()", 2, "numpy.random.seed()"),
        ("from numpy import random as npr\nx = npr.choice(3)", 2, "npr.choice()"),
        ("from numpy.random import randn\nx = randn(2)", 2, "randn()"),
        ("import numpy as np\nrng = np.random.default_rng()", 2, "is given no seed"),
        ("import numpy as np\nrng = np.random.default_rng(None)", 2, "is given no seed"),
        ("import numpy as np\nrng = np.random.default_rng(seed=None)", 2, "is given no seed"),
        ("import numpy.random as nr\nrs = nr.RandomState()", 2, "nr.RandomState() is given no seed"),
        ("import random\nx = random.random()", 2, "random module's shared generator"),
        ("from random import shuffle\nshuffle([1, 2])", 2, "shuffle()"),
        ("import random\nr = random.Random()", 2, "random.Random() is given no seed"),
        ("import random\nr = random.SystemRandom()", 2, "entropy"),
        ("import secrets\nt = secrets.token_hex()", 2, "entropy"),
        ("import os\nb = os.urandom(4)", 2, "entropy"),
        ("import uuid\nu = uuid.uuid4()", 2, "entropy"),
        ("import time\nt = time.time()", 2, "reads the clock"),
        ("import datetime\nd = datetime.date.today()", 2, "reads the clock"),
        ("from datetime import datetime as D\nd = D.now()", 2, "D.now() reads the clock"),
    ],
)
def test_unseeded_draws_and_clock_reads_are_reported_with_their_line(source, line, fragment):
    found = nondeterminism(source)
    assert found, source
    assert found[0][0] == line
    assert fragment in found[0][1]
    assert found[0][2]  # every problem carries a hint


def test_every_snippet_in_the_repository_is_deterministic():
    assert snippet_problems(ROOT) == []


def test_a_snippet_that_is_not_python_is_reported(tmp_path):
    (tmp_path / "snippets").mkdir()
    (tmp_path / "snippets/bad.py").write_text("print(\n", encoding="utf-8")
    problems = snippet_problems(tmp_path)
    assert [str(p).split(":")[0] for p in problems] == ["snippets/bad.py"]
