"""What a reader sees in a real browser: Debian chromium through Playwright."""

from __future__ import annotations

import re

import pytest

from browser import is_local
from sweep import site_pages

pytestmark = pytest.mark.browser


def test_building_blocks_page_renders_math_with_no_errors_and_no_third_party_requests(browser, base_url):
    page = browser.new_page()
    errors, requests = [], []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("request", lambda r: requests.append(r.url))
    page.on("requestfailed", lambda r: errors.append(f"failed: {r.url}"))
    page.goto(base_url + "building-blocks/")
    page.wait_for_load_state("networkidle")
    assert page.locator(".katex").count() > 10
    assert page.locator(".katex-error").count() == 0
    text = page.locator("article").inner_text()
    assert "\\(" not in text and "$$" not in text and "\\frac" not in text
    # KaTeX's fonts arrived and were applied
    assert page.evaluate("document.fonts.check('16px NotationMath_Main')")
    assert errors == []
    assert [u for u in requests if not is_local(u)] == []
    page.close()


def test_math_is_visible_with_javascript_disabled(browser, base_url):
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    page.goto(base_url + "entries/softmax/")
    formula = page.locator("#softmax ~ .entry-card .katex-display").first
    assert formula.is_visible()
    box = formula.bounding_box()
    assert box is not None and box["height"] > 20 and box["width"] > 100
    context.close()


def test_every_page_shows_all_its_math_with_javascript_disabled(browser, base_url, built_site):
    """No script runs: each formula is laid out (non-empty box), no TeX is left to read, and
    every request stays on this machine."""
    context = browser.new_context(java_script_enabled=False)
    page = context.new_page()
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    formulas = 0
    for path in [p for p in site_pages(built_site) if not p.endswith(".html")]:  # 404.html has no article
        page.goto(base_url + path)
        page.wait_for_load_state("load")
        boxes = page.locator(".katex-html").evaluate_all(
            "els => els.map(e => { const b = e.getBoundingClientRect(); return b.width > 0 && b.height > 0; })"
        )
        assert all(boxes), f"{path}: {boxes.count(False)} of {len(boxes)} formulas not laid out"
        formulas += len(boxes)
        # the prose and tables as text: code (which may show TeX on purpose) and MathML left out
        text = page.locator("article").evaluate(
            "a => { const c = a.cloneNode(true); c.querySelectorAll('pre, code, .katex-mathml').forEach(e => e.remove());"
            " return c.textContent; }"
        )
        assert not re.search(r"\\[(\[]|\$\$", text), f"{path}: TeX left in the page text"
        assert page.locator(".arithmatex").count() == 0, path
    context.close()
    assert formulas > 4000, formulas
    assert [u for u in requests if not is_local(u)] == []
