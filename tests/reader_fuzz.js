// The formula reader's fuzz driver (tests/reader_fuzz.py): one Node.js process, one JSON line
// per batch on stdin, {"data": ...} first (notation_site.output.reading.reader_data), then
// {"inputs": [{"tex", "home", "macros"}], "bound": ms}, each answered by one JSON line
// {"results": [{"ms", "problems", "kind"}]} (kind: "read", or the start of the error's message);
// {"markup": [html]} runs the markup check alone, answering {"results": [problems]}. Each input goes down the reader's three paths to HTML:
//   read/: reader.read, the formula drawn with its pieces marked (read.js's own `wrapped` and
//          trust, taken from its source) and each piece drawn alone, trust off;
//   build: reader.links and reader.linkedTex, drawn with katex_render.mjs's own LINKING trust;
//   make read: reader.explain.
// and every answer and every drawing is checked here (`problems`: empty when all is well).
"use strict";
const fs = require("fs");
const path = require("path");
const readline = require("readline");
const { performance } = require("perf_hooks");

const [katexDir, readerJs, readJs, renderMjs] = process.argv.slice(2);
const katex = require(katexDir);
// stdout is this driver's answers: what KaTeX prints (\message, \errmessage, \show) is a problem
// of the input that printed it; its warnings about glyphs its fonts lack are not
const printed = [];
for (const k of ["log", "error", "info", "debug"]) console[k] = (...a) => printed.push("console." + k + "(" + a.map(String).join(" ").slice(0, 80) + ")");
console.warn = () => {};

// A definition taken from a file's source: `function name(...) {...}` or `const name = ...;`.
function sourceOf(file, name) {
  const src = fs.readFileSync(file, "utf8");
  const fn = src.indexOf("function " + name + "(");
  const at = fn >= 0 ? fn : src.indexOf("const " + name + " = ");
  if (at < 0) throw new Error(name + " is no longer in " + file + ": update tests/reader_fuzz.js");
  let depth = 0, i = src.indexOf(fn >= 0 ? "{" : "=", at);
  if (fn < 0) return src.slice(at, src.indexOf(";\n", at) + 1).replace(/^const [A-Za-z_]+ = /, "");
  for (; i < src.length; i++) {
    if (src[i] === "{") depth++;
    else if (src[i] === "}" && --depth === 0) break;
  }
  return src.slice(at, i + 1);
}
const wrapped = new Function(sourceOf(readJs, "wrapped") + "\nreturn wrapped;")();
const pageTrust = new Function("key", "return " + sourceOf(readJs, "trust"));
const LINKING = new Function("const LINK_DATA = " + sourceOf(renderMjs, "LINK_DATA") + "\nreturn " + sourceOf(renderMjs, "LINKING"))();
const BUILD = new Function("return " + sourceOf(renderMjs, "OPTIONS"))();

// What KaTeX draws with trust off, and nothing else: its tags, its attributes, the classes of
// its stylesheet and the inline style properties it writes (tests/reader_fuzz.py holds the lists).
let allowed = null;
const TAG = /<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:\s+[a-zA-Z_:][-a-zA-Z0-9_:.]*\s*="[^"<>]*")*)\s*(\/?)>/y;
const ATTR = /\s+([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*="([^"<>]*)"/g; // KaTeX writes <mtd class ="mtr-glue">
// `extra.attribute(tag, name, value)` is true for an attribute the caller itself put there, and
// `extra.classes` the classes KaTeX writes for it: on an element with such an attribute
// (`extra.marked`), or on any span.
function markup(html, extra) {
  extra = extra || {};
  const problems = [];
  let at = 0;
  while (at < html.length && problems.length < 5) {
    const lt = html.indexOf("<", at);
    const text = html.slice(at, lt < 0 ? html.length : lt);
    if (text.indexOf(">") >= 0) problems.push("a bare > in text: " + JSON.stringify(text.slice(0, 60)));
    if (lt < 0) break;
    TAG.lastIndex = lt;
    const m = TAG.exec(html);
    if (!m) { problems.push("markup KaTeX does not write: " + JSON.stringify(html.slice(lt, lt + 80))); break; }
    at = TAG.lastIndex;
    const [, closing, tag, attrs] = m;
    if (!allowed.tags.has(tag)) problems.push("element <" + tag + ">");
    if (closing) continue;
    const all = [...attrs.matchAll(ATTR)];
    const marked = all.some(([, name, value]) => extra.attribute && extra.attribute(tag, name, value));
    const mine = (c) => extra.classes && extra.classes.has(c) && tag === "span" && (marked || !extra.marked);
    for (const [, name, value] of all) {
      if (extra.attribute && extra.attribute(tag, name, value)) continue;
      if (!allowed.attributes.has(name)) problems.push("attribute " + name + '="' + value.slice(0, 40) + '" on <' + tag + ">");
      else if (name === "class") {
        for (const c of value.split(/\s+/)) if (c && !allowed.classes.has(c) && !mine(c)) problems.push("class " + c + " on <" + tag + ">");
      } else if (name === "style") {
        for (const decl of value.split(";")) {
          if (!decl.trim()) continue;
          const prop = decl.split(":")[0].trim();
          if (!allowed.styles.has(prop)) problems.push("style " + decl.trim().slice(0, 60));
          else if (/url\(|expression|javascript:|\\/i.test(decl) || (prop === "position" && decl.split(":")[1].trim() !== "relative")) problems.push("style value " + decl.trim().slice(0, 60));
        }
      }
    }
  }
  return problems;
}

// the messages an error may be: each says what is wrong (the label is for the figures)
const ERRORS = [
  ["not TeX KaTeX reads", /^KaTeX could not read this formula: \S/],
  ["too deep", /^The formula nests (\d+ levels deep|too deeply); the reader takes at most \d+ /],
  ["too long", /^The formula is \d+ characters long(?: once written as TeX \(\d+ as pasted\))?; the reader takes at most \d+\. /],
  ["empty", /^Paste a formula to read it\.$/],
];
const UGLY = /undefined|NaN|\[object |null\b|function \(|=>/; // a value printed as text, unless the formula wrote it

function check(reader, data, q, bound) {
  const problems = [];
  const ids = new Set(data.entries.map((e) => e.id));
  const opts = { home: q.home, macros: q.macros };
  const ms = {};
  const timed = (name, fn) => { // the fastest of three when one is over the bound: GC and neighbours don't count
    let best = Infinity, value;
    for (let k = 0; k < 3; k++) {
      const t = performance.now();
      value = fn();
      best = Math.min(best, performance.now() - t);
      if (best <= bound) break;
    }
    ms[name] = best;
    return value;
  };
  // `printing`: what the path may print (the build's renderer sends it to stderr, as TeX to its terminal)
  const attempt = (name, fn, printing) => {
    printed.length = 0;
    try { return fn(); } catch (err) { problems.push(name + " threw " + String((err && err.stack) || err).split("\n").slice(0, 4).join(" | ")); return undefined; }
    finally { if (printed.length && !printing) problems.push(name + ": KaTeX printed " + printed.join(", ")); }
  };

  // read/: the reading, the formula drawn with its pieces marked, each piece drawn alone
  const r = attempt("read", () => timed("read", () => reader.read(q.tex, opts)));
  if (r && r.error !== undefined) {
    if (typeof r.error !== "string" || !ERRORS.some(([, re]) => re.test(r.error))) problems.push("an error that says nothing known: " + JSON.stringify(r.error).slice(0, 200));
    if (UGLY.test(r.error.replace(/^KaTeX could not read this formula: [\s\S]*$/, "")) && !UGLY.test(q.tex)) problems.push("error: " + r.error.slice(0, 100));
  } else if (r) {
    if (typeof r.tex !== "string" || !Array.isArray(r.pieces) || typeof r.speech !== "string" || !Array.isArray(r.unknown)) problems.push("a reading without tex, pieces, speech or unknown");
    else {
      const ugly = (text) => UGLY.test(text) && !UGLY.test(q.tex);
      if (ugly(r.speech)) problems.push("speech says " + JSON.stringify(r.speech.slice(0, 120)));
      for (const u of r.unknown) if (!/^\\[A-Za-z]+$/.test(u)) problems.push("unknown command " + JSON.stringify(u));
      for (const p of r.pieces) {
        if (typeof p.key !== "string" || !p.key || typeof p.text !== "string") problems.push("a piece without key or text: " + JSON.stringify({ key: p.key, text: p.text }));
        if (p.range !== null && p.range !== undefined && !(Array.isArray(p.range) && p.range.length === 2 && Number.isInteger(p.range[0]) && Number.isInteger(p.range[1]) && 0 <= p.range[0] && p.range[0] <= p.range[1] && p.range[1] <= r.tex.length)) problems.push("piece range " + JSON.stringify(p.range) + " outside the formula (" + r.tex.length + ")");
        if (!Array.isArray(p.candidates) || p.candidates.some((c) => !ids.has(c))) problems.push("piece candidates " + JSON.stringify(p.candidates) + " are not all entries");
        if (typeof p.text === "string" && ugly(p.text)) problems.push("piece text " + JSON.stringify(p.text));
      }
      const key = "r" + Math.random().toString(36).slice(2, 10);
      const html = attempt("drawing the reading", () => timed("draw", () => {
        const base = Object.assign({}, reader.options, { displayMode: true, throwOnError: true, macros: reader.macrosFor(r.tex) });
        try {
          return katex.renderToString(wrapped(r.tex, r.pieces, key), Object.assign({}, base, { trust: pageTrust(key) }));
        } catch (err) {
          try { return katex.renderToString(r.tex, base); } catch (err2) { return null; } // the page says "KaTeX could not draw"
        }
      }));
      if (html) for (const pr of markup(html, { attribute: (tag, name, value) => tag === "span" && name === "data-" + key && /^\d+$/.test(value), classes: new Set(["enclosing"]), marked: true })) problems.push("read/ formula: " + pr);
      for (const p of r.pieces) {
        const h = attempt("drawing a piece", () => {
          try { return katex.renderToString(p.text, Object.assign({}, reader.options, { displayMode: false, throwOnError: true })); } catch (err) { return null; }
        });
        if (h) for (const pr of markup(h)) problems.push("read/ piece " + JSON.stringify(p.text.slice(0, 40)) + ": " + pr);
      }
    }
  }

  const kind = !r ? "threw" : r.error === undefined ? "read" : (ERRORS.find(([, re]) => re.test(r.error)) || ["unknown error"])[0];

  // the build: the links of a formula and the TeX that draws them, with the build's trust
  const spans = attempt("links", () => timed("links", () => reader.links(q.tex, { home: q.home })));
  if (spans) {
    let last = 0;
    for (const s of spans) {
      if (!(Number.isInteger(s.start) && Number.isInteger(s.end) && last <= s.start && s.start < s.end && s.end <= q.tex.length)) problems.push("link span " + JSON.stringify(s) + " out of order or outside the formula");
      last = s.end;
      if (!ids.has(s.id) || !Array.isArray(s.claims) || s.claims.some((c) => !ids.has(c)) || (s.claims.length && s.claims[0] !== s.id)) problems.push("link span " + JSON.stringify(s) + " names what is not an entry");
    }
    const linked = attempt("linkedTex", () => reader.linkedTex(q.tex, spans));
    if (typeof linked === "string") {
      const html = attempt("drawing the links", () => {
        try { return katex.renderToString(linked, Object.assign({}, BUILD, LINKING, { displayMode: true, macros: Object.assign({}, data.macros) })); } catch (err) { return null; }
      }, true);
      // the links' own: \htmlData{entry=id,claims=a|b} and \htmlClass{allowbreak}
      // (a formula may write one itself, naming no entry: symbol_links.py links only entries)
      const own = (tag, name, value) => tag === "span" && ((name === "data-entry" && /^[a-z0-9-]+$/.test(value)) || (name === "data-claims" && /^[a-z0-9-]+(\|[a-z0-9-]+)*$/.test(value)));
      if (html) for (const pr of markup(html, { attribute: own, classes: new Set(["enclosing", "allowbreak"]) })) problems.push("build links: " + pr);
    }
  }

  // make read
  const e = q.explain === false ? null : attempt("explain", () => reader.explain(q.tex, opts));
  if (e && !e.error && !(Array.isArray(e.pieces) && Array.isArray(e.links))) problems.push("explain without pieces or links");
  return { ms, problems, kind };
}

let reader = null, data = null;
const lines = readline.createInterface({ input: process.stdin, crlfDelay: Infinity });
lines.on("line", (line) => {
  if (!line.trim()) return;
  const request = JSON.parse(line);
  if (request.data) {
    data = request.data;
    allowed = Object.fromEntries(Object.entries(request.allowed).map(([k, v]) => [k, new Set(v)]));
    reader = require(readerJs).create(katex, data);
    for (const t of ["x", "\\sigma(x)", "\\sum_{i=1}^n x_i", "\\mathrm{softmax}(QK^T/\\sqrt{d_k})V"]) check(reader, data, { tex: t }, 1e9); // warm up
    process.stdout.write(JSON.stringify({ ok: true }) + "\n");
    return;
  }
  if (request.markup) { // the checker itself, on given HTML (tests/site/test_reader_fuzz.py)
    process.stdout.write(JSON.stringify({ results: request.markup.map((html) => markup(html)) }) + "\n");
    return;
  }
  const results = request.inputs.map((q) => {
    try {
      return check(reader, data, q, request.bound);
    } catch (err) {
      return { ms: {}, problems: ["the driver threw " + String((err && err.stack) || err).slice(0, 300)] };
    }
  });
  process.stdout.write(JSON.stringify({ results }) + "\n");
});
