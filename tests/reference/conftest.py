"""The PyTorch comparisons' shared fixture (`make test-reference`)."""

import os

import pytest


@pytest.fixture(scope="module")
def torch():
    """PyTorch on one thread; under `make test-reference` (NOTATION_REQUIRE_TORCH) a missing torch fails, never skips."""
    if os.environ.get("NOTATION_REQUIRE_TORCH"):
        import torch as module  # a missing torch fails here, loudly
    else:
        module = pytest.importorskip("torch")
    module.set_num_threads(1)
    return module


@pytest.fixture(scope="module")
def scipy():
    """SciPy with its stats and spatial modules; under `make test-reference` a missing scipy fails, never skips."""
    if os.environ.get("NOTATION_REQUIRE_TORCH"):
        import scipy as module  # installed by `make test-reference` beside torch
    else:
        module = pytest.importorskip("scipy")
    import scipy.spatial.distance  # noqa: F401
    import scipy.stats  # noqa: F401

    return module


@pytest.fixture(scope="module")
def transformers():
    """Hugging Face Transformers, offline; under `make test-reference` a missing one fails, never skips."""
    os.environ.setdefault("HF_HUB_OFFLINE", "1")  # nothing here downloads: the tokenizer is built in the test
    if os.environ.get("NOTATION_REQUIRE_TORCH"):
        import transformers as module  # installed by `make test-reference` beside torch
    else:
        module = pytest.importorskip("transformers")
    return module
