// Where a formula of the site links its symbols: the pieces the reader is sure of, as source
// ranges the build wraps in \htmlData (katex_render.mjs checks the drawing is unchanged).
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else (root.NotationReaderParts = root.NotationReaderParts || {}).links = factory();
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

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

  // The pieces to link, from a reading (pieces with candidates, scored, sure): [{start, end,
  // id, claims, breaks}] in source order, not overlapping. Only a reading the reader is sure
  // of is linked: never a plain letter (it is the paper's variable) and never a Greek letter
  // unless written in the very form an entry declares (σ², β₁), and not with a mere index
  // letter (θ_i, α_t, π_k mean what the paper says); never a bar matched by its scripts alone.
  // A sub- or superscripted piece is linked with its scripts (\sum_{i=1}^{n} whole, so the
  // limits stay where they are); a piece that holds others (\sqrt{d_k}, \hat{y}) is linked
  // only when none inside it is.
  function spans(tex, pieces, lettersEntry) {
    const sure = pieces.filter((p) => {
      const [top] = p.scored || [];
      if (!p.range || !top || !p.sure || top.id === lettersEntry || top.byKind) return false;
      if (top.declared < 3 && !top.context) return false;
      if (/^sym:(bold:)?[A-Za-z0-9]$/.test(p.key)) return false;
      const bar = /^sym:[‖|]$/.test(p.key);
      const index = /^[a-z]$/.test(p.flags.subText || "") || /^[a-z]$/.test(p.flags.supText || "");
      // (an index letter keeps a Greek letter the paper's: θ_i; ℝ^n is still the space)
      if (top.context && !bar) return !(index && /^sym:(bold:)?[\u0370-\u03ff]$/.test(p.key));
      if (/^sym:(bold:)?[\u0370-\u03ff]$/.test(p.key)) return false;
      // the only entry that declares it (a reading by convention or the letters page is no rival), or
      // one about it, or one whose context or pattern says so
      const rivals = p.scored.filter((c) => !c.byKind && c.id !== lettersEntry);
      return rivals.length === 1 || !!(top.about || top.context || (top.sources || []).includes("pattern"));
    });
    // the entries that claim a piece: those that declare it, not those that merely use its letter
    const claims = (p) => p.scored.filter((c) => c.id !== lettersEntry && (c.declared >= 3 || c.context)).map((c) => c.id);
    const out = [];
    for (const p of sure) {
      // a pair of delimiters (|x|, ‖x‖₂, ⟨u, v⟩) links its two ends, so its content and its
      // scripts stay where they are
      if (p.item.t === "group" && p.item.ends) {
        if (p.item.ends.every(Boolean)) for (const r of p.item.ends) out.push({ start: r[0], end: r[1], id: p.candidates[0], claims: claims(p), container: false, breaks: false });
        continue;
      }
      const unit = p.unit || p.range;
      const whole = group(tex, unit[0], unit[1]);
      if (whole) out.push({ start: whole[0], end: whole[1], id: p.candidates[0], claims: claims(p), container: !!p.container, breaks: !!p.breaks && !p.unit });
    }
    out.sort((a, b) => a.container - b.container || a.start - b.start || b.end - a.end);
    const chosen = [];
    for (const s of out) if (!chosen.some((c) => s.start < c.end && c.start < s.end)) chosen.push(s);
    return chosen.sort((a, b) => a.start - b.start).map(({ start, end, id, claims, breaks }) => ({ start, end, id, claims, breaks }));
  }

  // `tex` with each of `spans` wrapped in \htmlData{entry=id,claims=a|b}{…} (claims: every
  // entry that claims the piece, the linked one first), an operator or a relation also in
  // \htmlClass{allowbreak}{…}; braced where the piece is a script or a command's argument.
  function linkedTex(tex, list) {
    let out = tex;
    for (const { start, end, id, claims, breaks } of list.slice().sort((a, b) => b.start - a.start)) {
      const before = tex.slice(0, start).replace(/\s+$/, "");
      const brace = /[\^_]$/.test(before) || /\\[A-Za-z]+$/.test(before);
      let wrapped = "\\htmlData{entry=" + id + ",claims=" + (claims && claims.length ? claims : [id]).join("|") + "}{" + tex.slice(start, end) + "}";
      // KaTeX breaks a line after a binary operator or relation it sees, and after a group
      // of class allowbreak: a linked one keeps its break
      if (breaks) wrapped = "\\htmlClass{allowbreak}{" + wrapped + "}";
      out = out.slice(0, start) + (brace ? "{" + wrapped + "}" : wrapped) + out.slice(end);
    }
    return out;
  }

  return { group, spans, linkedTex };
});
