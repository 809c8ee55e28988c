// The formula reader: which pieces of a formula belong to which entry. Written once, run in
// the browser (the read/ page) and in Node.js (tests, the build). It walks the parse tree
// KaTeX builds (katex.__parse: internal and unversioned, so it is pinned to the locked KaTeX
// version by tests/site/test_read_formula.py) and is fed by data the build generates from the
// entries (notation_site.output.reading). Nothing here touches the DOM.
(function (root) {
  "use strict";

  const MAX_INPUT = 4000; // characters; longer input gets a clear message, not a frozen tab
  const OPTIONS = { strict: "ignore", trust: false, maxExpand: 500, maxSize: 10, throwOnError: true };

  function parseOptions(macros) {
    return Object.assign({}, OPTIONS, { macros: Object.assign({}, macros || {}) });
  }

  // -- Unicode as pasted from a PDF, written as TeX --------------------------------------
  const COMBINING = { "\u0302": "\\hat", "\u0303": "\\tilde", "\u0304": "\\bar", "\u0305": "\\bar", "\u0307": "\\dot", "\u20d7": "\\vec" };
  const ALPHABETS = [ // Mathematical Alphanumeric Symbols, 52 letters each from U+1D400
    "\\mathbf", "\\mathit", "\\boldsymbol", "\\mathcal", "\\mathcal", "\\mathfrak", "\\mathbb",
    "\\mathfrak", "\\mathsf", "\\mathbf", "\\mathsf", "\\mathsf", "\\mathtt",
  ];

  function makeNormaliser(data) {
    const glyphTex = {}; // glyph -> command (the first command that draws it)
    for (const [cmd, glyph] of Object.entries(data.texGlyphs)) {
      if (glyph.length === 1 && !(glyph in glyphTex) && !/[A-Za-z0-9(){}[\]|*.,:;=<>+\-'/!]/.test(glyph)) glyphTex[glyph] = "\\" + cmd;
    }
    Object.assign(glyphTex, { "∑": "\\sum", "∏": "\\prod", "Σ": "\\Sigma", "Π": "\\Pi", "∣": "\\mid", "∼": "\\sim", "~": "\\sim", "−": "-", "·": "\\cdot", "⋅": "\\cdot", "ϵ": "\\epsilon", "ε": "\\varepsilon", "′": "'", "…": "\\ldots", "⋯": "\\cdots" });
    for (const [letter, glyph] of Object.entries(data.doubleStruck)) glyphTex[glyph] = "\\mathbb{" + letter + "}";
    for (const [letter, glyph] of Object.entries(data.scriptLetters)) glyphTex[glyph] = "\\mathcal{" + letter + "}";
    const scripts = data.scripts; // ᵀ -> ^T, ₖ -> _k
    return function normalise(text) {
      let s = String(text).normalize("NFC");
      // typed rather than TeX (no command): D_KL, L_simple, W^OUT are one script each
      if (s.indexOf("\\") < 0) s = s.replace(/([_^])([A-Za-z0-9]{2,})/g, "$1{$2}");
      // a letter and a combining accent: θ̂ -> \hat{θ}
      s = s.replace(/(.)([\u0302\u0303\u0304\u0305\u0307\u20d7])/gu, (m, base, mark) => COMBINING[mark] + "{" + base + "}");
      s = s.replace(/[ŷŶ]/g, (c) => "\\hat{" + (c === "ŷ" ? "y" : "Y") + "}").replace(/[x̄]/g, (c) => c);
      let out = "";
      const chars = Array.from(s);
      for (let i = 0; i < chars.length; i++) {
        const c = chars[i];
        const cp = c.codePointAt(0);
        if (scripts[c]) { // a run of sub- or superscript glyphs becomes one group
          const kind = scripts[c][0];
          let body = "";
          while (i < chars.length && scripts[chars[i]] && scripts[chars[i]][0] === kind) body += scripts[chars[i++]].slice(1);
          i--;
          out += kind + "{" + body + "}";
        } else if (cp >= 0x1d400 && cp < 0x1d6a4) {
          const k = cp - 0x1d400, alphabet = ALPHABETS[Math.floor(k / 52)] || "\\mathbf";
          const letter = c.normalize("NFKC");
          out += alphabet + "{" + letter + "}";
        } else if (cp >= 0x1d7ce && cp <= 0x1d7ff) {
          out += "\\mathbb{" + c.normalize("NFKC") + "}";
        } else if (c === "√") {
          out += "\\sqrt";
          // √x, √d_k, √(…): the radicand is the next token or bracketed group
          let j = i + 1;
          if (chars[j] === "(") {
            let depth = 0, k = j;
            for (; k < chars.length; k++) { if (chars[k] === "(") depth++; else if (chars[k] === ")" && --depth === 0) break; }
            if (k < chars.length) { out += "{" + chars.slice(j + 1, k).join("") + "}"; i = k; continue; }
          }
        } else if (glyphTex[c]) {
          out += glyphTex[c] + " ";
        } else {
          out += c;
        }
      }
      // √d_k written without braces: \sqrt d_k -> \sqrt{d_k}
      out = out.replace(/\\sqrt(?=[A-Za-z0-9\\])((?:[A-Za-z0-9]+|\\[A-Za-z]+(?:\{[^{}]*\})?)(?:_\{[^{}]*\}|_[A-Za-z0-9])?)/g, "\\sqrt{$1}");
      return out.replace(/ +/g, " ").trim();
    };
  }

  // -- the parse tree --------------------------------------------------------------------
  const OPEN = { "(": ")", "\\lparen": ")", "[": "]", "\\lbrack": "]" };
  const PLAIN = new Set("+-=()[]{},.;:/!<>'".split("").concat(["\\{", "\\}", "\\lbrace", "\\rbrace", "\\lparen", "\\rparen", "\\lbrack", "\\rbrack", "\\colon", "\\ ", "\\,", "\\;", "\\!", "\\quad", "\\qquad", "\\ldots", "\\cdots", "\\dots", "\\dotsc", "\\dotsb", "\\vdots", "…", "⋯"]));
  const VERT = { "|": "|", "\\vert": "|", "\\lvert": "|", "\\rvert": "|", "\\|": "‖", "\\Vert": "‖", "\\lVert": "‖", "\\rVert": "‖", "\\langle": "⟨", "\\rangle": "⟨", "\\lfloor": "⌊", "\\lceil": "⌈" };
  const WORD_FONTS = new Set(["mathrm", "textrm", "mathsf", "mathit", "text", "textit", "textsf", "mathtt", "texttt", "operatorname"]);

  function isLetter(node) {
    return node && node.type === "mathord" && /^[A-Za-z]$/.test(node.text);
  }

  function lettersOf(body) {
    let word = "";
    for (const n of body || []) {
      if ((n.type === "mathord" || n.type === "textord") && /^[A-Za-z0-9]$/.test(n.text)) word += n.text;
      else if (n.type === "kern" || n.type === "spacing") continue;
      else if (n.type === "ordgroup" || n.type === "styling") { const w = lettersOf(n.body); if (w === null) return null; word += w; }
      else return null;
    }
    return word;
  }

  // The characters of a small piece of tree: `2` for ^2, `1` for _1, `t-1` for _{t-1}.
  function flat(node) {
    if (!node) return "";
    if (Array.isArray(node)) return node.map(flat).join("");
    if (typeof node.text === "string") return node.text;
    if (node.body) return flat(node.body);
    return "?";
  }

  function asList(node) {
    if (!node) return [];
    if (Array.isArray(node)) return node;
    return node.type === "ordgroup" ? node.body : [node];
  }

  // A run of plain letters at nodes[i] that starts with a known word: {word, end} or null.
  // The whole run may be a word (KL, softmax); a word of three letters or more may be
  // followed by more letters (`log p` parses as l o g p).
  function wordRun(nodes, i, isWord) {
    let j = i, run = "";
    while (j < nodes.length && isLetter(nodes[j])) run += nodes[j++].text;
    if (j < nodes.length && nodes[j].type === "supsub" && isLetter(nodes[j].base)) { run += nodes[j].base.text; j++; }
    for (let n = run.length; n >= 2; n--) {
      if ((n === run.length || n >= 3) && isWord(run.slice(0, n))) return { word: run.slice(0, n), end: i + n };
    }
    return null;
  }

  // The source range of a node: its own loc, else that of its descendants.
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

  // Walk the tree; yield pieces {key, text, flags, range}. `word(w)` says whether a run of
  // letters is a known word (so `softmax(x)` typed without \mathrm is one piece).
  // With `withUnits`, a piece that is a sub- or superscripted base gets `unit`: the range of the
  // base with its scripts, the smallest piece of source that can be wrapped without moving the
  // scripts (a wrapped base is no longer a single character to KaTeX).
  function pieces(tree, tex, glyphs, isWord, withUnits) {
    const out = [];
    let cursor = 0;
    const glyph = (t) => (t && t[0] === "\\" && glyphs[t.slice(1)]) || t;
    function emit(key, text, flags, range) {
      if (range) cursor = Math.max(cursor, range[1]);
      out.push({ key, text, flags, range });
    }
    function findCommand(name, before) {
      const at = tex.indexOf(name, cursor);
      if (at < 0 || (before !== undefined && at > before) || /[A-Za-z]/.test(tex[at + name.length] || "")) return null;
      return at;
    }
    function list(nodes, outer) {
      for (let i = 0; i < nodes.length; i++) {
        const n = nodes[i], next = nodes[i + 1];
        const call = !!next && ((next.type === "atom" && next.family === "open" && OPEN[next.text]) || (next.type === "leftright" && OPEN[next.left]));
        // \arg\max, \arg\min: one word
        const nx = next && (next.type === "supsub" ? next.base : next);
        if (n.type === "op" && n.name === "\\arg" && nx && nx.type === "op" && /^\\(max|min)$/.test(nx.name)) {
          const after = nodes[i + 2];
          const r0 = rangeOf(n, tex);
          const at = findCommand("\\arg");
          emit("word:arg" + nx.name.slice(1), "\\arg" + nx.name, { op: true, sub: !!next.sub, sup: !!next.sup, call: !!after && after.type === "atom" && after.family === "open" }, at === null ? r0 : [at, at + 4]);
          if (next.type === "supsub") { node(next.sup, {}, "sup"); list(asList(next.sub), "sub"); }
          cursor = Math.max(cursor, findCommand(nx.name) || cursor);
          i++;
          continue;
        }
        // a run of plain letters that spells a known word
        if (isLetter(n) || (n.type === "supsub" && isLetter(n.base))) {
          const run = wordRun(nodes, i, isWord);
          if (run) {
            const j = run.end;
            const last = nodes[j - 1];
            const after = nodes[j];
            const flags = { call: !!after && ((after.type === "atom" && after.family === "open") || after.type === "leftright"), sup: !!last.sup, sub: !!last.sub, op: true };
            const r0 = rangeOf(n, tex), r1 = rangeOf(last.base || last, tex);
            emit("word:" + run.word.toLowerCase(), run.word, flags, r0 && r1 ? [r0[0], r1[1]] : null);
            if (last.type === "supsub") { node(last.sup, {}, "sup"); list(asList(last.sub), "sub"); }
            i = j - 1;
            continue;
          }
        }
        node(n, { call: !!call }, outer);
      }
    }
    function node(n, flags, where) {
      if (!n) return;
      switch (n.type) {
        case "ordgroup": case "styling": case "sizing": case "color": case "mclass": case "hbox": case "phantom": case "vphantom": case "smash": case "lap": case "raisebox": case "underline": case "overline": case "enclose": case "href": case "html":
          list(asList(n.body).concat(n.type === "ordgroup" ? [] : []), where); return;
        case "mathord": case "textord": case "atom": {
          if (where === "sup" && /^(T|\\top|\\intercal|⊤|\\mathsf)$/.test(n.text)) { emit("sup:T", "^" + n.text, flags, rangeOf(n, tex)); return; }
          if (where === "sup" && /^(\*|\\ast|\\star)$/.test(n.text)) { emit("sup:*", "^*", flags, rangeOf(n, tex)); return; }
          const g = n.text === "\\mid" || n.text === "∣" ? "∣" : glyph(n.text);
          if (PLAIN.has(n.text) || /^[0-9]$/.test(n.text)) return;
          emit("sym:" + g, n.text, flags, rangeOf(n, tex));
          // a binary operator or relation: where KaTeX may break an inline formula's line
          if (n.type === "atom" && (n.family === "bin" || n.family === "rel")) out[out.length - 1].breaks = true;
          return;
        }
        case "op": {
          const name = n.name || "";
          if (n.body) { const w = lettersOf(n.body); if (w) { emit("word:" + w.toLowerCase(), w, Object.assign({ op: true }, flags), rangeOf(n, tex)); return; } list(n.body, where); return; }
          const at = findCommand(name);
          const range = at === null ? null : [at, at + name.length];
          if (n.symbol) emit("sym:" + glyph(name), name, Object.assign({ op: true }, flags), range);
          else emit("word:" + name.slice(1).toLowerCase(), name, Object.assign({ op: true }, flags), range);
          return;
        }
        case "operatorname": {
          const w = lettersOf(n.body);
          if (w) emit("word:" + w.toLowerCase(), w, Object.assign({ op: true }, flags), rangeOf(n, tex));
          else list(n.body, where);
          return;
        }
        case "font": {
          const body = asList(n.body);
          if ((n.font === "mathbb" || n.font === "mathcal" || n.font === "mathscr" || n.font === "mathfrak") && body.length === 1 && /^[A-Za-z0-9]$/.test(body[0].text || "")) {
            emit("sym:" + n.font + ":" + body[0].text, "\\" + n.font + "{" + body[0].text + "}", flags, rangeOf(n, tex));
            return;
          }
          if ((n.font === "mathbf" || n.font === "boldsymbol" || n.font === "bm") && body.length === 1 && (body[0].type === "mathord" || body[0].type === "textord")) {
            const g = glyph(body[0].text);
            emit("sym:bold:" + g, "\\" + n.font + "{" + body[0].text + "}", flags, rangeOf(n, tex));
            return;
          }
          if (WORD_FONTS.has(n.font)) {
            const w = lettersOf(body);
            if (w && w.length >= 2 && /[A-Za-z]/.test(w)) { emit("word:" + w.toLowerCase(), w, flags, rangeOf(n, tex)); return; }
          }
          list(body, where);
          return;
        }
        case "text": {
          const w = lettersOf(n.body);
          if (w && w.length >= 2) emit("word:" + w.toLowerCase(), w, flags, rangeOf(n, tex));
          return;
        }
        case "supsub": {
          const base = n.base;
          const f = Object.assign({}, flags, { sup: !!n.sup, sub: !!n.sub, supText: flat(n.sup), subText: flat(n.sub) });
          // d_k, d_{\text{model}}: a letter with an index that an entry may name as a whole
          const sub = n.sub && (asList(n.sub).length === 1 && asList(n.sub)[0].type === "text" ? lettersOf(asList(n.sub)[0].body) : lettersOf(asList(n.sub)));
          const whole = rangeOf(n, tex);
          const first = out.length;
          if (isLetter(base) && sub) {
            const r = whole;
            out.push({ key: "script:" + base.text + "_" + sub, text: base.text + "_" + sub, flags: f, range: r, weak: true, covers: "sym:" + base.text });
          }
          node(base, f, where);
          // what the base itself is (\sum, \mathbb{R}, \hat{A}) is linked with its scripts
          if (withUnits && whole && base && /^(op|mathord|textord|atom|font|operatorname|mclass|accent)$/.test(base.type)) {
            for (let k = first; k < out.length; k++) {
              if (base.type === "accent" && !out[k].key.startsWith("acc:")) continue;
              const r = out[k].range; // an operator's own source position is found by its name (\max_k)
              out[k].unit = r ? [Math.min(r[0], whole[0]), Math.max(r[1], whole[1])] : whole;
            }
          }
          if (n.sup) {
            const sup = asList(n.sup);
            if (sup.length === 2 && sup[0].text === "-" && sup[1].text === "1") emit("sup:-1", "^{-1}", f, rangeOf(n.sup, tex));
            else list(sup, "sup");
          }
          if (n.sub) list(asList(n.sub), "sub");
          return;
        }
        case "accent": {
          const label = n.label.replace(/^\\wide/, "\\");
          const br = rangeOf(n.base, tex);
          const at = br ? tex.lastIndexOf(n.label, br[0]) : -1;
          // \hat{m}: an accent on one letter, which an entry may name as a whole (Adam's m̂)
          const letter = flat(n.base);
          if (/^(\\[A-Za-z]+|.)$/u.test(letter)) out.push({ key: "acc:" + label.slice(1) + ":" + glyph(letter), text: n.label + "{" + letter + "}", flags, range: at >= cursor && br ? [at, br[1]] : null, weak: true, covers: "acc:" + label.slice(1) });
          emit("acc:" + label.slice(1), n.label + "{·}", flags, at >= cursor && br ? [at, br[1]] : null);
          out[out.length - 1].container = true;
          node(n.base, {}, where);
          return;
        }
        case "sqrt": {
          const br = rangeOf(n.body, tex);
          const at = findCommand("\\sqrt", br ? br[0] : undefined);
          emit("sym:√", "\\sqrt", flags, at !== null && br ? [at, br[1]] : null);
          out[out.length - 1].container = true;
          node(n.body, {}, where);
          return;
        }
        case "genfrac": node(n.numer, {}, where); node(n.denom, {}, where); return;
        case "leftright": {
          if (VERT[n.left]) emit("sym:" + VERT[n.left], n.left + " … " + n.right, flags, null);
          list(n.body, where);
          return;
        }
        case "middle": if (n.delim === "|" || n.delim === "\\vert" || n.delim === "\\mid") emit("sym:∣", "\\mid", flags, null); return;
        case "array": for (const row of n.body || []) for (const cell of row) node(cell, {}, where); return;
        case "delimsizing": {
          if (VERT[n.delim]) emit("sym:" + VERT[n.delim], n.delim, flags, null);
          return;
        }
        case "xArrow": emit("sym:→", n.label, flags, null); node(n.body, {}, where); return;
        default:
          if (n.body) list(asList(n.body), where);
      }
    }
    list(tree, "");
    return out;
  }

  // The smallest whole group of source around [start, end): KaTeX gives no source position to
  // a command's own node (\mathbb{R}, \hat{A}, \operatorname{head}), only to the tokens inside,
  // so a range may begin or end inside its braces. Unmatched braces are closed outwards, and
  // a braced argument takes the command before it. Null when no such group exists.
  function group(tex, start, end) {
    for (let guard = 0; guard < 20; guard++) {
      let depth = 0, low = 0;
      for (let i = start; i < end; i++) {
        if (tex[i] === "\\") { i++; continue; }
        if (tex[i] === "{") depth++;
        else if (tex[i] === "}") { depth--; low = Math.min(low, depth); }
      }
      if (low < 0) { // a } closes a group opened before start: take in its {
        let d = 0, i = start - 1;
        for (; i >= 0; i--) {
          if (tex[i] === "}" && tex[i - 1] !== "\\") d++;
          else if (tex[i] === "{" && tex[i - 1] !== "\\" && d-- === 0) break;
        }
        if (i < 0) return null;
        start = i;
        continue;
      }
      if (depth > 0) { // a { opened inside is closed after end
        let d = depth, i = end;
        for (; i < tex.length && d > 0; i++) {
          if (tex[i] === "\\") { i++; continue; }
          if (tex[i] === "{") d++;
          else if (tex[i] === "}") d--;
        }
        if (d > 0) return null;
        end = i;
        continue;
      }
      const command = /\\[A-Za-z]+\s*$/.exec(tex.slice(0, start));
      if (tex[start] === "{" && command) { start = command.index; continue; }
      // the whole argument of a command (\operatorname{ReLU}, \mathbb{R}): the command with it
      const opened = /\\[A-Za-z]+\s*\{\s*$/.exec(tex.slice(0, start));
      const close = /^\s*\}/.exec(tex.slice(end));
      if (opened && close) { start = opened.index; end += close[0].length; continue; }
      return [start, end];
    }
    return null;
  }

  // -- the index: which entries each key belongs to --------------------------------------
  function create(katex, data) {
    const normalise = makeNormaliser(data);
    const options = parseOptions(data.macros);
    const parse = (tex) => katex.__parse(tex, options);
    const entries = {};
    const index = {}; // key -> [{id, strength, flags}]
    const words = new Set();
    for (const e of data.entries) entries[e.id] = e;

    function keysOf(tex, lhs) {
      try {
        let tree = parse(normalise(tex));
        if (lhs) { // the left-hand side: what a definition is about
          const k = tree.findIndex((n) => n.type === "atom" && n.family === "rel");
          if (k > 0) tree = tree.slice(0, k);
        }
        return pieces(tree, normalise(tex), data.texGlyphs, () => false);
      } catch (err) {
        return [];
      }
    }
    // A key an entry declares both as a command and as a glyph is its own symbol: one more.
    function add(key, id, strength, source) {
      const list = index[key] || (index[key] = []);
      let have = list.find((c) => c.id === id);
      if (!have) list.push(have = { id, strength: 0, best: 0, sources: new Set() });
      have.best = Math.max(have.best, strength);
      have.sources.add(source);
      have.strength = have.best + (have.sources.has("command") && have.sources.has("glyph") ? 1 : 0);
    }
    const owned = {}; // id -> how many keys it declares
    const isLetterKey = (k) => /^sym:(bold:)?[A-Za-z0-9]$/.test(k);
    for (const e of data.entries) {
      if (e.id === data.lettersEntry) continue;
      const declared = new Set();
      const forms = e.forms = {}; // key -> the sub- and superscripts it is declared with (σ^2, β_1)
      const declare = (key, strength, source, flags) => {
        add(key, e.id, strength, source);
        if (!key.startsWith("word:")) declared.add(key);
        if (flags && (flags.supText || flags.subText)) (forms[key] = forms[key] || []).push(flags);
      };
      // A command or glyph that is one piece names it (3); a longer one (\sum_{i=1}^{n})
      // names its first piece (2); a bare command (\hat) is tried with an argument.
      const named = (tex, strength, source) => {
        const all = keysOf(tex).filter((p) => !p.weak);
        const ps = all.filter((p) => !isLetterKey(p.key));
        const weak = keysOf(tex).filter((p) => p.weak);
        if (weak.length === 1 && ps.length <= 1 && all.length <= 2) { declare(weak[0].key, strength, source); return; }
        if (ps.length) { declare(ps[0].key, ps.length === 1 ? strength : strength - 1, source, ps.length === 1 ? ps[0].flags : null); return; }
        if (all.length === 1 && source === "pattern") { declare(all[0].key, strength, source); return; }
        if (!all.length && /^\\[A-Za-z]+$/.test(tex)) for (const p of keysOf(tex + "{x}").filter((q) => !q.weak && !isLetterKey(q.key)).slice(0, 1)) declare(p.key, strength, source);
      };
      for (const t of e.commands) named(t, 3, "command");
      for (const t of e.unicode) named(t, 3, "glyph");
      for (const t of e.patterns) named(t.replace(/·/g, "x"), 5, "pattern");
      for (const letter of e.letters) for (const p of keysOf(letter).slice(0, 1)) declare(p.key, 1, "letter");
      for (const w of [e.name].concat(e.aliases)) {
        if (/^[A-Za-z][A-Za-z0-9]+$/.test(w)) declare("word:" + w.toLowerCase(), w === e.name ? 3 : 2, "name");
      }
      owned[e.id] = declared.size || 1;
      // the context each key has in the entry's own symbol (σ(z) for sigmoid, σ² for the
      // variance), and the symbol's first piece that is not a plain letter: what it is about
      e.contexts = {};
      const own = keysOf(e.symbol);
      for (const p of own) {
        if (!(p.key in e.contexts)) e.contexts[p.key] = p.flags;
        const plain = p.key.replace(/^sym:bold:/, "sym:");
        if (!(plain in e.contexts)) e.contexts[plain] = p.flags;
      }
      const lhs = keysOf(e.symbol, true);
      const notation = (ps) => ps.filter((p) => !p.weak && !isLetterKey(p.key));
      const first = notation(lhs)[0] || notation(own)[0] || lhs.find((p) => !p.weak);
      e.about = first ? first.key.replace(/^sym:bold:/, "sym:") : null;
      e.only = notation(own).length === 1; // the symbol is this one piece (θ for the parameters)
    }
    for (const k of Object.keys(index)) if (k.startsWith("word:")) words.add(k.slice(5));
    const lettersOf_ = {}; // the letters the letters page explains
    const host = entries[data.lettersEntry];
    if (host) { for (const letter of host.letters) for (const p of keysOf(letter).slice(0, 1)) lettersOf_[p.key] = true; host.contexts = {}; host.forms = {}; }

    function agreement(flags, ctx) {
      if (!ctx) return 0.5;
      let same = 0;
      for (const f of ["call", "sup", "sub", "op"]) if (!!flags[f] === !!ctx[f]) same++;
      return same / 4;
    }
    function candidates(piece) {
      const list = (index[piece.key] || []).map((c) => {
        const e = entries[c.id];
        const ctx = e.contexts[piece.key] || (e.forms[piece.key] || [])[0];
        const about = e.about === piece.key.replace(/^sym:bold:/, "sym:") ? (e.only ? 2.5 : 1.5) : 0;
        // declared with the same script: σ^2 for the variance, β_1 for Adam
        const form = (e.forms[piece.key] || []).some((f) => (f.supText || "") === (piece.flags.supText || "") && (f.subText || "") === (piece.flags.subText || "")) ? 4 : 0;
        return { id: c.id, strength: c.strength, form: !!form, about: !!about || !!form, agreement: agreement(piece.flags, ctx), score: c.strength + 2 * agreement(piece.flags, ctx) + 0.5 / owned[c.id] + about + form };
      });
      if (typeof process === "object" && process.env && process.env.READER_DEBUG) console.log(piece.key, JSON.stringify(piece.flags), list.map((c) => c.id + ":" + c.score.toFixed(2) + JSON.stringify(entries[c.id].contexts[piece.key] || null)).join(" "));
      list.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      piece.scored = list;
      // a plain Latin letter named only by entries' `letters` lists is a variable, not notation
      if (/^sym:[A-Za-z]$/.test(piece.key) && !list.some((c) => c.strength >= 3)) return [];
      // a Greek letter that no candidate is about: the letters page first (its meaning depends on the paper)
      if (/^sym:[\u0370-\u03ff]$/.test(piece.key) && list.length && !list.some((c) => c.about || c.strength >= 5) && lettersOf_[piece.key]) return [data.lettersEntry].concat(list.map((c) => c.id));
      return list.map((c) => c.id);
    }

    // The whole formula in words: entries' names for recognised pieces, else the symbol.
    function speak(tree, found) {
      const names = {};
      for (const p of found) if (p.candidates.length && !(p.key in names)) names[p.key] = entries[p.candidates[0]].name;
      const say = [];
      const word = (t) => data.spoken[t] || (t[0] === "\\" ? t.slice(1) : t);
      const isWord = (w) => words.has(w.toLowerCase());
      const calls = [];
      list(tree);
      function list(nodes) { // a run of letters that spells a word is said as the word
        nodes = asList(nodes);
        for (let i = 0; i < nodes.length; i++) {
          const run = isLetter(nodes[i]) || (nodes[i].type === "supsub" && isLetter(nodes[i].base)) ? wordRun(nodes, i, isWord) : null;
          const n = nodes[i], prev = nodes[i - 1];
          if (n.type === "atom" && n.family === "open" && n.text === "(") { // f(x): "f of x"
            const call = !!prev && /^(mathord|op|operatorname|font|supsub|text)$/.test(prev.type);
            calls.push(call);
            say.push(call ? "of" : "open paren");
            continue;
          }
          if (n.type === "atom" && n.family === "close" && n.text === ")") { if (!calls.pop()) say.push("close paren"); continue; }
          if (!run) { visit(n); continue; }
          say.push(run.word);
          const last = nodes[run.end - 1];
          if (last.type === "supsub") { if (last.sub) { say.push("sub"); list(last.sub); } if (last.sup) { say.push("to the power"); list(last.sup); } }
          i = run.end - 1;
        }
      }
      function visit(n) {
        if (!n) return;
        switch (n.type) {
          case "mathord": case "textord": case "atom": say.push(word(n.text)); return;
          case "op": say.push(n.body ? lettersOf(n.body) || "" : word(n.name)); return;
          case "operatorname": say.push(lettersOf(n.body) || ""); return;
          case "font": case "text": { const w = lettersOf(asList(n.body)); if (w) { say.push(n.font === "mathbb" || n.font === "mathcal" ? n.font.replace("math", "") + " " + w : w); return; } asList(n.body).forEach(visit); return; }
          case "supsub": visit(n.base);
            if (n.sub) { say.push("sub"); list(n.sub); }
            if (n.sup) { const s = asList(n.sup); if (s.length === 1 && /^(T|\\top|\\intercal)$/.test(s[0].text)) say.push("transpose"); else if (s.length === 1 && s[0].text === "2") say.push("squared"); else { say.push("to the power"); list(s); } }
            return;
          case "genfrac": say.push("the fraction"); list(n.numer); say.push("over"); list(n.denom); say.push("end fraction"); return;
          case "sqrt": say.push("the square root of"); list(n.body); say.push("end root"); return;
          case "accent": asList(n.base).forEach(visit); say.push(n.label.replace(/^\\(wide)?/, "")); return;
          case "leftright": say.push(word(n.left)); list(n.body); say.push(word(n.right)); return;
          case "kern": case "spacing": return;
          default: if (n.body) list(n.body);
        }
      }
      return say.filter((w) => w && w !== ".").join(" ").replace(/\s+/g, " ").trim();
    }

    // The site's macros, and each unknown command as an upright name: \foo -> \operatorname{foo}.
    let unknownOf = { tex: null, names: [] }; // the last formula read
    function macrosFor(tex, unknown) {
      if (unknown) unknownOf = { tex, names: unknown };
      const macros = Object.assign({}, data.macros);
      for (const name of unknownOf.tex === tex ? unknownOf.names : []) macros[name] = "\\operatorname{" + name.slice(1) + "}";
      return macros;
    }

    function read(input) {
      const raw = String(input || "");
      if (raw.length > MAX_INPUT) return { error: "The formula is " + raw.length + " characters long; the reader takes at most " + MAX_INPUT + ". Paste one formula at a time." };
      if (!raw.trim()) return { error: "Paste a formula to read it." };
      const tex = normalise(raw);
      // An unknown command (\foo) is read as a name, up to five of them, so that it can be
      // listed as not on the site yet; anything else KaTeX rejects is a clear message.
      const unknown = [];
      let tree;
      for (;;) {
        try {
          tree = katex.__parse(tex, Object.assign({}, options, { macros: macrosFor(tex, unknown) }));
          break;
        } catch (err) {
          const message = String((err && err.message) || err);
          const m = /Undefined control sequence: (\\[A-Za-z]+)/.exec(message);
          if (m && unknown.length < 5 && unknown.indexOf(m[1]) < 0) { unknown.push(m[1]); continue; }
          return { tex, error: "KaTeX could not read this formula: " + message.replace(/^KaTeX parse error: /, "") };
        }
      }
      const kept = recognise(tree, tex);
      return { tex, pieces: kept, speech: speak(tree, kept), unknown };
    }

    // The pieces of a parsed formula that name something, each with its candidates (the
    // likely entry first); plain letters no entry names are left out.
    function recognise(tree, tex, withUnits) {
      const found = pieces(tree, tex, data.texGlyphs, (w) => words.has(w.toLowerCase()), withUnits);
      const result = [];
      for (const p of found) {
        p.candidates = candidates(p);
        // a bold Greek letter no entry names in bold is read as the letter
        if (!p.candidates.length && /^sym:bold:[^A-Za-z0-9]$/.test(p.key)) { p.key = p.key.replace("bold:", ""); p.candidates = candidates(p); }
        if (p.weak && !p.candidates.length) continue; // d_k when no entry names it: d and k are read alone
        if (p.weak) { // the index names the whole (d_k, m̂): drop the piece it is made of
          const i = found.indexOf(p);
          const next = found.slice(i + 1).find((q) => q.key === p.covers);
          if (next) next.covered = true;
        }
        result.push(p);
      }
      for (const p of result) if (unknownOf.tex === tex && unknownOf.names.indexOf("\\" + p.text) >= 0) p.text = "\\" + p.text;
      return result.filter((p) => !p.covered && (p.candidates.length || !/^sym:[A-Za-z0-9]$/.test(p.key)));
    }

    // Where a formula of the site links its symbols (the build wraps each range in a link):
    // [{start, end, id}] in source order, not overlapping. Only a reading the recogniser is
    // sure of is linked: a piece one entry declares (a command, glyph or pattern, not a mere
    // letter), and that entry ahead of any other by a clear margin; a Greek letter whose
    // meaning depends on the paper is not linked. A sub- or superscripted piece is linked with
    // its scripts (\sum_{i=1}^{n} whole, so the limits stay where they are); a piece that
    // holds others (\sqrt{d_k}, \hat{y}) is linked only when none inside it is.
    function links(tex) {
      let tree;
      try { tree = katex.__parse(tex, Object.assign({}, options, { macros: Object.assign({}, data.macros) })); } catch (err) { return []; }
      const sure = recognise(tree, tex, true).filter((p) => {
        const [top, next] = p.scored || [];
        if (!p.range || !top || p.candidates[0] !== top.id || top.strength < 3) return false;
        if (/^sym:(bold:)?[A-Za-z0-9]$/.test(p.key)) return false; // a letter is the paper's variable
        // written exactly as its entry writes it (σ², β₁, σ_X), but not with a mere index
        // letter: θ_i, α_t, π_k are whatever the paper's θ, α, π are; nor a bar (‖·‖₂²)
        const index = /^[a-z]$/.test(p.flags.subText || "") || /^[a-z]$/.test(p.flags.supText || "");
        if (top.form && !/^sym:[‖|∣]$/.test(p.key)) return !index;
        // a Greek letter means what the paper says it means; anything else, when one entry claims it
        if (/^sym:(bold:)?[\u0370-\u03ff]$/.test(p.key)) return false;
        return !next || (top.about && top.score - next.score >= 1);
      });
      const spans = [];
      for (const p of sure) {
        const unit = p.unit || p.range;
        const whole = group(tex, unit[0], unit[1]);
        if (whole) spans.push({ start: whole[0], end: whole[1], id: p.candidates[0], claims: p.candidates, container: !!p.container, breaks: !!p.breaks && !p.unit });
      }
      spans.sort((a, b) => a.container - b.container || a.start - b.start || b.end - a.end);
      const chosen = [];
      for (const s of spans) if (!chosen.some((c) => s.start < c.end && c.start < s.end)) chosen.push(s);
      return chosen.sort((a, b) => a.start - b.start).map(({ start, end, id, claims, breaks }) => ({ start, end, id, claims, breaks }));
    }

    // `tex` with each of `spans` (from `links`) wrapped in \htmlData{entry=id,claims=a|b}{…}
    // (claims: every entry that claims the piece, the linked one first), an operator or a
    // relation also in \htmlClass{allowbreak}{…};
    // braced where the piece is a script or a command's argument (x^{\htmlData…}).
    function linkedTex(tex, spans) {
      let out = tex;
      for (const { start, end, id, claims, breaks } of spans.slice().sort((a, b) => b.start - a.start)) {
        const before = tex.slice(0, start).replace(/\s+$/, "");
        const brace = /[\^_]$/.test(before) || /\\[A-Za-z]+$/.test(before);
        let wrapped = "\\htmlData{entry=" + id + ",claims=" + (claims || [id]).join("|") + "}{" + tex.slice(start, end) + "}";
        // KaTeX breaks a line after a binary operator or relation it sees, and after a group
        // of class allowbreak: a linked one keeps its break
        if (breaks) wrapped = "\\htmlClass{allowbreak}{" + wrapped + "}";
        out = out.slice(0, start) + (brace ? "{" + wrapped + "}" : wrapped) + out.slice(end);
      }
      return out;
    }

    return { read, links, linkedTex, normalise, keysOf, index, entries, words, options, macrosFor };
  }

  const api = { create, MAX_INPUT, OPTIONS };
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.NotationReader = api;
})(typeof globalThis !== "undefined" ? globalThis : this);
