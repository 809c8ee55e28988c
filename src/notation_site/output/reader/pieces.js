// The pieces of a formula: the items that may name an entry, each with its key (sym:σ, word:kl,
// script:d_k, sup:⊤, acc:hat, frac), text, source range, flags (applied, scripted) and, where a
// convention reads it, its kind (a bold small letter, an indexed letter).
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./brackets.js"), require("./tree.js"));
  else { const p = root.NotationReaderParts; p.pieces = factory(p.brackets, p.tree); }
})(typeof globalThis !== "undefined" ? globalThis : this, function (brackets, tree) {
  "use strict";

  const { PLAIN, span } = brackets;
  const { walk } = tree;


  // The pieces of a formula: every item that may name an entry, in source order, each with
  // its key, text, source range, the item it comes from and its place (parent, where). A
  // piece inside another (a letter under a hat) comes after its container. Marks on a script
  // (T, *, -1, (i), primes) are pieces of their own; a letter whose index spells a name (d_k,
  // π_ref) is also a whole piece ("script:d_k") that covers the letter.
  function pieces(items) {
    const out = [];
    walk(items, (it, parent, seqOf, i, where) => {
      const place = { parent, where, seq: seqOf, index: i };
      const flags = { call: !!it.args, sup: !!(it.sup || it.mark || it.primes), sub: !!it.sub, op: !!it.op || it.t === "word", supText: flatText(it.sup, it), subText: flatText(it.sub) };
      const emit = (key, text, range, extra) => { const p = Object.assign({ key, text, range, item: it, place, flags }, extra || {}); out.push(p); return p; };
      const inScript = where === "sub" || where === "sup";
      switch (it.t) {
        case "sym": {
          if (PLAIN.has(it.key) || (it.role === "punct")) break;
          // a letter with a named index: d_k, d_{\text{model}}, p_{\text{data}}, y_w
          // a letter with a subscript is a whole piece: named by an entry (d_k, π_ref, D_KL), and
          // when the subscript is an index (x_i, W_{ij}, s_{t+1}) by convention too
          const name = it.sub && subName(it.sub);
          const index = it.sub && flatText(it.sub);
          const isIndex = !!index && /^[a-z0-9+\-−,:<>≤ ]+$/.test(index) && /[a-z0-9]/.test(index) && (!name || name === index.replace(/,/g, ""));
          const sub = name || (isIndex ? index : null);
          if (it.letter && sub) emit("script:" + (it.font ? it.font + ":" : "") + it.letter + "_" + sub, it.text + "_" + sub, span(it.range, it.subRange), { weak: true, covers: it.key, named: true, kind: isIndex ? "indexed letter" : null });
          emit(it.key, it.text, it.range, { breaks: it.role === "bin" || it.role === "rel", kind: kindOf(it) });
          break;
        }
        case "word":
          if (inScript && !it.known) break; // a label: θ_old, W^{\text{out}}
          emit(it.key, it.text, it.range, { kind: it.upright ? null : null });
          break;
        case "group":
          if (it.key) emit(it.key, it.text, it.whole || it.range, { container: true });
          // a bracket with limits, [F(x)]_a^b: F evaluated from a to b (not the positive part [x]_+)
          else if (it.open === "[" && it.close === "]" && it.sub && it.sup && !(it.sub.length === 1 && it.sub[0].key === "sym:+")) emit("sym:[]", "[·]_·^·", it.whole || it.range, { container: true });
          break;
        case "sep":
          // the colon of an index range, x_{1:T} or x_{t-k:t}: the piece is the whole subscript
          // (a subscript with a relation is a condition instead: \sum_{j : y_j = 1})
          if (it.text === ":" && where === "sub" && parent && !seqOf.some((x) => x.role === "rel")) emit("sym::", flatText(seqOf), parent.subRange || it.range);
          break;
        case "sqrt": emit("sym:√", "\\sqrt", it.range, { container: true }); break;
        case "frac": emit("frac", "\\frac{·}{·}", it.range, { container: true, structure: true }); break;
        case "accent": {
          const letter = it.base.length === 1 && (it.base[0].letter || (it.base[0].t === "sym" && it.base[0].key.slice(4)));
          if (letter && it.base[0].t === "sym") emit(it.key + ":" + it.base[0].key.slice(4), it.label + "{" + it.base[0].text + "}", it.range, { weak: true, covers: it.key });
          emit(it.key, it.text, it.range, { container: true });
          break;
        }
        default: break;
      }
      if (it.mark) emit("sup:" + it.mark, "^" + (it.mark === "(·)" ? "{(·)}" : it.supText || it.mark), it.markRange, { mark: true });
      if (it.primes) emit("sup:′", "′".repeat(it.primes), null, { mark: true, kind: "prime" });
    });
    return out;
  }

  // A subscript that names: letters or digits, or one \text word (k, model, data, w, ref).
  function subName(sub) {
    if (sub.length === 1 && sub[0].t === "word") return sub[0].word;
    if (sub.length === 1 && sub[0].t === "text" && /^[A-Za-z0-9]+$/.test(sub[0].text)) return sub[0].text;
    if (sub.length === 1 && sub[0].t === "num") return sub[0].text;
    if (sub.every((x) => x.t === "sym" && /^[A-Za-z]$/.test(x.text) && !x.scripted)) return sub.map((x) => x.text).join("") || null;
    // one Greek letter, in any font: p_θ, π_{\boldsymbol{θ}}, q_φ
    if (sub.length === 1 && sub[0].t === "sym" && sub[0].letter && !/^[A-Za-z]$/.test(sub[0].letter) && !sub[0].scripted) return sub[0].letter;
    return null;
  }

  // The characters of a script: `2` for ^2, `t-1` for _{t-1}, `*` for a star.
  function flatText(s, it) {
    if (it && it.mark && !s) return it.supText || it.mark;
    if (!s) return "";
    return s.map((x) => (x.t === "group" ? (x.open || "") + flatText(x.body) + (x.close || "") : x.word || x.text || "")).join("");
  }

  // The convention a piece is read by when no entry names it: a bold small letter is a vector,
  // a bold capital a matrix, a calligraphic capital a set, a blackboard capital a number set.
  function kindOf(it) {
    if (!it.letter) return null;
    const greek = !/^[A-Za-z]$/.test(it.letter), capital = /^[A-Z]$/.test(it.letter) || (greek && it.letter !== it.letter.toLowerCase());
    switch (it.font) {
      case "bold": return greek ? "bold Greek letter" : capital ? "bold capital" : "bold small letter";
      case "mathcal": return capital ? "calligraphic capital" : null;
      case "mathbb": return capital ? "blackboard capital" : null;
      case "mathfrak": return "fraktur letter";
      case "mathsf": case "boldsf": return capital ? "sans-serif capital" : null;
      case "mathrm": return "upright letter";
      default: return greek ? "Greek letter" : null;
    }
  }

  return { pieces, flatText, kindOf };
});
