// The formula reader: which pieces of a formula belong to which entry, and the formula read
// aloud. Written once, run in the browser (the read/ page) and in Node.js (tests, the build's
// symbol links, `make read`). It parses with KaTeX (katex.__parse: internal and unversioned, so
// pinned to the locked KaTeX by the tests) and is fed by data the build generates from the
// entries (notation_site.output.reading). Nothing here touches the DOM. Its parts, one job each:
// normalise.js (pasted Unicode to TeX), brackets.js and tree.js (the parse tree as items),
// pieces.js (the items that may name an entry),
// templates.js (entries' templates matched on items), score.js (the scoring model),
// speech.js (read aloud), links.js (the site's symbol links).
(function (root, factory) {
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./normalise.js"), require("./tree.js"), require("./pieces.js"), require("./templates.js"), require("./score.js"), require("./speech.js"), require("./links.js"));
  } else {
    const p = root.NotationReaderParts;
    root.NotationReader = factory(p.normalise, p.tree, p.pieces, p.templates, p.score, p.speech, p.links);
  }
})(typeof globalThis !== "undefined" ? globalThis : this, function (normaliseMod, tree, piecesMod, templates, score, speech, links) {
  "use strict";

  const MAX_INPUT = 4000; // characters; longer input gets a clear message, not a frozen tab
  const OPTIONS = { strict: "ignore", trust: false, maxExpand: 500, maxSize: 10, throwOnError: true, displayMode: true };
  // Commands of LaTeX packages KaTeX lacks that pasted formulas use, as KaTeX writes them
  const COMPAT = { "\\operatornamewithlimits": "\\operatorname*", "\\argmax": "\\operatorname*{arg\\,max}", "\\argmin": "\\operatorname*{arg\\,min}" };
  // TeX's terminal commands print nothing here: KaTeX would write their argument to the console
  // (console.error for \errmessage), from a formula a shared link chose
  const SILENT = { "\\message": (m) => (m.consumeArgs(1), ""), "\\errmessage": (m) => (m.consumeArgs(1), ""), "\\show": (m) => (m.popToken(), "") };
  // Nesting: the reader walks the formula recursively, and some of its walks cost the square of
  // the depth, so a formula nested deeper than any real one (they reach about 12) is refused
  // with a message, the same in every browser, before a walk overflows the stack or freezes the tab.
  const MAX_DEPTH = 100;
  const tooDeep = (depth) => "The formula nests " + (depth ? depth + " levels deep" : "too deeply") + "; the reader takes at most " + MAX_DEPTH + " (braces, brackets and commands inside each other).";
  // a stack overflow all the same (RangeError in V8 and JavaScriptCore, InternalError in Firefox)
  const overflow = (err) => /call stack|too much recursion/i.test(String((err && err.message) || ""));
  // how deep KaTeX's parse tree (objects with a type) nests, and the brackets of the source
  function depthOf(parsed, tex) {
    let max = 0, open = 0;
    for (const c of tex) {
      if (c === "(" || c === "[" || c === "{") max = Math.max(max, ++open);
      else if ((c === ")" || c === "]" || c === "}") && open > 0) open--;
    }
    const stack = [[parsed, 0]];
    while (stack.length) {
      const [v, d] = stack.pop();
      if (Array.isArray(v)) { for (const x of v) stack.push([x, d]); continue; }
      if (!v || typeof v !== "object" || typeof v.type !== "string") continue;
      max = Math.max(max, d + 1);
      for (const k in v) if (k !== "loc" && v[k] && typeof v[k] === "object") stack.push([v[k], d + 1]);
    }
    return max;
  }

  function create(katex, data) {
    const normalise = normaliseMod.makeNormaliser(data);
    const options = Object.assign({}, OPTIONS, { macros: Object.assign({}, SILENT, data.macros || {}) });
    const glyph = (t) => (t && t[0] === "\\" && data.texGlyphs[t.slice(1)]) || t;
    let words = new Set();
    const isWord = (w) => words.has(w.toLowerCase());

    // TeX (an entry's declaration, or a template with `·`) as items; null if KaTeX refuses it.
    const compiled = new Map();
    function compile(tex, template) {
      const k = (template ? "t:" : "p:") + tex;
      if (compiled.has(k)) return compiled.get(k);
      let items = null;
      try {
        const src = template ? tex : normalise(tex);
        items = tree.build(katex.__parse(src, options), src, glyph, isWord);
        if (template) items = templates.wildcards(items);
      } catch (err) {
        items = null;
      }
      compiled.set(k, items);
      return items;
    }
    // the words first (a run of letters that spells a name is one piece), then the model
    words = new Set(data.entries.flatMap((e) => [e.name].concat(e.aliases)).filter((w) => /^[A-Za-z][A-Za-z0-9]+$/.test(w)).map((w) => w.toLowerCase()));
    // and the upright words entries declare (\text{head}, \operatorname{KL}, \text{otherwise})
    for (const e of data.entries) for (const t of e.commands.concat(Object.keys(e.contexts || {}))) for (const w of t.matchAll(/\\(?:text|textrm|mathrm|operatorname\*?)\s*\{\s*([A-Za-z]{2,})\s*\}/g)) words.add(w[1].toLowerCase());
    const m = score.model(data, compile);
    for (const w of m.words) words.add(w);
    const entries = m.entries;

    // The site's macros, and each unknown command as an upright name: \foo -> \operatorname{foo}.
    function parse(tex, extra) {
      const unknown = [];
      for (;;) {
        const macros = Object.assign({}, COMPAT, SILENT, data.macros, extra || {});
        for (const name of unknown) macros[name] = "\\operatorname{" + name.slice(1) + "}";
        try {
          return { tree: katex.__parse(tex, Object.assign({}, options, { macros })), unknown, macros };
        } catch (err) {
          if (overflow(err)) return { error: tooDeep(0), unknown };
          const message = String((err && err.message) || err);
          const u = /Undefined control sequence: (\\[A-Za-z]+)/.exec(message);
          if (u && unknown.length < 5 && unknown.indexOf(u[1]) < 0) { unknown.push(u[1]); continue; }
          return { error: "KaTeX could not read this formula: " + message.replace(/^KaTeX parse error: /, ""), unknown };
        }
      }
    }

    // The pieces of a parsed formula, each scored; plain letters no entry names, labels and
    // prose are left out, and a named index (d_k) stands for the letter it is made of.
    function recognise(items, tex, home) {
      const found = piecesMod.pieces(items);
      for (const p of found) if (p.item.scripted && !p.mark && !(p.named && p.item.mark)) p.unit = p.item.whole && p.range ? [Math.min(p.range[0], p.item.whole[0]), Math.max(p.range[1], p.item.whole[1])] : p.item.whole || null;
      score.scoreFormula(m, items, found, home);
      const kept = [];
      for (const p of found) {
        // a bold Greek letter no entry names in bold is read as the letter
        // a bold Greek letter, or a hat on a bold letter, that no entry names in bold is read as
        // the plain one (\boldsymbol{\beta}, \hat{\mathbf{m}}_t)
        if (!p.candidates.length && /^(sym:bold:[^A-Za-z0-9]|(acc:[a-z]+|script):bold:.*)$/.test(p.key)) { p.key = p.key.replace("bold:", ""); score.scoreFormula(m, items, [p], home); }
        if (p.weak && !p.candidates.length) continue; // d_k when no entry names it: d and k are read alone
        // a word in a script that no entry names is a label (π_ref, θ_old, i^th)
        if (p.key.startsWith("word:") && !p.candidates.length && /^(sub|sup)$/.test(p.place.where || "")) continue;
        if (p.weak) {
          const i = found.indexOf(p);
          const base = found.slice(i + 1).find((q) => q.key === p.covers && q.item === p.item);
          // named by convention only (an indexed letter): it stands for a base that is a mere
          // variable (x_i), not for one an entry names (𝓛_CE is the loss)
          if (base && p.scored.every((c) => c.byKind) && base.candidates && base.candidates.length) continue;
          if (base) base.covered = true;
        }
        kept.push(p);
      }
      // a plain letter no entry names is the paper's variable; a multiplication dot or cross
      // no entry names (2 · 3, a × b) is arithmetic, like + and −
      // and a fraction is a piece only where an entry claims its shape (softmax's e^{z_i} / Σ e^{z_j})
      return kept.filter((p) => !p.covered && (p.candidates.length || !(p.structure || /^sym:([A-Za-z0-9]|[·×∗*])$/.test(p.key))));
    }

    // One line of an align pasted alone (`Q(s, a) &= r + \gamma V(s') \\`): its & and \\ are
    // alignment, so it is read inside an aligned block.
    function aligned(tex) {
      if (!/(^|[^\\])&/.test(tex) || /\\begin\s*\{/.test(tex)) return tex;
      return "\\begin{aligned}" + tex.replace(/\\\\\s*$/, "") + "\\end{aligned}";
    }

    function read(input, opts) {
      const raw = String(input || "");
      if (raw.length > MAX_INPUT) return { error: "The formula is " + raw.length + " characters long; the reader takes at most " + MAX_INPUT + ". Paste one formula at a time." };
      if (!raw.trim()) return { error: "Paste a formula to read it." };
      const tex = aligned(normalise(raw));
      // pasted glyphs become longer TeX (ŷ is \hat{y}): the limit is on what is read
      if (tex.length > MAX_INPUT) return { error: "The formula is " + tex.length + " characters long once written as TeX (" + raw.length + " as pasted); the reader takes at most " + MAX_INPUT + ". Paste one formula at a time." };
      const parsed = parse(tex, opts && opts.macros);
      if (parsed.error) return { tex, error: parsed.error };
      const depth = depthOf(parsed.tree, tex);
      if (depth > MAX_DEPTH) return { tex, error: tooDeep(depth) };
      try {
        const items = tree.build(parsed.tree, tex, glyph, isWord);
        const pieces = recognise(items, tex, opts && opts.home);
        for (const p of pieces) if (parsed.unknown.indexOf("\\" + p.text) >= 0) p.text = "\\" + p.text;
        return { tex, pieces, speech: speech.say(items, pieces, m, data), unknown: parsed.unknown, macros: parsed.macros };
      } catch (err) {
        if (overflow(err)) return { tex, error: tooDeep(0) };
        throw err;
      }
    }

    // Where a formula of the site links its symbols: [{start, end, id, claims, breaks}].
    function linksOf(tex, opts) {
      let parsed;
      try { parsed = katex.__parse(tex, Object.assign({}, options, { macros: Object.assign({}, COMPAT, SILENT, data.macros) })); } catch (err) { return []; }
      if (depthOf(parsed, tex) > MAX_DEPTH) return []; // too deep to read is too deep to link
      try {
        const pieces = recognise(tree.build(parsed, tex, glyph, isWord), tex, opts && opts.home);
        return links.spans(tex, pieces, data.lettersEntry);
      } catch (err) {
        if (overflow(err)) return [];
        throw err;
      }
    }

    // How a formula is read, for a contributor (make read): each piece, its candidates with the
    // parts of their scores, and the links the build would make.
    function explain(input, opts) {
      const r = read(input, opts);
      if (r.error) return r;
      const plainTex = Object.keys((opts && opts.macros) || {}).length ? null : r.tex;
      return {
        tex: r.tex,
        speech: r.speech,
        pieces: r.pieces.map((p) => ({ key: p.key, text: p.text, sure: p.sure, kind: p.kind || null, scored: p.scored.map((c) => Object.assign({}, c)) })),
        links: plainTex === null ? [] : linksOf(plainTex, opts),
      };
    }

    return { read, links: linksOf, linkedTex: links.linkedTex, explain, normalise, entries, index: m.index, words, options, macrosFor: (tex) => (parse(tex).macros || Object.assign({}, data.macros)) };
  }

  return { create, MAX_INPUT, MAX_DEPTH, OPTIONS };
});
