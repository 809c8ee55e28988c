// Unicode as pasted from a PDF (ŷ, 𝔼, xᵢ, √d_k, θ̂), written as the TeX the reader parses. One
// normaliser, fed by the site's TeX tables (notation_site.tex.text), for every box that takes a
// formula or a symbol.
(function (root, factory) {
  if (typeof module === "object" && module.exports) module.exports = factory();
  else (root.NotationReaderParts = root.NotationReaderParts || {}).normalise = factory();
})(typeof globalThis !== "undefined" ? globalThis : this, function () {
  "use strict";

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
    // the look-alikes a PDF gives, as the TeX they stand for (notation_site.tex.text.PASTED, the
    // table search folds by too)
    for (const [glyph, tex] of Object.entries(data.pasted)) glyphTex[glyph] = tex;
    for (const [letter, glyph] of Object.entries(data.doubleStruck)) glyphTex[glyph] = "\\mathbb{" + letter + "}";
    for (const [letter, glyph] of Object.entries(data.scriptLetters)) glyphTex[glyph] = "\\mathcal{" + letter + "}";
    const scripts = data.scripts; // ᵀ -> ^T, ₖ -> _k
    return function normalise(text) {
      let s = String(text).normalize("NFC");
      // typed rather than TeX (no command): D_KL, L_simple, W^OUT are one script each
      if (s.indexOf("\\") < 0) s = s.replace(/([_^])([A-Za-z0-9]{2,})/g, "$1{$2}");
      // a letter and a combining accent, also when precomposed (ŷ, ᾱ): θ̂ -> \hat{θ}
      s = s.normalize("NFD").replace(/(.)([\u0302\u0303\u0304\u0305\u0307\u20d7])/gu, (m, base, mark) => COMBINING[mark] + "{" + base + "}").normalize("NFC");
      // a star right after a letter or a closing bracket is a superscript star (θ*, Q*(s, a))
      if (s.indexOf("\\") < 0) s = s.replace(/([A-Za-z\u0370-\u03ff})\]])[*∗⋆](?![A-Za-z0-9])/g, "$1^{*}");
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
            if (k < chars.length) { out += "{" + normalise(chars.slice(j + 1, k).join("")) + "}"; i = k; continue; }
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

  return { makeNormaliser };
});
