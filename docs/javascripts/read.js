// The "Read a formula" page (read/): the box, ?tex= in the address, the rendered formula
// with its pieces marked, and one row per piece. The recogniser is notation-reader.js.
//
// The formula is untrusted (a shared link can carry anything): it reaches the page only
// through KaTeX (trust off, except \htmlData under a key made fresh for each reading, which
// marks the pieces) and as text nodes; links are built with encodeURIComponent.
(function () {
  "use strict";
  const script = document.currentScript;
  const app = document.getElementById("read-app");
  const data = window.__notationReaderData;
  if (!app || !data || !window.katex || !window.NotationReader) return;
  const siteRoot = new URL("../", script ? script.src : location.href);
  const reader = window.NotationReader.create(window.katex, data);
  const $ = (id) => document.getElementById(id);
  const input = $("read-input"), form = $("read-form"), status = $("read-status");
  const formula = $("read-formula"), speech = $("read-speech"), list = $("reading"), unplaced = $("read-unplaced");

  function el(tag, attrs, ...children) {
    const node = document.createElement(tag);
    for (const [k, v] of Object.entries(attrs || {})) node.setAttribute(k, v);
    for (const c of children) if (c !== null && c !== undefined) node.append(c);
    return node;
  }
  function entryUrl(id) {
    return new URL(data.entries.find((e) => e.id === id).url, siteRoot).href;
  }
  function math(tex, display) { // a trusted-off rendering, or the TeX as text
    const span = el("span", { class: "read-math" });
    try {
      window.katex.render(tex, span, Object.assign({}, reader.options, { displayMode: !!display, throwOnError: true }));
    } catch (err) {
      span.textContent = tex;
    }
    return span;
  }
  function markdownish(text) { // an entry's shape: $TeX$ rendered, `code` as code, the rest as text
    const out = el("span");
    String(text).split(/(\$[^$]+\$|`[^`]+`)/).forEach((part) => {
      if (/^\$[^$]+\$$/.test(part)) out.append(math(part.slice(1, -1)));
      else if (/^`[^`]+`$/.test(part)) out.append(el("code", {}, part.slice(1, -1)));
      else out.append(part.replace(/\*\*?/g, ""));
    });
    return out;
  }
  function nonce() {
    const a = new Uint32Array(2);
    (window.crypto || window.msCrypto).getRandomValues(a);
    return "r" + a[0].toString(36) + a[1].toString(36);
  }

  // The formula with each piece that has a source range wrapped in \htmlData{key=n}.
  function wrapped(tex, pieces, key) {
    const marks = [];
    let end = -1;
    pieces.forEach((p, i) => {
      if (!p.range || p.range[0] < end) return;
      let [a, b] = p.range;
      let depth = 0;
      for (let k = a; k < b; k++) depth += tex[k] === "{" ? 1 : tex[k] === "}" ? -1 : 0;
      while (depth > 0 && b < tex.length) { depth += tex[b] === "{" ? 1 : tex[b] === "}" ? -1 : 0; b++; }
      if (depth !== 0) return;
      marks.push([a, b, i]);
      end = b;
    });
    let out = "", at = 0;
    for (const [a, b, i] of marks) out += tex.slice(at, a) + "{\\htmlData{" + key + "=" + i + "}{" + tex.slice(a, b) + "}}", at = b;
    return out + tex.slice(at);
  }
  function renderFormula(tex, pieces) {
    const key = nonce();
    const trust = (ctx) => ctx.command === "\\htmlData" && Object.keys(ctx.attributes).length === 1 && /^\d+$/.test(String(ctx.attributes["data-" + key]));
    const base = Object.assign({}, reader.options, { displayMode: true, throwOnError: true, macros: reader.macrosFor(tex) });
    formula.textContent = "";
    try {
      window.katex.render(wrapped(tex, pieces, key), formula, Object.assign({}, base, { trust }));
      if (!formula.querySelector("[data-" + key + "]") && pieces.some((p) => p.range)) throw new Error("no marks");
    } catch (err) {
      window.katex.render(tex, formula, base); // without the marks (KaTeX read it once already)
    }
    const marked = {};
    formula.querySelectorAll("[data-" + key + "]").forEach((node) => {
      const i = node.getAttribute("data-" + key);
      node.removeAttribute("data-" + key);
      node.classList.add("read-piece");
      node.dataset.piece = i;
      (marked[i] = marked[i] || []).push(node);
    });
    return marked;
  }

  function highlight(i, on, marked) {
    (marked[i] || []).forEach((n) => n.classList.toggle("read-piece--active", on));
    const row = list.querySelector('[data-piece="' + i + '"]');
    if (row) row.classList.toggle("reading__row--active", on);
  }

  function row(p, i) {
    const [top, ...others] = p.candidates;
    const e = reader.entries[top];
    const li = el("li", { class: "reading__row", "data-entry": top, "data-piece": String(i) });
    li.append(el("span", { class: "reading__piece" }, math(p.text)));
    const body = el("div", { class: "reading__body" });
    // sure: the context decides; otherwise the row says "could be" and lists the others
    const how = p.scored && p.scored[0] && p.scored[0].byKind ? " (by convention: " + p.scored[0].byKind + ")" : "";
    body.append(el("p", { class: "reading__name" }, p.sure ? null : el("span", { class: "reading__likely" }, "Could be: "),
      el("a", { href: entryUrl(top) }, e.name), how ? el("span", { class: "reading__likely" }, how) : null));
    if (e.read) body.append(el("p", { class: "reading__read" }, el("span", { class: "reading__label" }, "Read aloud: "), e.read));
    if (e.summary) body.append(el("p", { class: "reading__summary" }, markdownish(e.summary)));
    if (e.shape) body.append(el("p", { class: "reading__shape" }, el("span", { class: "reading__label" }, "Shape: "), markdownish(e.shape)));
    if (others.length) {
      const alt = el("p", { class: "reading__others" }, el("span", { class: "reading__label" }, p.sure ? "Other meanings: " : "Or: "));
      others.slice(0, 5).forEach((id, k) => {
        if (k) alt.append(", ");
        alt.append(el("a", { href: entryUrl(id), "data-candidate": id }, reader.entries[id].name));
      });
      if (data.lettersUrl && p.candidates.indexOf(data.lettersEntry) < 0) alt.append(". ", el("a", { href: new URL(data.lettersUrl, siteRoot).href }, "Letters with several meanings"));
      body.append(alt);
    }
    li.append(body);
    return li;
  }

  function suggest(text) {
    const li = el("li", {}, el("code", {}, text));
    if (data.newEntryUrl) {
      const href = data.newEntryUrl + "&title=" + encodeURIComponent("New entry: " + text) + "&symbol=" + encodeURIComponent(text);
      li.append(" ", el("a", { href, class: "read-suggest" }, "suggest an entry"));
    }
    return li;
  }

  function show(value) {
    for (const id of ["read-aloud-heading", "read-pieces-heading", "read-unplaced-heading"]) $(id).hidden = true;
    speech.hidden = true;
    [formula, speech, list, unplaced, status].forEach((n) => { n.textContent = ""; });
    if (!value.trim()) return;
    let result;
    try {
      result = reader.read(value);
    } catch (err) {
      result = { error: "The reader failed on this formula: " + String((err && err.message) || err) };
    }
    if (result.error) {
      status.textContent = result.error;
      status.classList.add("read-status--error");
      return;
    }
    status.classList.remove("read-status--error");
    if (result.unknown.length) status.textContent = "KaTeX does not know " + result.unknown.join(", ") + "; shown as a name. ";
    const placed = result.pieces.filter((p) => p.candidates.length);
    const missing = result.pieces.filter((p) => !p.candidates.length);
    let marked = {};
    try {
      marked = renderFormula(result.tex, result.pieces);
    } catch (err) {
      formula.textContent = "";
      status.textContent = "KaTeX could not draw this formula: " + String((err && err.message) || err);
    }
    status.textContent = status.textContent + placed.length + (placed.length === 1 ? " piece" : " pieces") + " explained" + (missing.length ? ", " + missing.length + " not on the site yet." : ".");
    speech.textContent = result.speech;
    speech.hidden = $("read-aloud-heading").hidden = !result.speech;
    // one row per piece and reading: the four Q of a Q-learning update are one row, lighting all four
    const rows = new Map(); // text|entry -> indices of its pieces
    const rowOf = {};
    result.pieces.forEach((p, i) => {
      if (!p.candidates.length) return;
      const k = p.text + "|" + p.candidates[0] + "|" + p.sure;
      if (!rows.has(k)) rows.set(k, []);
      rows.get(k).push(i);
      rowOf[i] = rows.get(k)[0];
    });
    const lightRow = (first, on) => rows.forEach((ids) => { if (ids[0] === first) ids.forEach((i) => highlight(i, on, marked)); });
    rows.forEach((ids) => {
      const li = row(result.pieces[ids[0]], ids[0]);
      li.addEventListener("mouseenter", () => lightRow(ids[0], true));
      li.addEventListener("mouseleave", () => lightRow(ids[0], false));
      li.addEventListener("focusin", () => lightRow(ids[0], true));
      li.addEventListener("focusout", () => lightRow(ids[0], false));
      list.append(li);
    });
    Object.entries(marked).forEach(([i, nodes]) => nodes.forEach((n) => {
      n.addEventListener("mouseenter", () => (i in rowOf ? lightRow(rowOf[i], true) : highlight(i, true, marked)));
      n.addEventListener("mouseleave", () => (i in rowOf ? lightRow(rowOf[i], false) : highlight(i, false, marked)));
    }));
    $("read-pieces-heading").hidden = !placed.length;
    const seen = new Set();
    missing.forEach((p) => { if (!seen.has(p.text)) { seen.add(p.text); unplaced.append(suggest(p.text)); } });
    $("read-unplaced-heading").hidden = !missing.length;
  }

  const initial = new URLSearchParams(location.search).get("tex");
  if (initial !== null) input.value = initial;
  form.addEventListener("submit", (ev) => {
    ev.preventDefault();
    const url = new URL(location.href);
    // a lone surrogate (pasted from a broken PDF) has no UTF-8: encodeURIComponent would throw
    const text = input.value.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]/g, (c) => (c.length === 2 ? c : "\ufffd"));
    url.search = "?tex=" + encodeURIComponent(text);
    history.replaceState(history.state, "", url.href);
    show(input.value);
  });
  show(input.value);
})();
