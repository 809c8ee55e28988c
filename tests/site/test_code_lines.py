"""Every entry's code lines run, and agree with the library where the entry names a twin.

One test per entry and side, named by the entry's id: a failure prints the entry's file, the line
and what went wrong (``notation_site.examples.code_lines`` says how a line runs and what value it
gives). The NumPy lines run in ``make test``; the PyTorch lines, the NumPy lines that call
``scipy.special`` and the API names in ``aliases`` are marked ``reference`` and run in ``make
test-reference``, which installs torch and scipy and fails, never skips, when one is missing.
The numbers of lines run, agreeing and marked are printed at the end of the session
(``pytest_terminal_summary`` in ``tests/conftest.py``).
"""

from __future__ import annotations

import importlib
import os
import re
import textwrap
from pathlib import Path

import numpy as np
import pytest

from conftest import ROOT
from notation_site.checks.code_lines import check_code_lines
from notation_site.examples.code_lines import check_line, is_marked, run_line
from notation_site.model.catalog import Entry, load
from notation_site.model.frontmatter import parse

ENTRIES = load(ROOT).all_entries


def _require(module: str):
    """Import ``module``; under ``make test-reference`` (NOTATION_REQUIRE_TORCH=1) a missing one
    fails the test, elsewhere it skips."""
    if os.environ.get("NOTATION_REQUIRE_TORCH"):
        return importlib.import_module(module)  # a missing module fails here, loudly
    return pytest.importorskip(module)


def _run(request, entry, side: str) -> None:
    result = check_line(entry, side)
    request.config.__dict__.setdefault("code_line_results", []).append(result)
    if result.status == "fails":
        pytest.fail(str(result), pytrace=False)


def _numpy_param(entry):
    line = entry.code.get("numpy", "")
    needs_scipy = "scipy" in line and not is_marked(line)
    return pytest.param(entry, id=entry.id, marks=[pytest.mark.reference] if needs_scipy else [])


@pytest.mark.parametrize("entry", [_numpy_param(e) for e in ENTRIES])
def test_numpy_line_runs_and_agrees_with_its_twin(request, entry):
    if "scipy" in entry.code.get("numpy", ""):
        _require("scipy.special")
    _run(request, entry, "numpy")


@pytest.mark.reference
@pytest.mark.parametrize("entry", [pytest.param(e, id=e.id) for e in ENTRIES])
def test_pytorch_line_runs_and_agrees_with_its_twin(request, entry):
    _require("torch")
    _run(request, entry, "pytorch")


# API names in aliases, written in full: torch.x, F.x (torch.nn.functional), nn.x (torch.nn), scipy.x,
# jax.x. TensorFlow's (tf.x) are not checked: make test-reference does not install TensorFlow.
API_NAME = re.compile(r"(torch|F|nn|scipy|jax)(\.[A-Za-z_]\w*)+")
PREFIX = {"F": "torch.nn.functional", "nn": "torch.nn"}
ALIAS_NAMES = sorted({(e.path.as_posix(), a.strip()) for e in ENTRIES for a in e.aliases if API_NAME.fullmatch(a.strip())})


def resolve(name: str) -> object:
    """The object a dotted API name refers to, importing its modules as needed."""
    head, *rest = name.split(".")
    module_name = PREFIX.get(head, head)
    obj = importlib.import_module(module_name)
    for part in rest:
        try:
            obj = getattr(obj, part)
        except AttributeError:
            module_name = f"{module_name}.{part}"
            obj = importlib.import_module(module_name)  # a submodule not imported by its package
        else:
            module_name = f"{module_name}.{part}"
    return obj


@pytest.mark.reference
@pytest.mark.parametrize(("path", "name"), ALIAS_NAMES, ids=[f"{p.split('/')[-1][:-3]}:{n}" for p, n in ALIAS_NAMES])
def test_api_name_in_aliases_exists(path, name):
    _require({"scipy": "scipy", "jax": "jax"}.get(name.split(".")[0], "torch"))
    try:
        resolve(name)
    except (ImportError, AttributeError) as err:
        pytest.fail(f"{path}: alias '{name}' names nothing in the installed library: {err}", pytrace=False)



# SciPy and JAX functions named in aliases, called on the shared example inputs and compared with
# the library, as the code lines are (float64: JAX's x64 mode is switched on).
ALIAS_CALLS = {
    "scipy.special.softmax": ("scipy.special.softmax(logits, axis=-1)", "notation.softmax(logits)"),
    "scipy.special.expit": ("scipy.special.expit(z)", "notation.sigmoid(z)"),
    "scipy.special.logit": ("scipy.special.logit(p)", "notation.logit(p)"),
    "scipy.special.ndtr": ("scipy.special.ndtr(z)", "notation.standard_normal_cdf(z)"),
    "scipy.stats.entropy": ("(scipy.stats.entropy(p), scipy.stats.entropy(p, q))", "(notation.entropy(p), notation.kl_divergence(p, q))"),
    "scipy.integrate.trapezoid": ("scipy.integrate.trapezoid(np.sin(t), t)", "notation.trapezoid(np.sin(t), t)"),
    "scipy.integrate.quad": ("scipy.integrate.quad(np.sin, 0.0, np.pi)[0]", "2.0"),
    "scipy.spatial.distance.cdist": ("scipy.spatial.distance.cdist(x, A, 'cityblock')", "notation.pairwise_distances(x, A, 'manhattan')"),
    "scipy.spatial.distance.pdist": ("scipy.spatial.distance.squareform(scipy.spatial.distance.pdist(x))", "notation.pairwise_distances(x)"),
    "scipy.stats.wasserstein_distance": ("scipy.stats.wasserstein_distance(u, v, np.abs(g) + 0.1)", "notation.wasserstein_1d(u, v, np.abs(g) + 0.1)"),
    "scipy.spatial.distance.jensenshannon": ("scipy.spatial.distance.jensenshannon(p, q) ** 2", "notation.js_divergence(p, q)"),
    "scipy.spatial.distance.cosine": ("scipy.spatial.distance.cosine(u, v)", "1 - notation.cosine_similarity(u, v)"),
    "jax.nn.softmax": ("jax.nn.softmax(logits, axis=-1)", "notation.softmax(logits)"),
    "jax.grad": ("jax.grad(lambda u: (u ** 3).sum())(u)", "3 * u ** 2"),
    "jax.jacobian": ("jax.jacobian(jax.numpy.sin)(u)", "np.diag(np.cos(u))"),
    "jax.hessian": ("jax.hessian(lambda u: (u ** 3).sum())(u)", "np.diag(6 * u)"),
    "jax.jvp": ("jax.jvp(lambda u: (u ** 3).sum(), (u,), (v,))[1]", "notation.directional_derivative(lambda u: (u ** 3).sum(), u, v)"),
}


@pytest.mark.reference
@pytest.mark.parametrize("name", sorted(n for n in ALIAS_CALLS if any(n == a for _, a in ALIAS_NAMES)))
def test_scipy_and_jax_functions_in_aliases_agree_with_the_library(name):
    from notation_site.examples.code_lines import compare
    from notation_site.examples.inputs import shared_numpy

    top = name.split(".")[0]
    module = _require(top)
    ns = shared_numpy()
    if top == "jax":
        module.config.update("jax_enable_x64", True)
        importlib.import_module("jax.numpy")
    else:
        for sub in ("special", "stats", "integrate", "spatial.distance"):
            importlib.import_module(f"scipy.{sub}")
    ns.update({top: module, "t": np.linspace(0.0, np.pi, 11)})
    call, twin = ALIAS_CALLS[name]
    difference = compare(eval(call, ns), eval(twin, ns))  # noqa: S307
    assert not difference, f"{name}: {call} disagrees with {twin}: {difference}"


# --- the machinery itself, on made-up entries (independent of the entries' content) ---------------


def made_up(code: str, check: str = "") -> Entry:
    text = textwrap.dedent(
        """\
        ---
        id: thing
        name: Thing
        code:
        {code}
        {check}
        ---
        Body.
        """
    ).format(code=textwrap.indent(code, "  "), check=check)
    return Entry(path=Path("docs/entries/thing.md"), doc=parse(text), text=text)


def test_a_line_neither_python_nor_marked_is_rejected_and_a_marked_one_is_not():
    entry = made_up("numpy: 'np.float64 / np.float32 ≈ ℝ'\npytorch: 'no direct equivalent; see the NumPy line'")
    problems = [str(p) for p in check_code_lines(entry)]
    assert len(problems) == 1 and problems[0].startswith("docs/entries/thing.md:4: code.numpy is neither Python nor marked")


def test_a_twin_or_input_that_does_not_parse_is_rejected():
    entry = made_up("numpy: 'z'\npytorch: 'z'", "code_check:\n  inputs: {z: 'np.zeros(', 2x: 1}\n  twin: {numpy: 'z', torch: 'z'}")
    messages = " | ".join(p.message for p in check_code_lines(entry))
    assert "inputs.z does not parse" in messages and "'2x' is not a Python name" in messages
    assert "code_check.twin has keys ['numpy', 'torch']" in messages


def test_a_line_that_disagrees_with_its_twin_fails_naming_the_file_and_line():
    # softmax along the wrong axis: the twin (the library) normalises each row
    wrong = made_up("numpy: 'e = np.exp(z); e / e.sum(axis=0)'\npytorch: 'torch.softmax(z, dim=-1)'",
                    "code_check:\n  inputs: {z: [[1.0, 2.0], [0.0, 0.0]]}\n  twin: 'notation.softmax(z)'")
    result = check_line(wrong, "numpy")
    assert result.status == "fails"
    assert str(result).startswith("docs/entries/thing.md:5: code.numpy fails: e = np.exp(z); e / e.sum(axis=0)")
    right = made_up("numpy: 'e = np.exp(z); e / e.sum(axis=-1, keepdims=True)'\npytorch: 'x'",
                    "code_check:\n  inputs: {z: [[1.0, 2.0], [0.0, 0.0]]}\n  twin: 'notation.softmax(z)'")
    assert check_line(right, "numpy").status == "agrees"


def test_the_value_of_a_line_is_its_last_expression_or_what_its_last_statement_assigns():
    ns: dict = {}
    assert run_line("a = 1; a + 1", ns) == 2
    assert run_line("b, c = 3, 4", ns) == (3, 4)
    assert run_line("d = [0, 0]; d[1] = 7", ns) == [0, 7]  # the whole of d, not the element
    assert run_line("import contextlib\nwith contextlib.nullcontext(): e = 5", ns) == 5
    assert run_line("def f(x): return x", ns) is None


# -- what the PyTorch line gets: arrays become tensors, numbers stay numbers --------------------


def test_an_input_number_stays_a_python_number_for_the_pytorch_line_and_an_array_becomes_a_tensor():
    from types import SimpleNamespace

    from notation_site.examples.inputs import to_torch

    tensors = SimpleNamespace(from_numpy=lambda a: ("tensor", a.dtype.name, a.shape))  # stands in for torch
    assert to_torch(np.array([0.5, 0.3]), tensors) == ("tensor", "float64", (2,))
    assert to_torch(np.array(0.1), tensors) == ("tensor", "float64", ())  # a 0-d array is an array
    for number, kind in ((0.1, float), (np.float64(0.1), float), (np.float32(0.5), float), (np.int64(5), int), (np.bool_(True), bool)):
        converted = to_torch(number, tensors)
        assert type(converted) is kind and converted == number
    assert to_torch((np.float64(1.0), [np.zeros(1)]), tensors) == (1.0, [("tensor", "float64", (1,))])


def test_shared_inputs_give_each_name_one_meaning():
    from notation_site.examples.inputs import shared_numpy

    ns = shared_numpy()
    assert ns["K"].shape == ns["V"].shape == ns["Q"].shape == (ns["N"], ns["d_k"])  # attention's matrices
    assert ns["num_classes"] == ns["n"] == ns["logits"].shape[-1] == len(ns["z"]) == len(ns["p"]) == 5
    assert ns["vocab_size"] == ns["W_E"].shape[0] == 6


LABEL_SMOOTHING = """\
numpy: 'q = (1 - smoothing) * np.eye(num_classes)[targets] + smoothing / num_classes; -(q * notation.log_softmax(logits)).sum(-1).mean()'
pytorch: 'F.cross_entropy(logits, targets, label_smoothing=smoothing)'"""


@pytest.mark.reference
def test_a_number_input_reaches_a_pytorch_argument_that_wants_a_float():
    _require("torch")
    from notation_site.examples.code_lines import namespace

    check = (
        "code_check:\n  inputs: {smoothing: 0.1, top: 'p.max()', arr: [0.1, 0.2], zero_d: {pytorch: 'torch.tensor(0.1)'}}\n"
        "  twin: '-(((1 - smoothing) * np.eye(5)[targets] + smoothing / 5) * np.log(notation.softmax(logits))).sum(-1).mean()'"
    )
    entry = made_up(LABEL_SMOOTHING, check)
    ns = namespace(entry, "pytorch")
    assert type(ns["smoothing"]) is float and type(ns["top"]) is float and ns["top"] == 0.3
    assert type(ns["arr"]).__name__ == "Tensor" and type(ns["zero_d"]).__name__ == "Tensor"
    assert check_line(entry, "numpy").status == "agrees"
    assert check_line(entry, "pytorch").status == "agrees", str(check_line(entry, "pytorch"))
