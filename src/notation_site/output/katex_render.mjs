// Render TeX with KaTeX for the build: one JSON request per line on stdin,
// {"items": [{"tex": "...", "display": false}, ...], "macros": {...}},
// answered by one JSON line on stdout: {"results": [{"html": "..."} | {"error": "..."}]}.
import { createInterface } from "node:readline";
import { createRequire } from "node:module";

const require = createRequire(process.env.KATEX_NODE_MODULES + "/");
const katex = require("katex");

const lines = createInterface({ input: process.stdin, crlfDelay: Infinity });
for await (const line of lines) {
  if (!line.trim()) continue;
  const request = JSON.parse(line);
  const results = request.items.map(({ tex, display }) => {
    try {
      return {
        html: katex.renderToString(tex, {
          displayMode: display,
          throwOnError: true,
          strict: "error",
          trust: false,
          output: "htmlAndMathml",
          macros: { ...request.macros },
        }),
      };
    } catch (err) {
      return { error: String(err.message || err) };
    }
  });
  process.stdout.write(JSON.stringify({ results }) + "\n");
}
