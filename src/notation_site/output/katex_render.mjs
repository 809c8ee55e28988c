// Render TeX with KaTeX for the build: one JSON request per line on stdin,
// {"items": [{"tex": "...", "display": false, "link": false}, ...], "macros": {...}},
// answered by one JSON line on stdout: {"results": [{"html": "..."} | {"error": "..."}]}.
// A first line {"reader": data} (notation_site.output.reading.reader_data) loads the formula
// reader (reader.js); then an item with "link": true comes back with the pieces of the formula
// that name an entry wrapped in <span class="enclosing" data-entry="id" data-claims="a|b">
// (KaTeX's \htmlData).
import { createInterface } from "node:readline";
import { createRequire } from "node:module";

const require = createRequire(process.env.KATEX_NODE_MODULES + "/");
const katex = require("katex");
let reader = null;

// stdout is the answers: what KaTeX prints for \message or \show goes to stderr, as TeX's terminal
console.log = console.error;

const OPTIONS = { throwOnError: true, strict: "error", trust: false, output: "htmlAndMathml" };
// the links' wrappers: \htmlData{entry=id,claims=a|b} (ids as symbol_links.py reads them), and
// \htmlClass for a line break; nothing else a formula could ask for
const LINK_DATA = /^[a-z0-9-]+$/;
const LINKING = {
  strict: (code) => (code === "htmlExtension" ? "ignore" : "error"),
  trust: (context) =>
    (context.command === "\\htmlData" && Object.keys(context.attributes).join() === "data-entry,data-claims" &&
      LINK_DATA.test(context.attributes["data-entry"]) && context.attributes["data-claims"].split("|").every((c) => LINK_DATA.test(c))) ||
    (context.command === "\\htmlClass" && context.class === "allowbreak"),
};

const render = (tex, display, macros, extra) =>
  katex.renderToString(tex, { ...OPTIONS, ...extra, displayMode: display, macros: { ...macros } });

// What a reader sees of a rendering: every text with the classes of its element, every
// inline style, and where an inline formula may break its line (one strut per unbreakable
// run), in order, leaving out the TeX annotation, the links' own wrappers and the struts'
// heights.
function layout(html) {
  const body = html.replace(/<annotation[^>]*>[\s\S]*?<\/annotation>/, "");
  const out = [];
  for (const m of body.matchAll(/<(span|svg|path)((?:\s+[a-z-]+="[^"]*")*)\s*\/?>([^<]*)/g)) {
    const attr = (name) => (new RegExp("\\s" + name + '="([^"]*)"').exec(m[2]) || [])[1];
    const cls = attr("class") || "";
    if (cls === "katex-strut") out.push("strut"); // one per run KaTeX may break the line after
    if (cls === "katex-strut" || cls.startsWith("enclosing")) continue;
    const drawn = ["style", "width", "height", "viewBox", "d"].map((a) => attr(a) || "").join(";");
    if (drawn.replace(/;/g, "")) out.push(m[1] + "." + cls + "{" + drawn + "}");
    if (m[3]) out.push(cls + ":" + m[3]);
  }
  return out.join("\n");
}

// The formula with its pieces linked, checked to draw exactly as the plain one does. A piece
// whose wrapper would change the drawing (a base that is no longer one character, say) is
// dropped, and the formula is tried again without it.
function linked(tex, display, macros, plain) {
  const want = layout(plain);
  const attempt = (spans) => {
    if (!spans.length) return null;
    try {
      const html = render(reader.linkedTex(tex, spans), display, macros, LINKING);
      return layout(html) === want ? html : null;
    } catch (err) {
      return null;
    }
  };
  const spans = reader.links(tex);
  const html = attempt(spans) || attempt(spans.filter((s) => attempt([s]) !== null));
  if (html === null) return plain;
  // what assistive technology reads (the MathML, with the TeX as written) is the plain one's
  const mathml = /<span class="katex-mathml">[\s\S]*?<\/math><\/span>/;
  return html.replace(mathml, () => plain.match(mathml)[0]);
}

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  if (request.reader) {
    reader = require(process.env.NOTATION_READER).create(katex, request.reader);
    process.stdout.write(JSON.stringify({ ok: true }) + "\n");
    continue;
  }
  const results = request.items.map(({ tex, display, link }) => {
    try {
      const plain = render(tex, display, request.macros);
      return { html: link && reader ? linked(tex, display, request.macros, plain) : plain };
    } catch (err) {
      return { error: String(err.message || err) };
    }
  });
  process.stdout.write(JSON.stringify({ results }) + "\n");
}
