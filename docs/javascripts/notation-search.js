/*
 * Symbol search on top of Material's search (see src/notation_site/search.py).
 *
 * 1. Every change of the search box triggers a search, also a paste or IME input
 *    (Material listens to `keyup` only): an `input` event is passed on as a `keyup`.
 * 2. The query is rewritten before it reaches Material's search worker: the reader's
 *    words, LaTeX command names and glyphs, plus the *compound token* of the whole query,
 *    built exactly as the build builds the `keys` of each entry. Operators that lunr
 *    would read as syntax (`^ ~ : + - * \`) never reach it, so `A^T` or `:=` search
 *    instead of failing. This relies on Material posting `{type, data}` messages to its
 *    worker (SETUP = 0, QUERY = 2, RESULT = 3); tests/site/test_search.py pins it. When
 *    the messages do not look like that, queries pass through untouched.
 * 3. Results show rendered math with no math engine in the page: an entry's result shows
 *    its one-sentence summary, rendered at build time into search/results.json; in any
 *    other result each `\(...\)` is swapped for the KaTeX HTML the build put there.
 */
(function () {
  "use strict";

  var DATA = window.__notationSearchData;
  if (!DATA || typeof Worker === "undefined") return;

  var SETUP = 0, READY = 1, QUERY = 2, RESULT = 3;
  var WORD = /[\p{L}\p{N}_]/u;
  var SEPARATOR = new RegExp(DATA.separator, "u");
  var state = {
    protocol: false, ready: false, sent: 0, received: 0,
    lastQuery: "", lastRewrite: "", results: null, data: null,
  };

  /* -- compound tokens: the same steps as notation_site.search.compound ------------- */

  var BOLD_SANS = new RegExp(DATA.boldSans, "g");
  var STYLED = new RegExp(DATA.styled, "g");

  function texToText(s) {
    // a letter in a font as the one character the font draws (notation_site.tex.text.FONT_LETTERS)
    s = s.replace(BOLD_SANS, function (_, a, b) { return DATA.fontLetters.boldsf[a || b]; });
    s = s.replace(STYLED, function (_, font, letter) {
      return Object.prototype.hasOwnProperty.call(DATA.fontLetters[font], letter) ? DATA.fontLetters[font][letter] : letter;
    });
    s = s.replace(/\\([A-Za-z]+|.)/g, function (_, name) {
      if (DATA.wrappers.indexOf(name) >= 0) return "";
      if (Object.prototype.hasOwnProperty.call(DATA.glyphs, name)) return " " + DATA.glyphs[name] + " ";
      if ([",", ";", ":", "!", " ", "quad", "qquad"].indexOf(name) >= 0) return " ";
      if (name === "|") return "‖";
      if (name.length === 1) return name;
      return " " + name + " ";
    });
    s = s.replace(/[{}]/g, "");
    s = s.replace(/\s*([_^])\s*/g, "$1");
    return s.replace(/\s+/g, " ").trim();
  }

  function markCase(s) {
    var out = "";
    for (var c of s) out += c >= "\u0391" && c <= "\u03a9" ? DATA.capital + c.toLowerCase() : c;
    return out;
  }

  function mapChars(s, table) {
    var out = "";
    for (var c of s) out += Object.prototype.hasOwnProperty.call(table, c) ? table[c] : c;
    return out;
  }

  function isWord(c) {
    return WORD.test(c);
  }

  function fullwidth(c) {
    var code = c.charCodeAt(0);
    return c.length === 1 && code >= 0x21 && code <= 0x7e && c !== "_" && !/[A-Za-z0-9]/.test(c)
      ? String.fromCharCode(code + 0xfee0) : c;
  }

  // `m by n`, `B x N x d`, `4x2`: x and "by" between sizes as × (search.read_sizes).
  var SIZE_SPACED = DATA.sizeSpaced ? new RegExp(DATA.sizeSpaced, "g") : null;
  var SIZE_GLUED = DATA.sizeGlued ? new RegExp(DATA.sizeGlued, "g") : null;
  var SIZE_PRODUCT = DATA.sizeProduct ? new RegExp(DATA.sizeProduct, "g") : null;
  function readSizes(s) {
    if (SIZE_SPACED) s = s.replace(SIZE_SPACED, function (m) { return m.replace(/\s+(?:x|by)\s+/g, " × "); });
    if (SIZE_GLUED) s = s.replace(SIZE_GLUED, function (m) { return m.split("x").join("×"); });
    return s;
  }

  // The font family of one letter in a font, as a token (notation_site.search.tokens.family_token).
  function familyToken(s) {
    var letter = texToText(s.trim());
    return Object.prototype.hasOwnProperty.call(DATA.fontFamily, letter) ? DATA.mark + DATA.family + DATA.fontFamily[letter] : null;
  }

  var UPRIGHT_LETTER = new RegExp("^" + DATA.uprightLetter + "$");
  function compound(s, loose) {
    var upright = loose ? null : UPRIGHT_LETTER.exec(s.trim());
    if (upright) return DATA.upright + compound(upright[1], false);
    s = readSizes(s);
    if (loose) s = mapChars(s, DATA.scripts).normalize("NFKC");
    s = texToText(s);
    if (loose) {
      s = mapChars(s, DATA.scripts).normalize("NFKC");
      Object.keys(DATA.digraphs).forEach(function (d) { s = s.split(d).join(DATA.digraphs[d]); });
      if (SIZE_PRODUCT) s = s.replace(SIZE_PRODUCT, function (m) { return m.split("×").length === 2 ? "m×n" : "b×n×d"; });
    }
    if (!loose && /^[A-Z]$/.test(s)) s = DATA.capital + s;  // a lone capital keeps its case
    s = markCase(mapChars(s, DATA.fold)).split("||").join("‖").toLowerCase();
    var out = [], space = false;
    for (var c of s) {
      if (/\s/.test(c)) { space = true; continue; }
      var prev = out.length ? out[out.length - 1] : "";
      if (space && prev && prev !== "_" && c !== "_" && isWord(prev) && isWord(c)) out.push("_");
      space = false;
      out.push(fullwidth(c));
    }
    return out.join("");
  }

  /* -- the query rewrite -------------------------------------------------------------- */

  // The words, command names and glyphs a query is made of (lowercase, capitals marked).
  function atoms(query) {
    var found = [];
    query.replace(/\\([A-Za-z]+)/g, function (_, name) {
      if (DATA.wrappers.indexOf(name) < 0) found.push(name.toLowerCase());
      return "";
    });
    var text = markCase(mapChars(texToText(readSizes(query).replace(/[{}]/g, " ")), DATA.fold)).toLowerCase();
    var word = "";
    var flush = function () {
      var w = word.replace(/^_+|_+$/g, "");
      if (w) found.push(w);
      word = "";
    };
    for (var c of text) {
      if (isWord(c)) { word += c; continue; }
      flush();
      if (c.charCodeAt(0) > 0x7f && !/\s/.test(c) && !SEPARATOR.test(c)) found.push(c);
    }
    flush();
    return found;
  }

  // A query for Material's worker, made of terms, boosts and trailing wildcards only:
  // the compound token of the whole query (exact counts more than a prefix), the same
  // token as the index's own words have it, then the words and glyphs, and the parts
  // of underscore names (`d_model` also looks for "model").
  function rewrite(query) {
    var raw = query.trim();
    if (!raw) return query;
    var terms = [], seen = {};
    var add = function (term, boost, prefix) {
      var key = term + (prefix ? "*" : "");
      if (!term || seen[key]) return;
      seen[key] = true;
      // Material adds `*` to a term with no boost; `^1` keeps a term exact.
      terms.push(prefix ? (boost === 1 ? term : term + "*^" + boost) : term + "^" + boost);
    };
    var variants = [raw];
    // A LaTeX command typed without its backslash: `odot`, `mathbb{R}`, and a command
    // that has a glyph followed by its argument: `sigma(x)`, `sum_{i=1}^n`, `theta^2`.
    var command = /^([A-Za-z]+)(\{|[(_^ ]|$)/.exec(raw);
    if (command && (command[2] === "{" || Object.prototype.hasOwnProperty.call(DATA.glyphs, command[1]))) variants.push("\\" + raw);
    variants.forEach(function (v) {
      var whole = compound(v, false), loose = compound(v, true);
      add(DATA.mark + whole, 6, false);
      // one Latin letter does not stand for every token that starts with it
      if (!new RegExp("^" + DATA.capital + "?[a-z]$").test(whole)) add(DATA.mark + whole, 2, true);
      // the same with plain letters, as the formulas an entry uses are indexed (tokens.plain)
      var bare = mapChars(whole, DATA.plainLetters).toLowerCase();
      if (bare !== whole && !new RegExp("^" + DATA.capital + "?[a-z]$").test(bare)) {
        add(DATA.mark + bare, 6, false);
        add(DATA.mark + bare, 2, true);
      }
      // the loose form, unless it is a bare letter (𝔼 is not any "e")
      if (!/^[a-z0-9]$/.test(loose)) {
        add(DATA.mark + loose, 3, false);
        add(DATA.mark + loose, 1, true);
      }
      if (/^[^\uff01-\uff5e]{2,}$/.test(whole)) add(whole, 2, false);
      // a concrete space (`R^{768}`, `ℝ^{B x N x d}`) also finds what any ℝ^… is written for
      if (/^r\uff3e./.test(loose)) add(DATA.mark + "r\uff3e", 0.2, true);
    });
    // one letter in a font also looks for the entries that own its font family
    var family = familyToken(raw);
    if (family) add(family, DATA.familyWeight, false);
    // each operator typed, as the glyph or command an entry lists (`|x|` finds \vert)
    var ops = raw.replace(/\\[A-Za-z]+/g, " ").match(/[!-\/:-@\[-\^`{-~]/g) || [];
    ops.forEach(function (c) { if (c !== "\\" && compound(c, false)) add(DATA.mark + compound(c, false), 1, false); });
    atoms(raw).forEach(function (a) {
      if ([...a].length < 2) return add(a, 1, false);
      add(a, 2, false);
      add(a, 1, true);
      a.split("_").forEach(function (part) {
        if ([...part].length > 1 && part !== a) add(part, 1, true);
      });
    });
    return terms.join(" ");
  }

  /* -- hook into Material's worker messages ------------------------------------------- */

  function watch(worker) {
    worker.addEventListener("message", function (ev) {
      var msg = ev.data;
      if (!msg || typeof msg !== "object") return;
      if (msg.type === READY) state.ready = true;
      if (msg.type === RESULT) state.received += 1;
    });
  }

  var post = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (message) {
    var args = Array.prototype.slice.call(arguments);
    try {
      if (message && typeof message === "object") {
        var data = message.data;
        if (message.type === SETUP && data && data.config && Array.isArray(data.docs)) {
          state.protocol = true;
          watch(this);
        } else if (state.protocol && message.type === QUERY && typeof data === "string") {
          state.sent += 1;
          state.lastQuery = data;
          state.lastRewrite = rewrite(data);
          args[0] = Object.assign({}, message, { data: state.lastRewrite });
        }
      }
    } catch (err) {
      console.warn("notation search: query passed through unchanged", err);
    }
    return post.apply(this, args);
  };

  /* -- a paste or IME input searches too ---------------------------------------------- */

  document.addEventListener("input", function (ev) {
    var el = ev.target;
    if (el && el.matches && el.matches("[data-md-component=search-query]")) {
      el.dispatchEvent(new KeyboardEvent("keyup", { bubbles: true }));
      loadResults();
    }
  }, true);
  document.addEventListener("focusin", function (ev) {
    var el = ev.target;
    if (el && el.matches && el.matches("[data-md-component=search-query]")) loadResults();
  });

  /* -- results: rendered math, a short teaser, no made-up "missing" terms ------------- */

  function base() {
    var config = document.getElementById("__config");
    var path = ".";
    try { path = JSON.parse(config.textContent).base || "."; } catch (err) { /* default */ }
    return new URL(path.replace(/\/?$/, "/"), location.href);
  }

  // The search location of a result ("building-blocks/#softmax"), as in the index.
  function locationOf(article) {
    var link = article.closest("a");
    if (!link) return null;
    var url = new URL(link.href, location.href);
    var root = base().pathname;
    if (url.pathname.indexOf(root) !== 0) return null;
    return url.pathname.slice(root.length) + url.hash;
  }

  function loadResults() {
    if (!state.results) {
      state.results = fetch(new URL("search/results.json", base()))
        .then(function (r) { return r.ok ? r.json() : {}; })
        .catch(function () { return {}; })
        .then(function (data) {
          state.data = { summaries: data.summaries || {}, math: data.math || {} };
          document.querySelectorAll(".md-search-result__article[data-pending]").forEach(render);
          return state.data;
        });
    }
    return state.results;
  }

  var decoder = document.createElement("textarea");
  function decode(s) {
    decoder.innerHTML = s;
    return decoder.value;
  }

  function escapeHtml(s) {
    return s.replace(/[&<>"]/g, function (c) {
      return { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" }[c];
    });
  }

  var MATH = /\\\(([\s\S]*?)\\\)|\\\[([\s\S]*?)\\\]/g;

  function swapMath(el, map) {
    if (el.innerHTML.indexOf("\\(") < 0 && el.innerHTML.indexOf("\\[") < 0) return;
    el.innerHTML = el.innerHTML.replace(MATH, function (all, inline, display) {
      var inner = inline !== undefined ? inline : display;
      var tex = decode(inner.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
      var html = map[tex];
      if (!html) return all;
      var hit = /<mark>/.test(inner) ? " search-math--hit" : "";
      return '<span class="search-math' + hit + '">' + html +
        '<span class="search-math__text">' + escapeHtml(texToText(tex)) + "</span></span>";
    });
  }

  function teaserOf(article) {
    return Array.prototype.filter.call(article.childNodes, function (node) {
      return !(node.nodeType === 1 && node.matches("h1, h2, .md-search-result__icon, .md-search-result__terms, nav"));
    });
  }

  // An entry shows its one-sentence summary, rendered at build time; any other result
  // keeps Material's text, with its math swapped for the build's KaTeX HTML.
  function render(article) {
    var data = state.data;
    if (!data) return;
    article.removeAttribute("data-pending");
    var summary = data.summaries[locationOf(article)];
    var heading = article.querySelector("h1, h2");
    if (summary !== undefined) {
      var teaser = teaserOf(article);
      var p = document.createElement("p");
      p.className = "search-summary";
      p.innerHTML = summary;
      if (teaser.length) article.insertBefore(p, teaser[0]);
      else if (heading) heading.after(p);
      else article.appendChild(p);
      teaser.forEach(function (n) { n.remove(); });
    } else {
      Array.prototype.forEach.call(article.querySelectorAll(":scope > p, :scope > ul, :scope > ol, :scope > li"), function (el) {
        swapMath(el, data.math);
      });
    }
    if (heading) swapMath(heading, data.math);
  }

  function typedWords() {
    return state.lastQuery.toLowerCase().split(/\s+/).concat(atoms(state.lastQuery));
  }

  function tidy(article) {
    // Without a highlighted match Material shows the whole section: keep its first block.
    var teaser = teaserOf(article);
    if (!teaser.some(function (n) { return n.nodeType === 1 && (n.matches("mark") || n.querySelector("mark")); })) {
      var first = teaser.findIndex(function (n) { return n.nodeType === 1 || n.textContent.trim(); });
      teaser.slice(first + 1).forEach(function (n) { n.remove(); });
    }
    // Terms the rewrite added are not the reader's: do not list them as missing, nor
    // pass them on to highlight on the page.
    var typed = typedWords();
    var terms = article.querySelector(".md-search-result__terms");
    if (terms) {
      terms.querySelectorAll("del").forEach(function (del) {
        if (typed.indexOf(del.textContent.toLowerCase()) < 0) del.remove();
      });
      if (!terms.querySelector("del")) terms.remove();
    }
    var link = article.closest("a");
    if (link && link.href.indexOf("h=") >= 0) {
      var url = new URL(link.href);
      var kept = (url.searchParams.get("h") || "").split(" ").filter(function (t) { return typed.indexOf(t) >= 0; });
      if (kept.length) url.searchParams.set("h", kept.join(" "));
      else url.searchParams.delete("h");
      link.href = url.href;
    }
  }

  function enhance(root) {
    var articles = root.matches && root.matches(".md-search-result__article")
      ? [root] : root.querySelectorAll ? root.querySelectorAll(".md-search-result__article") : [];
    Array.prototype.forEach.call(articles, function (article) {
      if (article.dataset.tidy) return;
      article.dataset.tidy = "1";
      tidy(article);
      if (state.data) render(article);
      else {
        article.setAttribute("data-pending", "");
        loadResults();
      }
    });
  }

  new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.nodeType === 1 && node.closest && node.closest(".md-search-result")) enhance(node);
      });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });

  window.__notationSearch = { state: state, rewrite: rewrite, compound: compound, texToText: texToText, atoms: atoms, familyToken: familyToken };
})();
