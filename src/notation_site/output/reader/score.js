// Which entry a piece of a formula is: one scoring model fed by the entries' own data.
//
// Every entry declares pieces (its latex_commands, unicode glyphs, one-word name and aliases,
// letters, contexts and kinds). For a piece of a formula, each entry that declares it is a
// candidate, scored as the sum of:
// - declared: how the entry declares the piece (a context that is the piece itself 5, a command
//   and a glyph 4, either 3, its name 3, an alias 2, a letter 1, a kind 1, a context only 0.5);
// - context: one of the entry's templates matches around the piece (3, and 0.5 for each further
//   item the template pins down), e.g. `Q(s, a)` for the value functions, `\sigma^2` for the
//   variance, `KL(· \| ·)` for the divergence's bar;
// - shape: the piece is used as in the entry's own symbol (applied, with a sub- or superscript);
// - about: the entry's symbol is about this piece (its first piece of notation);
// - topic: the other pieces of the formula are the entry's vocabulary (s, a, r, γ for
//   reinforcement learning; K, V, d_k, softmax for attention), weighted by how few entries use
//   each, up to a cap;
// - home: the formula is read on this entry's own page (its own letters first);
// - a little for an entry that declares few pieces (it is about less).
// The best candidate is the reading; it is sure when it leads the next by at least SURE.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./tree.js"), require("./pieces.js"), require("./templates.js"));
  else { const p = root.NotationReaderParts; p.score = factory(p.tree, p.pieces, p.templates); }
})(typeof globalThis !== "undefined" ? globalThis : this, function (tree, piecesMod, templates) {
  "use strict";

  const W = {
    pattern: 5, both: 4, command: 3, glyph: 3, longer: 2, name: 3, alias: 2, letter: 1, kind: 1, context: 0.5,
    match: 3, perItem: 0.5, matchCap: 6, form: 1, shape: 2, about: 1.5, aboutOnly: 2.5, aboutElsewhere: 0.75, topic: 1, topicCap: 3, topicFloor: 0.35, home: 8,
    letters: 4.51, // the letters page, for a Greek letter whose meaning depends on the paper: ahead
    // of any entry that only lists the letter (letter + shape + 0.5, and a little topic), behind
    // one that is about it, has a matching context or clearly shares the formula's topic
  };
  const SURE = 1;
  const LETTER = /^sym:(bold:)?[A-Za-z0-9]$/;
  const GREEK_KEY = /^sym:[\u0370-\u03ff]$/;
  const OVERLOADED = /^(sym:(bold:)?([A-Za-z\u0370-\u03ffℓ]|[|‖])|script:.*)$/;

  function model(data, compile) {
    const entries = {};
    const index = {}; // key -> Map(id -> {best, sources:Set})
    const forms = []; // {id, key, items, size}: templates from contexts and scripted commands
    const kinds = {}; // kind -> [id]
    const vocab = {}; // id -> Set of keys
    const owned = {};
    for (const e of data.entries) entries[e.id] = e;

    // how much a template pins down: its items, and each script it requires (\mathbb{E}_{·}[·] says more than \mathbb{E}[·])
    const size = (items) => { let n = 0; tree.walk(items, (it) => { if (it.t !== "any") n += 1 + (it.sub ? 1 : 0) + (it.sup ? 1 : 0); }); return n; };
    const piecesOf = (tex) => { const items = compile(tex); return items ? piecesMod.pieces(items) : []; };
    // pieces of notation: not a plain letter, nor a fraction (a fraction is a piece only in a context)
    const notation = (ps) => ps.filter((p) => !p.weak && !LETTER.test(p.key) && !p.structure);
    function declare(key, id, strength, source) {
      const m = index[key] || (index[key] = new Map());
      const have = m.get(id) || { best: 0, sources: new Set() };
      have.best = Math.max(have.best, strength);
      have.sources.add(source);
      m.set(id, have);
    }
    // The key a declared piece of TeX stands for: a named index (d_k) if that is what it is, else
    // its first piece of notation, else its only piece.
    function keyOf(tex, template) {
      const items = template ? compile(tex, true) : compile(tex);
      // a bar declared alone (|, \vert, ‖, \Vert) is the pair (|x|, ‖x‖); \mid and \parallel
      // are the separators (p(a ∣ s), KL(P ∥ Q))
      if (items && items.length === 1 && items[0].sep && !/^(\\mid|∣|\\parallel|∥)$/.test(items[0].text)) {
        const key = items[0].key === "sym:∥" ? "sym:‖" : "sym:|";
        return { key, piece: { key, item: items[0], flags: {} }, alone: true };
      }
      if (items && items.length === 1 && tree.delimKey(items[0])) {
        const key = tree.delimKey(items[0]);
        return { key, piece: { key, item: items[0], flags: {} }, alone: true };
      }
      // a whole construct declared as the piece (\frac{·}{·}, \sqrt{·}): that construct
      if (template && items && items.length === 1 && ["frac", "sqrt", "accent", "group"].includes(items[0].t)) {
        const p = piecesMod.pieces(items).find((q) => q.item === items[0] && !q.weak);
        if (p) return { key: p.key, piece: p, alone: true };
      }
      const ps = template ? (items ? piecesMod.pieces(items) : []) : piecesOf(tex);
      const strong = ps.filter((p) => !p.weak), weak = ps.filter((p) => p.weak);
      const letters = (l) => l.filter((p) => !/^sym:(bold:)?[A-Za-z0-9\u0370-\u03ff]$/.test(p.key));
      if (weak.length === 1 && letters(strong).length <= 1 && strong.length <= 2) return { key: weak[0].key, piece: weak[0], alone: true };
      const n = notation(ps);
      if (n.length) return { key: n[0].key, piece: n[0], alone: n.length === 1 };
      if (strong.length === 1) return { key: strong[0].key, piece: strong[0], alone: true };
      // a bare accent (\hat) is tried on a letter; a bare font command (\mathbf) names no piece
      if (!ps.length && /^\\[A-Za-z]+$/.test(tex)) { const k = notation(piecesOf(tex + "{x}"))[0]; if (k && k.container) return { key: k.key, piece: k, alone: true }; }
      return null;
    }
    // A template of an entry for one key: its items with wildcards, and the item that is the piece.
    function addForm(id, key, tex, source) {
      // a declared command or glyph is read as a formula is (σ² is \sigma^{2}); a context as a template
      const items = source === "form" ? templates.wildcards(compile(tex) || []) : compile(tex, true);
      if (!items) return;
      const target = piecesMod.pieces(items).find((p) => p.key === key);
      if (!target) return;
      forms.push({ id, key, tex, items, target: target.item, mark: !!target.mark, source });
    }

    // whether an entry's symbol is that one piece (θ for the parameters, η for the learning rate)
    const aboutOf = (e) => {
      const lhs = piecesOf(lhsOf(e.symbol));
      const n = notation(lhs)[0] || (lhsOf(e.symbol) !== e.symbol ? lhs.find((p) => !p.weak) : notation(piecesOf(e.symbol))[0]);
      return n ? n.key.replace(/^sym:bold:/, "sym:") : null;
    };
    const symbolIs = (e, key) => { const ps = piecesOf(e.symbol).filter((p) => !p.weak); return ps.length === 1 && ps[0].key.replace(/^sym:bold:/, "sym:") === key.replace(/^sym:bold:/, "sym:"); };
    for (const e of data.entries) {
      if (e.id === data.lettersEntry) continue;
      const keys = new Set();
      const mine = (key, strength, source) => { declare(key, e.id, strength, source); if (!key.startsWith("word:")) keys.add(key); };
      for (const [list, source] of [[e.commands, "command"], [e.unicode, "glyph"]]) {
        for (const t of list) {
          const k = keyOf(t);
          if (!k) continue;
          // where the entry says in which contexts the piece is its reading, that is where it is
          // (unless its symbol is that piece or is about it: the parameters entry is θ, the mean's
          // symbol defines μ; their contexts only add to it)
          if (Object.keys(e.contexts || {}).some((c) => (keyOf(c, true) || {}).key === k.key) && !symbolIs(e, k.key) && aboutOf(e) !== k.key.replace(/^sym:bold:/, "sym:")) { mine(k.key, W.letter, "letter"); continue; }
          // a plain letter (𝑥 for the fonts entry, X for the random variable) is only a letter
          if (/^sym:[A-Za-z]$/.test(k.key)) { mine(k.key, W.letter, "letter"); continue; }
          if (k.piece.structure) continue;
          mine(k.key, k.alone ? W[source] : W.longer, source);
          // declared with more than the piece (σ^2, β_1, \lvert A \rvert): a template too
          if (!k.piece.weak && size(compile(t) || []) > 1) addForm(e.id, k.key, t, "form");
        }
      }
      for (const [piece, list] of Object.entries(e.contexts || {})) {
        const k = keyOf(piece, true);
        if (!k) continue;
        for (const t of list) {
          if (t === piece) mine(k.key, W.pattern, "pattern");
          else addForm(e.id, k.key, t, "context");
        }
        keys.add(k.key); // a candidate where a template matches (scoreFormula), not elsewhere
      }
      for (const letter of e.letters) { const k = piecesOf(letter)[0]; if (k) mine(k.key, W.letter, "letter"); }
      for (const w of [e.name].concat(e.aliases)) if (/^[A-Za-z][A-Za-z0-9]+$/.test(w)) declare("word:" + w.toLowerCase(), e.id, w === e.name ? W.name : W.alias, "name");
      for (const kind of e.kinds || []) (kinds[kind] = kinds[kind] || []).push(e.id);
      owned[e.id] = keys.size || 1;
      // the entry's vocabulary: every piece of its symbol, its declarations and its templates
      const v = new Set(keys);
      for (const tex of [e.symbol].concat(Object.values(e.contexts || {}).flat(), Object.keys(e.speech || {}))) {
        for (const p of piecesOf(tex)) { if (!p.weak) v.add(p.key); if (p.item.letter) v.add("sym:" + p.item.letter); }
      }
      vocab[e.id] = v;
      // the shape each key has in the entry's own symbol (σ(z) for the sigmoid, σ² for the
      // variance), and what the symbol is about: its first piece of notation
      e.shapes = {};
      const own = piecesOf(e.symbol);
      for (const p of own) {
        const plain = p.key.replace(/^sym:bold:/, "sym:");
        if (!(p.key in e.shapes)) e.shapes[p.key] = p.flags;
        if (!(plain in e.shapes)) e.shapes[plain] = p.flags;
      }
      // the symbol is about its left-hand side's first piece of notation, else the function it
      // defines (H(P, Q) is about H); a symbol with no left-hand side, about its first piece
      const hasLhs = lhsOf(e.symbol) !== e.symbol;
      const lhs = piecesOf(lhsOf(e.symbol));
      // its first piece of notation (\sum, \hat{·}), else a named index (d_{\text{model}}), else a letter
      const named = (ps) => notation(ps)[0] || ps.find((p) => p.key.startsWith("script:"));
      const first = named(lhs) || (hasLhs ? lhs.find((p) => !p.weak) : named(own) || lhs.find((p) => !p.weak));
      e.about = first ? first.key.replace(/^sym:bold:/, "sym:") : null;
      // a symbol that is a named index (d_{\text{model}}, W_E; not a mere x_i) declares it
      if (first && /^script:.*_([A-Z]|[A-Za-z0-9]{2,})$/.test(first.key)) mine(first.key, W.command, "symbol");
      e.only = notation(own).length === 1;
    }
    // how rare each key is among the entries' vocabularies
    const df = {};
    for (const v of Object.values(vocab)) for (const k of v) df[k] = (df[k] || 0) + 1;
    const n = Object.keys(vocab).length;
    const rarity = (k) => (df[k] ? Math.log(n / df[k]) / Math.log(n) : 0);
    // the letters page lists every letter an entry gives a meaning
    const lettersPage = {};
    if (entries[data.lettersEntry]) for (const e of data.entries) for (const letter of e.letters) { const k = piecesOf(letter)[0]; if (k) lettersPage[k.key] = true; }
    const words = new Set(Object.keys(index).filter((k) => k.startsWith("word:")).map((k) => k.slice(5)));
    // how entries' templates are read aloud, the most specific first
    const speech = [];
    for (const e of data.entries) {
      for (const [tex, say] of Object.entries(e.speech || {})) {
        const items = compile(tex, true);
        if (items) speech.push({ id: e.id, tex, items, say, size: size(items) });
      }
    }
    speech.sort((a, b) => b.size - a.size || (a.tex < b.tex ? -1 : a.tex > b.tex ? 1 : a.id < b.id ? -1 : 1)); // the same order however the data is written
    return { entries, index, forms, kinds, vocab, owned, rarity, lettersPage, words, speech, lettersEntry: data.lettersEntry };
  }

  function lhsOf(tex) { // the left-hand side of a definition: what it is about
    const m = /^(.*?)(?:=|\\coloneqq|:=|\\approx|\\propto|\\le|\\ge|\\sim|\\in|\\to)/.exec(tex);
    return m && m[1].trim() ? m[1] : tex;
  }

  function agreement(flags, shape) {
    if (!shape) return 0.5;
    let same = 0;
    for (const f of ["call", "sup", "sub", "op"]) if (!!flags[f] === !!shape[f]) same++;
    return same / 4;
  }

  // Score every piece of a formula: sets piece.scored (best first, with the parts of each
  // score), piece.candidates (ids) and piece.sure. `home` is the id of the page the formula is on.
  function scoreFormula(m, items, found, home) {
    // the formula's vocabulary, and which templates match where
    const keysHere = new Set();
    for (const p of found) { if (!p.weak) keysHere.add(p.key); if (p.item.letter) keysHere.add("sym:" + p.item.letter); }
    const matches = new Map(); // formula item -> [{id, key, size}]
    const seqs = templates.sequences(items, tree.walk); // once, not once per template
    for (const form of m.forms) {
      if (!keysHere.has(form.key) && !form.key.startsWith("word:") && !form.key.startsWith("script:") && !form.key.startsWith("acc:") && !form.key.startsWith("sup:")) continue;
      for (const hit of templates.find(form.items, items, tree.walk, seqs)) {
        const pair = hit.align.find(([x]) => x === form.target);
        if (!pair) continue;
        const list = matches.get(pair[1]) || [];
        list.push({ id: form.id, key: form.key, size: hit.size, tex: form.tex, source: form.source });
        matches.set(pair[1], list);
      }
    }
    for (const p of found) {
      const rows = new Map();
      const row = (id) => rows.get(id) || rows.set(id, { id, declared: 0, sources: [], context: 0, contextTex: null, shape: 0, about: 0, topic: 0, home: 0, specific: 0, letters: 0 }).get(id);
      for (const [id, d] of m.index[p.key] || []) {
        const r = row(id);
        const both = d.sources.has("command") && d.sources.has("glyph");
        r.declared = both ? Math.max(d.best, W.both) : d.best;
        r.sources = Array.from(d.sources);
      }
      for (const hit of matches.get(p.item) || []) {
        if (hit.key !== p.key) continue;
        const r = row(hit.id);
        const bonus = Math.min(W.matchCap, W.match + W.perItem * (hit.size - 1)) + (hit.source === "form" ? W.form : 0);
        if (bonus > r.context) { r.context = bonus; r.contextTex = hit.tex; r.form = hit.source === "form"; }
        if (!r.declared) r.declared = W.context;
      }
      if (p.kind && m.kinds[p.kind]) for (const id of m.kinds[p.kind]) { const r = row(id); if (!r.declared) { r.declared = W.kind; r.sources = ["kind"]; r.byKind = p.kind; } }
      const plainKey = p.key.replace(/^sym:bold:/, "sym:");
      for (const r of rows.values()) {
        const e = m.entries[r.id];
        // about the piece; for a Greek letter only where it is used as in the entry's symbol (ρ(X, Y)
        // is the correlation, ρ_t is not); an index is no difference (θ_t is the parameters' θ), a
        // label is (σ_θ(s) is not the sigmoid)
        const shape = e.shapes[p.key] || e.shapes[plainKey];
        const indexed = /^[a-z0-9+\-−, ]+$/.test(p.flags.subText || "");
        const asUsed = Object.assign({}, p.flags, indexed ? { sub: !!(shape || {}).sub } : {});
        // (a symbol that merely starts with a letter, defined-as's σ(z) ≔ …, is about it only if
        // the entry also declares that letter by a command, a glyph or a context)
        const about = e.about === plainKey && !(GREEK_KEY.test(plainKey) && r.declared < W.command && !r.context);
        const aboutHere = about && !(GREEK_KEY.test(plainKey) && agreement(asUsed, shape) < 1);
        if (aboutHere) r.about = e.only ? W.aboutOnly : W.about;
        else if (about) r.about = W.aboutElsewhere; // a main meaning, used otherwise here
        // a Greek letter means what the paper says: declaring it counts as a letter, unless the
        // entry is about that letter as used here (θ for the parameters) or declares the very form
        // it has here (σ^2 for the variance, β_1 for Adam); its contexts say where else it is meant
        if (GREEK_KEY.test(plainKey) && r.declared > W.letter && !aboutHere && !r.form && !(r.sources || []).includes("pattern")) { r.declared = W.letter; r.asLetter = true; }
        // a context that matches is a declaration of this piece here
        if (r.context && r.declared < W.command) r.declared = W.command;
        r.shape = W.shape * agreement(p.flags, shape);
        // the topic weighs only where a piece's meaning depends on the formula: a letter, a bar
        // (keys most entries use, such as x, i, =, say nothing about the topic)
        let topic = 0;
        const v = m.vocab[r.id];
        if (v && OVERLOADED.test(p.key)) for (const k of keysHere) if (k !== p.key && k !== plainKey && v.has(k) && m.rarity(k) >= W.topicFloor) topic += m.rarity(k);
        r.topic = Math.min(W.topicCap, W.topic * topic);
        if (home && r.id === home) r.home = W.home;
        r.specific = 0.5 / (m.owned[r.id] || 1);
        r.score = r.declared + r.context + r.shape + r.about + r.topic + r.home + r.specific;
      }
      let list = Array.from(rows.values());
      // a Greek letter whose meaning depends on the paper: the letters page is a candidate too
      if (GREEK_KEY.test(plainKey) && (/^sym:[α-ω]$/.test(plainKey) || m.lettersPage[plainKey]) && m.entries[m.lettersEntry] && list.length) list.push({ id: m.lettersEntry, score: W.letters, letters: W.letters, declared: 0, context: 0 });
      list.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      // a plain Latin letter that no entry names by a command, a glyph or a context is a variable
      // (on an entry's own page, a letter that entry lists is its letter)
      if (/^sym:[A-Za-z]$/.test(p.key) && !list.some((c) => c.declared >= W.command || c.context > 0 || (c.home > 0 && c.declared > 0))) list = [];
      p.scored = list;
      p.candidates = list.map((c) => c.id);
      // the letters page is a "could be", never a sure reading
      // and an entry that only lists the piece as a letter is a "could be" too
      p.sure = list.length > 0 && list[0].id !== m.lettersEntry && (list[0].declared >= W.command || list[0].context > 0 || list[0].home > 0 || !!list[0].byKind) && (list.length === 1 || list[0].score - list[1].score >= SURE);
    }
  }

  return { model, scoreFormula, W, SURE, LETTER };
});
