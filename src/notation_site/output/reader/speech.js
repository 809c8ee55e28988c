// The whole formula read aloud, in words. Where an entry's `speech` template matches (the
// expectation's `\mathbb{E}_{·}[·]`: "the expected value, over ·, of ·") and that entry is the
// reading of a piece it covers, the template's words are said, each `·` filled with what it
// matched (in order, or `·2` for the template's second); everything else is read by the rules below: letters and Greek names, "of" for a
// function applied, "sub" for an index, a label after a superscript that is one (Q^π: "Q pi",
// W^O: "W O"), "squared" and "to the power" only for powers, "prime", "transpose", "star".
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory(require("./templates.js"));
  else { const p = root.NotationReaderParts; p.speech = factory(p.templates); }
})(typeof globalThis !== "undefined" ? globalThis : this, function (templates) {
  "use strict";

  const FONT = { bold: "bold", mathcal: "script", mathbb: "double-struck", mathfrak: "fraktur", mathsf: "sans-serif", boldsf: "bold sans-serif", mathrm: "", mathtt: "" };
  const ACCENT = { hat: "hat", widehat: "hat", tilde: "tilde", widetilde: "tilde", bar: "bar", overline: "bar", dot: "dot", ddot: "double dot", vec: "vector", check: "check", breve: "breve", underline: "underlined" };
  const MARK = { T: "transpose", "*": "star", "-1": "inverse", "+": "plus", "-": "minus" };
  const PRIMES = ["", "prime", "double prime", "triple prime"];
  const POWERS = { 2: "squared", 3: "cubed" };
  const OPERATORS = { "∑": "the sum", "∏": "the product", "∫": "the integral", "∮": "the contour integral", "⋃": "the union", "⋂": "the intersection" };
  const OPERATOR_WORDS = { max: "the max", min: "the min", argmax: "the argmax", argmin: "the argmin", sup: "the supremum", inf: "the infimum", lim: "the limit", limsup: "the limit superior", liminf: "the limit inferior", log: "log" };
  const GROUP = { "(": ["open paren", "close paren"], "[": ["open bracket", "close bracket"], "{": ["open brace", "close brace"], "⟨": ["the inner product of", "end inner product"], "⌊": ["the floor of", "end floor"], "⌈": ["the ceiling of", "end ceiling"], "|": ["the absolute value of", "end absolute value"], "‖": ["the norm of", "end norm"], cases: ["in cases:", "end cases"] };

  function say(items, pieces, m, data) {
    const top = new Map(); // formula item -> the ids read at it
    for (const p of pieces) if (p.candidates.length) { const l = top.get(p.item) || []; l.push(p.candidates[0]); top.set(p.item, l); }
    const spoken = data.spoken || {};
    const word = (w) => w.replace(/\s+/g, " ").trim();

    // the speech templates that apply at f[i]: the longest whose entry is read at an item it covers
    const leadingAt = new Map(); // template -> Map(f -> templates.leading(template, f))
    function match(t, f, i, align, slots) {
      if (!templates.isLeading(t.items)) return templates.seq(t.items, 0, f, i, false, align, slots);
      const byF = leadingAt.get(t) || leadingAt.set(t, new Map()).get(t);
      const after = byF.get(f) || byF.set(f, templates.leading(t.items, f)).get(f);
      if (!after[i]) return false;
      align.push(...after[i].align);
      slots.push({ seq: f, from: i, to: after[i].to }, ...after[i].slots);
      return true;
    }
    function template(f, i, where) {
      for (const t of m.speech) {
        const align = [], slots = [];
        if (!match(t, f, i, align, slots)) continue;
        if (!align.some(([x, y]) => x.t !== "any" && (top.get(y) || []).indexOf(t.id) >= 0)) continue;
        const end = endOf(align, slots, f, i);
        const placeOf = (q) => { for (const [, y] of align) { if (y.sub === q) return "sub"; if (y.sup === q) return "sup"; } return "args"; };
        let k = 0;
        // what a template's · holds is a list of arguments or conditions: its commas are "and"
        // (·2 says the second · of the template here: the 2-norm of x is "the ·2-norm of ·1");
        // a slot inside a script is read as a script is (\inf_{x > 0}: "over x greater than 0")
        const say = (s) => (s ? seq(s.seq.slice(s.from, s.to), placeOf(s.seq)) : "");
        const text = t.say.replace(/·([1-9])?/g, (_, n) => say(n ? slots[Number(n) - 1] : slots[k++]));
        return { text, end };
      }
      return null;
    }
    // how far in f a match reached: past its last aligned item or slot at this level
    function endOf(align, slots, f, i) {
      let end = i + 1;
      for (const [, y] of align) { const j = f.indexOf(y); if (j >= 0) end = Math.max(end, j + 1); }
      for (const s of slots) if (s.seq === f) end = Math.max(end, s.to);
      return end;
    }

    function seq(f, where) {
      const out = [];
      for (let i = 0; i < f.length; i++) {
        const t = template(f, i, where);
        if (t) { out.push(t.text); i = t.end - 1; continue; }
        const it = f[i];
        if (it.argsOf && f.indexOf(it.argsOf) >= 0) continue; // said with its head
        out.push(item(it, where, f));
      }
      return word(out.join(" "));
    }

    function letter(it) {
      const ch = it.letter || it.key.replace(/^sym:([a-z]+:)?/, "");
      const name = spoken[ch] || ch;
      const font = it.font ? FONT[it.font] : "";
      return (font ? font + " " : "") + name;
    }

    function head(it, where, f) {
      switch (it.t) {
        case "sym": {
          if (it.letter) return letter(it);
          if (it.sep && it.key === "sym:|") return "given";
          if (it.key === "sym:∅") return "";
          if (where === "dims" && it.key === "sym:×") return "by";
          if (it.key === "sym:·" && where === "args") return "dot";
          // a symbol with no spoken form: its glyph, never its command's name
          const said = spoken[it.key.slice(4)] || spoken[it.text] || (it.key.slice(4)[0] === "\\" ? it.key.slice(5) : it.key.slice(4));
          // in an index a relation is a condition, not a sentence: x_{<t} is "x sub less than t"
          return (where === "sub" || where === "sup") && it.role === "rel" ? said.replace(/^is /, "") : said;
        }
        case "word": return it.word;
        case "num": return it.text;
        case "text": return it.text;
        case "sep": return where === "sub" || where === "sup" || where === "args" ? (it.text === "," ? "and" : it.text === ";" ? "with" : it.text === ":" && where === "sub" && !(f || []).some((x) => x.role === "rel") ? range(it, f) : "") : it.text === "," ? "comma" : it.text === ";" ? "semicolon" : "";
        case "group": {
          const [open, close] = GROUP[it.key ? it.key.slice(4) : it.open] || ["open", "close"];
          const body = seq(it.body, where);
          return it.key || it.open === "⟨" ? open + " " + body + ", " + close : open + " " + body + " " + close;
        }
        case "frac": case "binom": {
          const n = seq(it.numer, where), d = seq(it.denom, where);
          if (it.t === "binom") return n + " choose " + d;
          return it.numer.length === 1 && it.denom.length === 1 ? n + " over " + d : "the fraction " + n + ", over " + d + ", end fraction";
        }
        case "sqrt": return (it.index ? "the " + seq(it.index, where) + "-th root of " : "the square root of ") + seq(it.body, where) + (it.body.length > 1 ? ", end root" : "");
        case "accent": return seq(it.base, where) + " " + (ACCENT[it.label.slice(1)] || it.label.slice(1));
        case "array": return it.rows.map((row) => row.map((c) => seq(c, where)).filter(Boolean).join(", ")).join("; ");
        default: return "";
      }
    }

    // The colon of an index range: x_{1:T} "1 to T", x_{t:} "t onwards", x_{:t} "up to t", X_{i,:} "all"
    function range(it, f) {
      const i = f.indexOf(it), before = f[i - 1], after = f[i + 1];
      const open = (x) => !x || x.t === "sep";
      if (open(before) && open(after)) return "all";
      return open(before) ? "up to" : open(after) ? "onwards" : "to";
    }

    // A superscript is a power when it is a number, a small Latin letter or an expression; a
    // label when it is a capital, a Greek letter or a word (Q^π, W^O, ρ^π, W^{\text{out}}).
    function sup(it, where) {
      const s = it.sup;
      if (s.length === 1 && s[0].t === "num") return POWERS[s[0].text] || "to the power " + s[0].text;
      const one = s.length === 1 ? s[0] : null;
      if (one && (one.t === "word" || one.t === "text" || (one.letter && !/^[a-z]$/.test(one.letter)))) return seq(s, "sup");
      // a run of plain letters is a label (g_t^{ave}), not a product
      if (s.length >= 2 && s.every((x) => x.t === "sym" && /^[a-z]$/.test(x.text) && !x.scripted)) return s.map((x) => x.text).join("");
      const body = seq(s, "sup");
      return "to the power " + body + (s.length > 1 ? ", end power" : "");
    }
    function sub(it) {
      const s = it.sub;
      if (s.length === 1 && (s[0].t === "word" || s[0].t === "text")) return seq(s, "sub");
      return "sub " + seq(s, "sub");
    }

    // A large operator or an operator word with limits: "the sum from i = 1 to n of", "the max
    // over a of", "log base 2 of".
    function operator(it) {
      const name = it.t === "sym" && it.role === "op" ? OPERATORS[it.key.slice(4)] : it.t === "word" ? OPERATOR_WORDS[it.word.toLowerCase()] : null;
      if (!name) return null;
      // a log with only a power (\log^2 x) is said as a power: "log squared x"
      if (name === "log") return it.sub ? "log base " + seq(it.sub, "sub") + (it.args ? "" : " of") : null;
      const parts = [name];
      if (it.sub && it.sup) parts.push("from " + seq(it.sub, "sub") + " to " + seq(it.sup, "sup"));
      else if (it.sub) parts.push("over " + seq(it.sub, "sub"));
      else if (it.sup) parts.push("up to " + seq(it.sup, "sup"));
      if (!it.args) parts.push("of");
      return parts.join(" ");
    }

    // `within`: the items being said; a head's brackets outside them are said by a template
    function item(it, where, within) {
      const op = (it.sub || it.sup) && !it.mark ? operator(it) : null;
      if (op) return it.args ? op + " " + args(it) : op;
      // a number set's superscript is its dimensions: ℝ^d is "R d", ℝ^{m×n} "R m by n"
      if (it.font === "mathbb" && it.sup && !it.mark) return [letter(it).replace(/^double-struck /, ""), seq(it.sup, "dims")].join(" ");
      const parts = [head(it, where, within)];
      if (it.sub) parts.push(sub(it));
      if (it.primes) parts.push(PRIMES[Math.min(it.primes, 3)]);
      if (it.mark === "(·)") parts.push("superscript " + seq(it.sup, "sup"));
      else if (it.mark) parts.push(MARK[it.mark] || "");
      else if (it.sup) parts.push(sup(it, where));
      if (it.args && (!within || within.indexOf(it.args) >= 0)) parts.push(applied(it) ? args(it) : "times " + head(it.args, where));
      return parts.filter(Boolean).join(" ");
    }
    // f(x), p(a ∣ s), σ(z): "of"; a Greek letter that no reading of it applies (β_1(1 − β_2)) multiplies
    function applied(it) {
      if (!(it.t === "sym" && it.letter && !/^[A-Za-z]$/.test(it.letter) && !it.font)) return true;
      const ids = top.get(it) || [];
      return ids.some((id) => { const e = m.entries[id]; const shape = e && e.shapes && (e.shapes[it.key] || e.shapes[it.key.replace(/^sym:bold:/, "sym:")]); return !!(shape && shape.call); });
    }
    function args(it) {
      const parts = ["of " + seq(it.args.body, "args")];
      for (const k of ["sup", "sub"]) if (it.args[k]) parts.push(k === "sup" ? sup(it.args, "") : sub(it.args));
      return parts.join(" ");
    }

    return word(seq(items, ""));
  }

  return { say };
});
