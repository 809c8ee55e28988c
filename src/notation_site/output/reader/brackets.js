// Brackets and bars: tokens paired into groups (( … ), [ … ), \left| … \right|, ⟨ … ⟩), bars
// paired left to right or left as separators (the conditional's ∣, the divergence's ∥), and
// heads followed by brackets marked as applied (f(x), 𝔼[X], Q^π(s, a)).
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else (root.NotationReaderParts = root.NotationReaderParts || {}).brackets = factory();
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

  const SEPARATOR = { "|": "sym:∣", "‖": "sym:∥" };
  // What a pair of delimiters is, for keys and for template matching.
  const DELIM_KEY = { "|": "sym:|", "‖": "sym:‖", "⟨": "sym:⟨", "⌊": "sym:⌊", "⌈": "sym:⌈" };
  // Keys that are never pieces: arithmetic, equality, plain punctuation.
  const PLAIN = new Set(["sym:+", "sym:-", "sym:=", "sym:/", "sym:∅", "sym:\\colon", "sym:!", "sym:\\ ", "sym:.", "sym:'", "sym:`", 'sym:"', "sym:_", "sym:\\_", "sym:#", "sym:\\#", "sym:&", "sym:\\&", "sym:%", "sym:\\%", "sym:?", "sym:@", "sym:~"]);
  const PLAIN_LETTER = /^sym:[A-Za-z]$/;
  const span = (a, b) => (a && b ? [Math.min(a[0], b[0]), Math.max(a[1], b[1])] : a || b);

  function group(open, close, body, range, node, sized) {
    // a brace opening an array is a definition by cases (\begin{cases}, \left\{ \begin{array})
    if (open === "{" && close === "." && body.some((x) => x.t === "array")) return { t: "group", open, close, body, key: "sym:cases", text: "\\begin{cases}", range, node, sized };
    const key = DELIM_KEY[open] || (open === "." ? DELIM_KEY[close] : null) || null;
    return { t: "group", open, close, body, key, text: key ? open + "·" + (close === "." ? "" : close) : null, range, node, sized };
  }

  // Pair brackets into groups, and bars: \lvert … \rvert always; plain | and ‖ left to right at
  // one level (|x| + |y|), a lone one staying a separator (p(a | s), KL(P ‖ Q)).
  function pair(items) {
    const out = [];
    const stack = [];
    for (const it of items) {
      if (it.t === "open") { stack.push({ it, at: out.length }); out.push(it); continue; }
      if (it.t === "close" && stack.length) {
        const { it: op, at } = stack.pop();
        const body = pairBars(out.splice(at + 1));
        out.pop();
        const g = group(op.open, it.close, body, span(op.range, it.range), null, false);
        g.openText = op.text; g.closeText = it.text;
        g.ends = [op.range, it.whole || it.range];
        copyScripts(it, g);
        out.push(g);
        continue;
      }
      out.push(it);
    }
    return pairBars(out);
  }
  function copyScripts(from, to) {
    for (const k of ["sub", "sup", "primes", "mark", "markRange", "supText", "scripted"]) if (from[k] !== undefined) to[k] = from[k];
    if (from.whole) to.whole = span(to.range, from.whole);
  }
  function pairBars(items) {
    // || typed for ‖ (||w||_1): two single bars with nothing between are one double bar
    const out = [];
    for (const it of items) {
      const last = out[out.length - 1];
      if (it.t === "bar" && it.bar === "|" && last && last.t === "bar" && last.bar === "|" && !last.scripted && last.range && it.range && last.range[1] === it.range[0]) {
        out[out.length - 1] = Object.assign({}, it, { bar: "‖", text: "\\|", range: [last.range[0], it.range[1]], side: last.side || it.side });
      } else out.push(it);
    }
    for (const bar of ["‖", "|"]) {
      for (;;) {
        const at = [];
        out.forEach((it, i) => { if (it.t === "bar" && it.bar === bar) at.push(i); });
        // an explicit opener pairs with the next closer; plain bars pair left to right
        let a = at.findIndex((i) => out[i].side !== "close");
        if (a < 0) break;
        let b = at.findIndex((i, k) => k > a && out[i].side !== "open");
        if (b < 0) break;
        const i = at[a], j = at[b];
        const body = out.slice(i + 1, j);
        const g = group(bar, bar, body, span(out[i].range, out[j].range), null, false);
        g.openText = out[i].text; g.closeText = out[j].text;
        g.ends = [out[i].range, out[j].whole || out[j].range];
        copyScripts(out[j], g);
        out.splice(i, j - i + 1, g);
      }
    }
    // a lone bar is a separator, another piece than a pair: the conditional's ∣ (p(a | s)) or
    // the divergence's ∥ (KL(P ‖ Q))
    return out.map((it) => (it.t === "bar" ? Object.assign({}, it, { t: "sym", key: SEPARATOR[it.bar], role: "rel", sep: true }) : it));
  }

  // Mark heads that are called: an item followed by a round or square bracket group (f(x),
  // 𝔼[X], Q^π(s, a)); the group is its argument list.
  function link(items) {
    for (let i = 0; i < items.length; i++) {
      const it = items[i], next = items[i + 1];
      // square brackets after a plain letter multiply (α[r + γ V]); after 𝔼, ℙ, a word or an
      // operator they hold its argument
      const square = next && next.t === "group" && next.open === "[";
      if (square && it.t === "sym" && !it.font && it.role !== "op") continue;
      if (it.t === "sym" && PLAIN.has(it.key)) continue; // a / b (c): no function
      if (next && next.t === "group" && (next.open === "(" || next.open === "[") && (it.t === "sym" || it.t === "word" || (it.t === "group" && !it.key && it.open === "(")) && !(it.t === "sym" && it.role && it.role !== "ord" && it.role !== "op")) {
        it.args = next;
        next.argsOf = it;
      }
    }
    for (const it of items) for (const s of children(it)) link(s);
    return items;
  }

  // The sequences inside an item.
  function children(it) {
    const out = [];
    for (const k of ["sub", "sup", "body", "numer", "denom", "base", "index", "label"]) if (Array.isArray(it[k])) out.push(it[k]);
    if (it.rows) for (const row of it.rows) for (const cell of row) out.push(cell);
    return out;
  }

  // The pair a lone delimiter declares (an entry's `\langle`, `⌋`): the key of the group it opens or closes.
  function delimKey(it) {
    const pairOf = { "⟩": "⟨", "⌋": "⌊", "⌉": "⌈" };
    if (it.t === "open") return DELIM_KEY[it.open] || null;
    if (it.t === "close") return DELIM_KEY[pairOf[it.close] || it.close] || null;
    return null;
  }

  return { group, pair, link, children, delimKey, span, SEPARATOR, DELIM_KEY, PLAIN, PLAIN_LETTER };
});
