// The formula as the reader sees it: KaTeX's parse tree turned into a sequence of items, with
// brackets paired into groups, bars paired or left as separators, a head followed by brackets
// marked as called, scripts split into marks (prime, star, transpose, inverse, (i)) and the
// rest, and each piece of notation given its key. Templates (entries' `contexts` and `speech`)
// are read by the same code, so a template and a formula always agree on what an item is.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./brackets.js"));
  else { const p = root.NotationReaderParts; p.tree = factory(p.brackets); }
})(typeof globalThis !== "undefined" ? globalThis : this, function (brackets) {
  "use strict";

  const { group, pair, link, children, span, SEPARATOR, PLAIN } = brackets;

  // Brackets that pair into a group, by their opening token; bars pair with themselves.
  const OPENERS = { "(": "(", "\\lparen": "(", "[": "[", "\\lbrack": "[", "\\{": "{", "\\lbrace": "{", "\\langle": "⟨", "⟨": "⟨", "\\lfloor": "⌊", "\\lceil": "⌈", "\\lvert": "|", "\\lVert": "‖", ".": "." };
  const CLOSERS = { ")": ")", "\\rparen": ")", "]": "]", "\\rbrack": "]", "\\}": "}", "\\rbrace": "}", "\\rangle": "⟩", "⟩": "⟩", "\\rfloor": "⌋", "\\rceil": "⌉", "\\rvert": "|", "\\rVert": "‖", ".": "." };
  const BARS = { "|": "|", "\\vert": "|", "\\|": "‖", "\\Vert": "‖", "‖": "‖" };
  const FONT_KEY = { mathbb: "mathbb", mathcal: "mathcal", mathscr: "mathcal", mathfrak: "mathfrak", mathbf: "bold", boldsymbol: "bold", bm: "bold", textbf: "bold", pmb: "bold", mathsf: "mathsf", mathrm: "mathrm", textrm: "mathrm", mathup: "mathrm", mathtt: "mathtt", mathit: "", textit: "" };
  const WORD_FONTS = new Set(["mathrm", "textrm", "mathsf", "mathit", "textit", "textsf", "mathtt", "texttt", "operatorname", "mathbf", "textbf"]);
  const PRIME = new Set(["\\prime", "′", "'"]);
  const STAR = new Set(["*", "\\ast", "\\star", "∗", "⋆"]);
  const TRANSPOSE = new Set(["T", "H", "\\top", "\\intercal", "⊤", "\\mathsf{T}", "\\mathrm{T}"]);
  const SPACES = new Set(["spacing", "kern"]);
  // the most letters a known name has (the longest today, "reparameterisation", has 18;
  // tests/site/test_reader_fuzz.py checks them all): a longer run of letters is no one word
  const LONGEST_WORD = 40;
  // one key for a letter and its variant form: \epsilon and \varepsilon are one ε
  // what KaTeX writes for a command inside an environment: \vdots in an array is \varvdots
  const NEGATED = { "=": "≠", "∈": "∉", "<": "≮", ">": "≯", "≤": "≰", "≥": "≱", "≡": "≢", "∼": "≁", "⊂": "⊄", "⊆": "⊈" };
  const INTERNAL = { "\\varvdots": "\\vdots", "\\@cdots": "\\cdots", "\\dotsc": "\\ldots", "\\dotsb": "\\cdots", "\\dotso": "\\ldots", "\\dotsm": "\\cdots", "\\dotsi": "\\cdots" };
  const VARIANTS = { "ϵ": "ε", "ϕ": "φ", "ϑ": "θ", "ϱ": "ρ", "ς": "σ", "ϖ": "π", "ϰ": "κ" };
  const OPERATORS = { "\\sum": "sym:∑", "\\prod": "sym:∏", "\\coprod": "sym:∐", "\\bigcup": "sym:⋃", "\\bigcap": "sym:⋂" };
  const GREEK = /^\\(alpha|beta|gamma|delta|epsilon|varepsilon|zeta|eta|theta|vartheta|iota|kappa|lambda|mu|nu|xi|pi|varpi|rho|varrho|sigma|varsigma|tau|upsilon|phi|varphi|chi|psi|omega|Gamma|Delta|Theta|Lambda|Xi|Pi|Sigma|Upsilon|Phi|Psi|Omega)$/;

  // The source range [start, end) of a node: its own loc, else that of its descendants.
  function rangeOf(node, tex) {
    let lo = Infinity, hi = -Infinity;
    (function visit(n) {
      if (!n || typeof n !== "object") return;
      if (Array.isArray(n)) { n.forEach(visit); return; }
      if (n.loc && n.loc.lexer && n.loc.lexer.input === tex) { lo = Math.min(lo, n.loc.start); hi = Math.max(hi, n.loc.end); return; }
      for (const k of ["body", "base", "sup", "sub", "numer", "denom", "index"]) visit(n[k]);
    })(node);
    return lo <= hi ? [lo, hi] : null;
  }

  function asList(node) {
    if (!node) return [];
    if (Array.isArray(node)) return node;
    return node.type === "ordgroup" ? node.body : [node];
  }

  // The letters and digits of a piece of tree, or null when it holds anything else.
  function lettersOf(body) {
    let word = "";
    for (const n of asList(body)) {
      if ((n.type === "mathord" || n.type === "textord") && /^[A-Za-z0-9]$/.test(n.text)) word += n.text;
      else if (SPACES.has(n.type)) continue;
      else if (n.type === "ordgroup" || n.type === "styling" || n.type === "font") { const w = lettersOf(n.body); if (w === null) return null; word += w; }
      else return null;
    }
    return word;
  }
  // The words of a \text{...}: letters, digits, spaces and simple punctuation.
  function textOf(body) {
    let s = "";
    for (const n of asList(body)) {
      if (n.type === "spacing") s += " ";
      else if (typeof n.text === "string" && n.text.length === 1) s += n.text;
      else if (n.type === "ordgroup" || n.type === "styling" || n.type === "font" || n.type === "text") s += textOf(n.body);
      else if (typeof n.text === "string") s += n.text.replace(/^\\/, "");
    }
    return s.replace(/\s+/g, " ");
  }

  // Build the item sequence of KaTeX nodes. `glyph(cmd)` is the character a command draws
  // (\alpha -> α); `isWord(w)` says whether a run of plain letters is a known name (softmax).
  function builder(tex, glyph, isWord) {
    const key = (t) => { const g = t[0] === "\\" ? glyph(INTERNAL[t] || t) : t; return "sym:" + (VARIANTS[g] || g); };
    // KaTeX gives a source position to tokens only: a command's own (\max, \sqrt, \hat) is
    // found by its name, after the last token read
    let cursor = 0;
    const at = (n) => { const r = rangeOf(n, tex); if (r) cursor = Math.max(cursor, r[1]); return r; };
    function find(name, before) {
      const i = tex.indexOf(name, cursor);
      if (i < 0 || (before !== undefined && i > before) || /[A-Za-z]/.test(tex[i + name.length] || "")) return null;
      cursor = i + name.length;
      return [i, i + name.length];
    }

    function seq(nodes, where) {
      const raw = [];
      for (const n of asList(nodes)) node(n, raw, where);
      const items = pair(words(digits(negations(raw)), where));
      for (const it of items) if (it.t === "word") it.known = it.text[0] === "\\" || isWord(it.word);
      return items;
    }

    function node(n, out, where) {
      if (!n) return;
      switch (n.type) {
        case "ordgroup": if (n.body.length) out.push(...seq(n.body, where).map((x) => x)); return;
        case "styling": case "sizing": case "color": case "mclass": case "hbox": case "phantom": case "smash":
        case "lap": case "raisebox": case "enclose": case "href": case "html": case "internal":
          for (const c of asList(n.body)) node(c, out, where); return;
        // \neq, \notin, \coloneqq: KaTeX draws them from parts; the MathML branch holds the one
        // character, wrapped in \mathrel when it is a relation, as ≤ and = are
        case "htmlmathml": {
          const from = out.length;
          for (const c of asList(n.mathml)) node(c, out, where);
          if (asList(n.mathml).some((c) => c.type === "mclass" && c.mclass === "mrel")) for (const it of out.slice(from)) if (it.t === "sym") it.role = "rel";
          return;
        }
        case "vphantom": case "hphantom": case "tag": case "cr": return;
        case "spacing": case "kern": return;
        case "mathord": case "textord": case "atom": return token(n, out, where);
        case "op": {
          const range = opRange(n);
          if (n.body) { // \operatorname*{...} parses to op with a body in some versions; \mathop{\mathbb{E}}
            const body = asList(n.body);
            const w = body.length === 1 && body[0].type === "font" ? null : lettersOf(n.body);
            if (w) { out.push({ t: "word", word: w, key: "word:" + w.toLowerCase(), text: w, range, op: true, node: n }); return; }
            for (const c of asList(n.body)) node(c, out, where);
            return;
          }
          // a large operator is not the capital letter it looks like: \sum is not \Sigma
          if (n.symbol) out.push({ t: "sym", key: OPERATORS[n.name] || key(n.name), text: n.name, range, op: true, role: "op", node: n });
          else out.push({ t: "word", word: n.name.slice(1), key: "word:" + n.name.slice(1).toLowerCase(), text: n.name, range, op: true, node: n });
          return;
        }
        case "operatorname": {
          const w = lettersOf(n.body);
          if (w) out.push({ t: "word", word: w, key: "word:" + w.toLowerCase(), text: w, range: at(n), op: true, node: n });
          else for (const c of asList(n.body)) node(c, out, where);
          return;
        }
        case "font": return font(n, out, where);
        case "text": {
          // \textbf{b}, \textrm{x}: one letter in a font, as \mathbf{b} and \mathrm{x}
          const inner = asList(n.body).filter((x) => !SPACES.has(x.type));
          const textFont = { "\\textbf": "mathbf", "\\textrm": "mathrm", "\\textsf": "mathsf", "\\textit": "mathit", "\\texttt": "mathtt" }[n.font];
          if (textFont && inner.length === 1 && /^[A-Za-z]$/.test(inner[0].text || "")) return font({ type: "font", font: textFont, body: inner[0], loc: n.loc }, out, where);
          const words = textOf(n.body).trim();
          if (!words) return;
          const w = /^[A-Za-z][A-Za-z0-9-]*$/.test(words) ? words.replace(/-/g, "") : null;
          // a text that spells a known name is that name (\text{softmax}); anything else is prose
          if (w && w.length >= 2 && isWord(w)) out.push({ t: "word", word: w, key: "word:" + w.toLowerCase(), text: w, range: at(n), node: n });
          else out.push({ t: "text", text: words, range: at(n), node: n });
          return;
        }
        case "supsub": return supsub(n, out, where);
        case "genfrac": {
          const item = { t: n.hasBarLine === false ? "binom" : "frac", numer: seq(n.numer, where), denom: seq(n.denom, where), range: at(n), node: n };
          out.push(item);
          return;
        }
        case "sqrt": {
          const br = rangeOf(n.body, tex);
          const cmd = find("\\sqrt", br ? br[0] : undefined);
          const index = n.index ? seq(n.index, where) : null;
          out.push({ t: "sqrt", key: "sym:√", text: "\\sqrt", body: seq(n.body, where), index, range: cmd && br ? [cmd[0], br[1]] : br, node: n });
          return;
        }
        case "accent": case "overline": case "underline": {
          const label = n.type === "accent" ? n.label.replace(/^\\wide/, "\\").replace(/^\\overline$/, "\\bar") : n.type === "overline" ? "\\bar" : "\\underline";
          const br = rangeOf(n.base || n.body, tex);
          const cmd = br && n.label ? tex.lastIndexOf(n.label, br[0]) : -1;
          const base = seq(n.base || n.body, where);
          const name = label.slice(1);
          out.push({ t: "accent", key: "acc:" + name, label, text: label + "{·}", base, range: cmd >= 0 && br ? [cmd, br[1]] : br, node: n });
          return;
        }
        case "horizBrace": for (const c of asList(n.base)) node(c, out, where); return;
        case "leftright": {
          const body = seq(n.body, where);
          const open = OPENERS[n.left] || BARS[n.left] || n.left, close = CLOSERS[n.right] || BARS[n.right] || n.right;
          // \left| s_0 = s \right. opens no pair: a sized conditional bar, then its condition
          if (BARS[n.left] && n.right === ".") { out.push({ t: "sym", key: SEPARATOR[BARS[n.left]], text: n.left, role: "rel", sep: true, range: null, node: n }, ...body); return; }
          out.push(group(open, close, body, at(n), n, true));
          return;
        }
        case "middle": out.push({ t: "sym", key: BARS[n.delim] ? SEPARATOR[BARS[n.delim]] : key(n.delim), text: n.delim, role: "rel", sep: true, range: null, node: n }); return;
        case "delimsizing": {
          const d = n.delim;
          if (BARS[d]) out.push({ t: "bar", bar: BARS[d], side: n.mclass === "mopen" ? "open" : n.mclass === "mclose" ? "close" : null, text: d, range: at(n), node: n });
          else if (OPENERS[d] && n.mclass !== "mclose" && !CLOSERS[d]) out.push({ t: "open", open: OPENERS[d], text: d, range: at(n), node: n });
          else if (CLOSERS[d] && n.mclass !== "mopen" && !OPENERS[d]) out.push({ t: "close", close: CLOSERS[d], text: d, range: at(n), node: n });
          else if (OPENERS[d] && n.mclass === "mopen") out.push({ t: "open", open: OPENERS[d], text: d, range: at(n), node: n });
          else if (CLOSERS[d] && n.mclass === "mclose") out.push({ t: "close", close: CLOSERS[d], text: d, range: at(n), node: n });
          return;
        }
        case "array": {
          const rows = (n.body || []).map((row) => row.map((cell) => seq(cell, where)));
          out.push({ t: "array", rows, range: at(n), node: n });
          return;
        }
        case "xArrow": out.push({ t: "sym", key: "sym:→", text: n.label, role: "rel", label: seq(n.body, where), range: at(n), node: n }); return;
        default:
          if (n.body) for (const c of asList(n.body)) node(c, out, where);
      }
    }

    function opRange(n) { // an operator's node has no source position of its own: find its name
      const r = rangeOf(n, tex);
      if (r) { cursor = Math.max(cursor, r[1]); return r; }
      return n.name ? find(n.name) : null;
    }

    function token(n, out, where) {
      const t = n.text;
      at(n);
      if (n.type === "atom" && n.family === "open" && OPENERS[t] && t !== "\\lvert" && t !== "\\lVert") { out.push({ t: "open", open: OPENERS[t], text: t, range: at(n), node: n }); return; }
      if (n.type === "atom" && n.family === "close" && CLOSERS[t] && t !== "\\rvert" && t !== "\\rVert") { out.push({ t: "close", close: CLOSERS[t], text: t, range: at(n), node: n }); return; }
      if (t === "\\lvert" || t === "\\lVert") { out.push({ t: "bar", bar: BARS[t.replace("\\l", "\\")], side: "open", text: t, range: at(n), node: n }); return; }
      if (t === "\\rvert" || t === "\\rVert") { out.push({ t: "bar", bar: BARS[t.replace("\\r", "\\")], side: "close", text: t, range: at(n), node: n }); return; }
      if (BARS[t] && !(n.type === "atom" && n.family === "rel")) { out.push({ t: "bar", bar: BARS[t], side: null, text: t, range: at(n), node: n }); return; }
      if (/^[0-9.]$/.test(t) && n.type === "textord") { out.push({ t: "num", text: t, range: at(n), node: n }); return; }
      if (t === "," || t === ";" || t === ":" || t === "." || t === "!" || (n.type === "atom" && n.family === "punct")) { out.push({ t: "sep", text: t === "\\colon" ? ":" : t, range: at(n), node: n }); return; }
      const role = n.type === "atom" ? n.family : "ord";
      const item = { t: "sym", key: t === "\\mid" || t === "∣" ? "sym:∣" : t === "\\parallel" || t === "∥" ? "sym:∥" : key(t), text: INTERNAL[t] || t, role, range: at(n), node: n };
      if (item.key === "sym:∣" || item.key === "sym:∥") item.sep = true;
      if (/^[A-Za-z]$/.test(t)) item.letter = t;
      else if (GREEK.test(t)) item.letter = item.key.slice(4);
      out.push(item);
    }

    function font(n, out, where) {
      const body = asList(n.body);
      const f = n.font;
      const one = body.length === 1 && (body[0].type === "mathord" || body[0].type === "textord") ? body[0].text : null;
      // in a template, \mathbf{·} is any bold letter (the dot product's \mathbf{·} \cdot \mathbf{·})
      if (body.length === 1 && body[0].type === "atom" && body[0].text === "·" && FONT_KEY[f]) { out.push({ t: "anyfont", font: FONT_KEY[f], range: at(n), node: n }); return; }
      if (one && FONT_KEY[f] !== undefined && (/^[A-Za-z0-9]$/.test(one) || GREEK.test(one))) {
        const letter = one[0] === "\\" ? VARIANTS[glyph(one)] || glyph(one) : one;
        if (FONT_KEY[f] === "") { node(body[0], out, where); return; } // \mathit{x} is x
        out.push({ t: "sym", key: "sym:" + FONT_KEY[f] + ":" + letter, text: "\\" + f + "{" + one + "}", font: FONT_KEY[f], letter, role: "ord", range: at(n), node: n });
        return;
      }
      // \boldsymbol{\mathsf{A}}, \mathbf{\mathsf{A}}: a bold sans-serif letter
      if (FONT_KEY[f] === "bold" && body.length === 1 && body[0].type === "font" && body[0].font === "mathsf") {
        const inner = asList(body[0].body);
        if (inner.length === 1 && /^[A-Za-z]$/.test(inner[0].text || "")) {
          out.push({ t: "sym", key: "sym:boldsf:" + inner[0].text, text: "\\" + f + "{\\mathsf{" + inner[0].text + "}}", font: "boldsf", letter: inner[0].text, role: "ord", range: at(n), node: n });
          return;
        }
      }
      if (WORD_FONTS.has(f)) {
        const w = lettersOf(body);
        if (w && w.length >= 2 && /[A-Za-z]/.test(w)) { out.push({ t: "word", word: w, key: "word:" + w.toLowerCase(), text: w, range: at(n), upright: true, node: n }); return; }
      }
      for (const c of body) node(c, out, where);
    }

    // Scripts: leading primes, then a mark (*, T, -1, +, (i), -) or the rest as a sequence.
    function scripts(n, where) {
      const out = { sub: null, sup: null, primes: 0, mark: null, markRange: null };
      if (n.sub) out.sub = seq(n.sub, "sub");
      if (n.sup) {
        let sup = asList(n.sup).filter((x) => !SPACES.has(x.type));
        // x^{'}: KaTeX reads the ' inside braces as a prime with no base
        if (sup.length === 1 && sup[0].type === "supsub" && !sup[0].base && !sup[0].sub) sup = asList(sup[0].sup);
        while (sup.length && PRIME.has(sup[0].text)) { out.primes++; sup = sup.slice(1); }
        const flatText = sup.map((x) => x.text || (x.type === "font" ? "\\" + x.font + "{" + (lettersOf(x.body) || "") + "}" : "?")).join("");
        const r = rangeOf(n.sup, tex);
        if (sup.length === 1 && STAR.has(sup[0].text)) out.mark = "*";
        else if (sup.length === 1 && (TRANSPOSE.has(sup[0].text) || TRANSPOSE.has(flatText))) out.mark = "T";
        else if (flatText === "-1") out.mark = "-1";
        else if (flatText === "+") out.mark = "+";
        else if (flatText === "-") out.mark = "-";
        else if (sup.length >= 3 && sup[0].text === "(" && sup[sup.length - 1].text === ")") { out.mark = "(·)"; out.sup = seq(sup.slice(1, -1), "sup"); }
        else if (sup.length) out.sup = seq(sup, "sup");
        if (out.mark) out.markRange = r;
        if (out.mark && out.mark !== "(·)") out.supText = flatText;
      }
      return out;
    }

    function supsub(n, out, where) {
      const before = out.length;
      const base = n.base;
      if (!base) { // a script with no base (^{*} alone)
        out.push({ t: "sym", key: "sym:∅", text: "", role: "ord", range: at(n), node: n });
      } else node(base, out, where);
      // the base is the last item it produced; a base of several items is one braced group
      let item;
      if (out.length - before === 1) item = out[before];
      else if (out.length - before > 1) { const body = out.splice(before); item = group("{", "}", pair(body), rangeOf(base, tex), base, false); out.push(item); }
      else { item = { t: "sym", key: "sym:∅", text: "", role: "ord", range: null, node: n }; out.push(item); }
      const s = scripts(n, where);
      // an operator's superscript is a limit, never a mark: \sum_{t=0}^{T}, \prod^{*}
      if (s.mark && (item.role === "op" || item.t === "word") && s.mark !== "(·)") { s.sup = seq(n.sup, "sup"); s.mark = null; s.markRange = null; s.supText = undefined; }
      if (item.t === "num" && base.type === "textord") { /* 10^{-4}: digits merged later */ }
      item.sub = s.sub; item.sup = s.sup; item.primes = s.primes; item.mark = s.mark; item.markRange = s.markRange; item.supText = s.supText;
      item.whole = at(n);
      item.subRange = n.sub ? rangeOf(n.sub, tex) : null;
      item.scripted = true;
    }

    // Consecutive digits are one number (10, 0.02); a number's scripts stay on it.
    // Three dots typed as full stops, x_1, ..., x_n, are the ellipsis \ldots.
    function digits(items) {
      const out = [];
      for (const it of items) {
        const last = out[out.length - 1];
        if (it.t === "num" && last && last.t === "num" && !last.scripted && /^[0-9.]$/.test(it.text.slice(0, 1))) {
          const merged = Object.assign({}, it, { text: last.text + it.text, range: span(last.range, it.range), whole: it.whole ? span(last.range, it.whole) : undefined });
          out[out.length - 1] = merged;
        } else out.push(it);
      }
      return out.map((it) => (it.t === "num" && /^\.{3,}$/.test(it.text) ? Object.assign({}, it, { t: "sym", key: "sym:...", role: "inner" }) : it));
    }

    // \not before a relation (KaTeX's combining slash, U+0338) negates it: \not= is ≠, \not\in
    // is ∉; a relation with no negated character keeps its own key (\not\perp stays ⊥)
    function negations(items) {
      const out = [];
      for (let i = 0; i < items.length; i++) {
        const it = items[i], next = items[i + 1];
        if (!(it.t === "sym" && it.key === "sym:\u0338")) { out.push(it); continue; }
        if (next && next.t === "sym") {
          const negated = NEGATED[next.key.slice(4)];
          out.push(negated ? Object.assign({}, next, { key: "sym:" + negated, text: "\\not" + next.text, range: span(it.range, next.range) }) : next);
          i++;
        }
      }
      return out;
    }

    // Plain letters that spell a known name (`softmax(x)` typed without \mathrm, `log p`):
    // one word. The whole run may be a word; a word of three letters or more may be followed
    // by more letters. A run is tried only as far as the longest name can reach (LONGEST_WORD),
    // so 4000 letters are read in linear time, not cubic.
    function words(items, where) {
      const out = [];
      for (let i = 0; i < items.length; i++) {
        // \arg\max, \arg\min: one word, with the scripts of the second
        const nx = items[i + 1];
        if (items[i].t === "word" && items[i].word === "arg" && nx && nx.t === "word" && /^(max|min)$/.test(nx.word)) {
          out.push(Object.assign({}, nx, { word: "arg" + nx.word, key: "word:arg" + nx.word, text: "\\arg\\" + nx.word, range: span(items[i].range, nx.range), whole: nx.whole ? span(items[i].range, nx.whole) : undefined }));
          i++;
          continue;
        }
        let j = i, run = "";
        while (j < items.length && run.length <= LONGEST_WORD && items[j].t === "sym" && /^[A-Za-z]$/.test(items[j].text) && !items[j].font && (j === i || !items[j - 1].scripted)) run += items[j++].text;
        let found = null;
        // in a script the whole run is the word or none is (L_{simple} is not sim)
        const script = where === "sub" || where === "sup";
        for (let n = Math.min(run.length, LONGEST_WORD); n >= 2; n--) if ((n === run.length || (n >= 3 && !script)) && isWord(run.slice(0, n))) { found = n; break; }
        if (!found) { out.push(items[i]); continue; }
        const last = items[i + found - 1];
        const w = run.slice(0, found);
        out.push({ t: "word", word: w, key: "word:" + w.toLowerCase(), text: w, range: span(items[i].range, last.range), op: true, node: last.node,
          sub: last.sub, sup: last.sup, primes: last.primes, mark: last.mark, markRange: last.markRange, supText: last.supText, whole: last.whole ? span(items[i].range, last.whole) : undefined, scripted: last.scripted });
        i += found - 1;
      }
      return out;
    }

    return { seq };
  }

  // Every item, depth first, with its parent item and the sequence it sits in.
  function walk(items, visit, parent, where) {
    items.forEach((it, i) => {
      visit(it, parent, items, i, where);
      for (const k of ["sub", "sup", "body", "numer", "denom", "base", "index", "label"]) if (Array.isArray(it[k])) walk(it[k], visit, it, k);
      if (it.rows) for (const row of it.rows) for (const cell of row) walk(cell, visit, it, "cell");
    });
  }


  function build(tree, tex, glyph, isWord) {
    return link(builder(tex, glyph, isWord).seq(tree, ""));
  }

  return { build, walk, children, rangeOf, asList, lettersOf, delimKey: brackets.delimKey, GREEK, LONGEST_WORD };
});
