"""Optimisers, clipping, dropout, 1-D convolution and RoPE against PyTorch (``make test-reference``).

Same rules and helpers as ``test_torch_twins.py`` (imported from it, so the errors land in
the same ``tests/artifacts/reference-errors.json``): PyTorch computes in float64 on the
values the library gets. The optimisers compare whole trajectories of ``torch.optim``
steps, with gradients set by hand so both sides see the same ones.
"""

from __future__ import annotations

import numpy as np
import pytest

import notation as nt
from test_torch_twins import DTYPES, ERRORS, _write_errors, check, t, torch  # noqa: F401 (fixtures)

pytestmark = pytest.mark.reference

SEEDS = [0, 1, 2]


def _run_torch(torch, opt_cls, theta0, grads, lrs=None, **kw):
    p = torch.nn.Parameter(t(torch, theta0).clone())
    opt = opt_cls([p], **kw)
    out = []
    for k, g in enumerate(grads):
        if lrs is not None:
            opt.param_groups[0]["lr"] = lrs[k]
        p.grad = t(torch, g).clone()
        opt.step()
        out.append(p.detach().clone().numpy())
    return np.stack(out)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("variant", ["adam", "adam+l2", "adamw"])
def test_adam_and_adamw_steps(torch, seed, variant):
    rng = np.random.default_rng(700 + seed)
    theta0 = rng.normal(size=6)
    grads = rng.normal(size=(8, 6)) * 10.0 ** rng.integers(-3, 2, size=(8, 1))
    kw = {"lr": 0.01, "betas": (0.9, 0.999), "eps": 1e-8}
    if variant == "adamw":
        theirs = _run_torch(torch, torch.optim.AdamW, theta0, grads, weight_decay=0.1, **kw)
        ours_kw = {"weight_decay": 0.1, "decoupled": True}
    else:
        wd = 0.1 if variant == "adam+l2" else 0.0
        theirs = _run_torch(torch, torch.optim.Adam, theta0, grads, weight_decay=wd, **kw)
        ours_kw = {"weight_decay": wd}
    th, m, v, ours = theta0, np.zeros(6), np.zeros(6), []
    for step, g in enumerate(grads, start=1):
        s = nt.adam_step(th, g, m, v, step, lr=0.01, **ours_kw)
        th, m, v = s.theta, s.m, s.v
        ours.append(th)
    check(variant, np.stack(ours), theirs, np.float64)


@pytest.mark.parametrize("seed", SEEDS)
def test_sgd_momentum_and_weight_decay(torch, seed):
    rng = np.random.default_rng(800 + seed)
    theta0 = rng.normal(size=2)
    A = np.array([1.0, 50.0])
    lrs = [0.02] * 6 + [0.004] * 6  # a rate that changes mid-run: the PyTorch form is the one that matches
    # torch needs the gradients at its own iterates; the ravine is linear, so feed them back in a loop
    p = torch.nn.Parameter(t(torch, theta0).clone())
    opt = torch.optim.SGD([p], lr=lrs[0], momentum=0.9)
    theirs = [theta0]
    for lr in lrs:
        opt.param_groups[0]["lr"] = lr
        p.grad = t(torch, A * p.detach().numpy())
        opt.step()
        theirs.append(p.detach().clone().numpy())
    ours = nt.momentum_descent(lambda th: A * th, theta0, lr=lrs, mu=0.9, steps=len(lrs))
    check("sgd momentum", ours, np.stack(theirs), np.float64)
    grads = rng.normal(size=(4, 2))
    theirs_wd = _run_torch(torch, torch.optim.SGD, theta0, grads, lr=0.1, weight_decay=0.3)
    th, ours_wd = theta0, []
    for g in grads:
        th = nt.weight_decay_step(th, g, 0.1, 0.3)
        ours_wd.append(th)
    check("sgd weight_decay", np.stack(ours_wd), theirs_wd, np.float64)


@pytest.mark.parametrize("seed", SEEDS)
@pytest.mark.parametrize("max_norm", [0.5, 5.0, 1e3])
def test_clip_grad_norm_and_value(torch, seed, max_norm):
    rng = np.random.default_rng(900 + seed)
    shapes = [(3, 4), (4,), (2, 2, 2)]
    grads = [rng.normal(size=s) * 2 for s in shapes]
    params = [torch.nn.Parameter(torch.zeros(s, dtype=torch.float64)) for s in shapes]
    for p, g in zip(params, grads):
        p.grad = t(torch, g).clone()
    total = torch.nn.utils.clip_grad_norm_(params, max_norm)
    clipped, norm = nt.clip_grad_norm(grads, max_norm)
    check("clip_grad_norm (norm)", np.array(norm), total, np.float64)
    for k, (ours, p) in enumerate(zip(clipped, params)):
        check("clip_grad_norm", ours, p.grad, np.float64)
    for p, g in zip(params, grads):
        p.grad = t(torch, g).clone()
    torch.nn.utils.clip_grad_value_(params, 0.7)
    for ours, p in zip(nt.clip_grad_value(grads, 0.7), params):
        check("clip_grad_value", ours, p.grad, np.float64)


@pytest.mark.parametrize("p", [0.1, 0.5, 0.9])
def test_dropout_scaling_statistics(torch, p):
    """Different random generators, so the masks differ: compare what the two promise."""
    torch.manual_seed(0)
    x = np.random.default_rng(1).uniform(0.5, 2.0, size=400_000)
    theirs = torch.nn.functional.dropout(t(torch, x), p=p, training=True).numpy()
    ours, mask = nt.dropout(x, p, rng=np.random.default_rng(2))
    for name, out in (("torch", theirs), ("ours", ours)):
        kept = out != 0
        np.testing.assert_allclose(out[kept], x[kept] / (1 - p), rtol=1e-15, err_msg=name)
        assert abs(kept.mean() - (1 - p)) < 4 * np.sqrt(p * (1 - p) / x.size), name
        assert abs(out.mean() / x.mean() - 1) < 0.02, name
    np.testing.assert_array_equal(mask != 0, ours != 0)
    ERRORS["dropout (kept values scaled by 1/(1-p)) [float64]"] = 0.0
    off = torch.nn.functional.dropout(t(torch, x), p=p, training=False).numpy()
    np.testing.assert_array_equal(nt.dropout(x, p, training=False)[0], off)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("stride,padding", [(1, 0), (2, 1), (3, 2)])
@pytest.mark.parametrize("seed", SEEDS)
def test_conv1d(torch, seed, stride, padding, dtype):
    rng = np.random.default_rng(1000 + seed)
    x = rng.normal(size=(4, 17)).astype(dtype)
    w = rng.normal(size=5).astype(dtype)
    theirs = torch.nn.functional.conv1d(t(torch, x)[:, None, :], t(torch, w)[None, None, :], stride=stride, padding=padding)[:, 0, :]
    check("conv1d", nt.conv1d(x, w, stride, padding), theirs, dtype)
    assert theirs.shape[-1] == nt.conv_output_size(17, 5, stride, padding)


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
@pytest.mark.parametrize("seed", SEEDS)
def test_rope_against_complex_multiplication(torch, seed, dtype):
    """RoPE as Meta's LLaMA code computes it: pairs as complex numbers times e^{i m θ_j}."""
    rng = np.random.default_rng(1100 + seed)
    n, d = 12, 16
    x = rng.normal(size=(3, n, d)).astype(dtype)
    freqs = 1.0 / (10000.0 ** (torch.arange(0, d, 2, dtype=torch.float64) / d))
    angles = torch.outer(torch.arange(n, dtype=torch.float64), freqs)
    rot = torch.polar(torch.ones_like(angles), angles)
    X = torch.view_as_complex(t(torch, x).reshape(3, n, d // 2, 2).contiguous())
    theirs = torch.view_as_real(X * rot).reshape(3, n, d)
    check("rope", nt.rope(x), theirs, dtype)


def test_every_new_twin_was_compared():
    if not ERRORS:
        pytest.skip("no comparison ran (torch missing)")
    for key in ["adam [float64]", "adam+l2 [float64]", "adamw [float64]", "sgd momentum [float64]",
                "sgd weight_decay [float64]", "clip_grad_norm [float64]", "clip_grad_value [float64]",
                "dropout (kept values scaled by 1/(1-p)) [float64]", "conv1d [float64]", "conv1d [float32]",
                "rope [float64]", "rope [float32]"]:
        assert key in ERRORS, f"{key} was never compared"
