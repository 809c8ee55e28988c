// Templates: a piece of TeX with `·` for "anything here", matched against a formula's items
// (tree.js). An entry's `contexts` say in which templates a piece is that entry's reading
// (`Q: ['Q(s, a)', 'Q^\pi']`), its `speech` how a template is read aloud. In a template:
// - `·` matches one or more items of the formula, and exactly one right before brackets (the
//   head applied to them);
// - a plain letter matches that letter with any scripts or primes (`s` matches s_t, s′, s_{t+1});
// - scripts written in the template must be there (`Q^\pi` needs a superscript π);
// - round and square brackets match each other; every other item must be the same.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else (root.NotationReaderParts = root.NotationReaderParts || {}).templates = factory();
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  // The template's items with `·` as wildcards (KaTeX reads · as punctuation).
  function wildcards(items) {
    return items.map((it, i) => {
      // a · right before brackets is the one thing applied to them: ·(· \mid ·) is p(a ∣ s)
      const dot = it.t === "sep" && (it.text === "·" || it.text === "\\cdotp");
      // ·_\theta(·): one thing with those scripts (Q_θ, π_θ, p_θ applied)
      if (dot && (it.sub || it.sup)) return { t: "any1", sub: it.sub ? wildcards(it.sub) : null, sup: it.sup ? wildcards(it.sup) : null, primes: it.primes, mark: it.mark };
      if (dot) return items[i + 1] && items[i + 1].t === "group" && !items[i + 1].key ? { t: "any", one: true } : { t: "any" };
      const copy = Object.assign({}, it);
      for (const k of ["sub", "sup", "body", "numer", "denom", "base", "index"]) if (Array.isArray(it[k])) copy[k] = wildcards(it[k]);
      if (it.t === "sym" && it.key === "sym:∅") copy.t = "any1"; // a bare script: ^\top is ·^\top
      return copy;
    });
  }

  const PAREN = { "(": "(", "[": "(", ")": "(", "]": "(" };
  function sameDelim(x, y) {
    if (x.key || y.key) return x.key === y.key;
    return (PAREN[x.open] || x.open) === (PAREN[y.open] || y.open);
  }

  // Does template sequence t (from ti) match formula sequence f (from fi)? With `whole`, the
  // template must use up f. Pairs of matched items are pushed on `align`.
  // `slots` (optional) receives what each `·` matched, {seq, from, to}, in template order.
  function seq(t, ti, f, fi, whole, align, slots) {
    slots = slots || [];
    if (ti === t.length) return whole ? fi === f.length : true;
    const x = t[ti];
    if (x.t === "any") {
      for (let k = fi + 1; k <= (x.one ? Math.min(fi + 1, f.length) : f.length); k++) {
        const mark = align.length, slot = slots.length;
        slots.push({ seq: f, from: fi, to: k });
        if (seq(t, ti + 1, f, k, whole, align, slots)) return true;
        align.length = mark; slots.length = slot;
      }
      return false;
    }
    if (fi >= f.length) return false;
    const mark = align.length, slot = slots.length;
    if (item(x, f[fi], align, slots) && seq(t, ti + 1, f, fi + 1, whole, align, slots)) return true;
    align.length = mark; slots.length = slot;
    return false;
  }

  function scripts(x, y, align, slots) {
    if (x.sub && !(y.sub && seq(x.sub, 0, y.sub, 0, true, align, slots))) return false;
    if (x.sup && !(y.sup && seq(x.sup, 0, y.sup, 0, true, align, slots))) return false;
    if (x.mark && x.mark !== y.mark) return false;
    if (x.primes && (y.primes || 0) < x.primes) return false;
    return true;
  }

  function item(x, y, align, slots) {
    let ok = false;
    switch (x.t) {
      case "any1": ok = true; break;
      case "anyfont": ok = y.t === "sym" && !!y.letter && y.font === x.font; break;
      case "sym":
        if (y.t !== "sym") return false;
        ok = x.letter && !x.font ? y.letter === x.letter && !y.font : x.key === y.key;
        break;
      case "word": ok = y.t === "word" && x.key === y.key; break;
      case "group": ok = y.t === "group" && sameDelim(x, y) && seq(x.body, 0, y.body, 0, true, align, slots); break;
      case "frac": case "binom": ok = y.t === x.t && seq(x.numer, 0, y.numer, 0, true, align, slots) && seq(x.denom, 0, y.denom, 0, true, align, slots); break;
      case "sqrt": ok = y.t === "sqrt" && seq(x.body, 0, y.body, 0, true, align, slots); break;
      case "accent": ok = y.t === "accent" && x.label === y.label && seq(x.base, 0, y.base, 0, true, align, slots); break;
      case "sep": case "num": ok = y.t === x.t && x.text === y.text; break;
      case "text": ok = y.t === "text" && x.text.toLowerCase() === y.text.toLowerCase(); break;
      default: return false;
    }
    if (!ok || !scripts(x, y, align, slots)) return false;
    align.push([x, y]);
    return true;
  }

  // The sequences of a formula: itself, and every script, body and cell in it.
  function sequences(formula, walk) {
    const seqs = [formula];
    walk(formula, (it) => { for (const k of ["sub", "sup", "body", "numer", "denom", "base", "index", "label"]) if (Array.isArray(it[k])) seqs.push(it[k]); if (it.rows) for (const row of it.rows) for (const c of row) seqs.push(c); });
    return seqs;
  }

  // A template that starts with a · (· \times n) at every start in f: [{to, align, slots}] by
  // start i, or null where none matches. As seq would do it, the · takes f[i..to) with `to` the
  // first place after i where the rest matches; the rest is matched once at each place, not for
  // each start and place, so a long formula costs linear time, not quadratic.
  function leading(template, f) {
    const out = new Array(f.length).fill(null);
    let first = null;
    for (let k = f.length; k >= 1; k--) {
      const align = [], slots = [];
      if (seq(template, 1, f, k, false, align, slots)) first = { to: k, align, slots };
      out[k - 1] = first;
    }
    return out;
  }
  const isLeading = (template) => template.length > 0 && template[0].t === "any" && !template[0].one;

  // Every place a template matches in a formula: [{align: [[templateItem, formulaItem]], size}]
  // with size the number of template items that matched something definite. `seqs`: the
  // formula's sequences, when the caller matches many templates on one formula.
  function find(template, formula, walk, seqs) {
    const found = [];
    const size = (align) => align.reduce((n, [x]) => n + (x.t === "any1" ? 0 : 1) + (x.sub ? 1 : 0) + (x.sup ? 1 : 0), 0);
    for (const f of seqs || sequences(formula, walk)) {
      const after = isLeading(template) ? leading(template, f) : null;
      for (let i = 0; i < f.length; i++) {
        let align = [];
        if (after) { if (!after[i]) continue; align = after[i].align.slice(); }
        else if (!seq(template, 0, f, i, false, align)) continue;
        found.push({ align, size: size(align), start: f[i], seq: f });
      }
    }
    return found;
  }

  return { wildcards, find, sequences, seq, item, leading, isLeading };
});
