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
 * 3. Results show rendered math: each `\(...\)` in a result is swapped for the KaTeX
 *    HTML the build rendered into search/math.json (no math engine runs in the page).
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
    lastQuery: "", lastRewrite: "", math: null, mathLoading: null,
  };

  /* -- compound tokens: the same steps as notation_site.search.compound ------------- */

  function texToText(s) {
    s = s.replace(/\\(mathbb|mathcal)\s*\{\s*([A-Za-z])\s*\}/g, function (_, kind, letter) {
      var table = kind === "mathbb" ? DATA.doubleStruck : DATA.script;
      var base = kind === "mathbb" ? 0x1d538 : 0x1d49c;
      if (table[letter]) return table[letter];
      return /[A-Z]/.test(letter) ? String.fromCodePoint(base + letter.charCodeAt(0) - 65) : letter;
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

  function compound(s, loose) {
    if (loose) s = mapChars(s, DATA.scripts).normalize("NFKC");
    s = texToText(s);
    if (loose) s = mapChars(s, DATA.scripts).normalize("NFKC");
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
    var text = markCase(mapChars(texToText(query), DATA.fold)).toLowerCase();
    var word = "";
    var flush = function () {
      var w = word.replace(/^_+|_+$/g, "");
      if (w) found.push(w);
      word = "";
    };
    for (var c of text) {
      if (isWord(c) || c === DATA.capital) { word += c; continue; }
      flush();
      if (c.charCodeAt(0) > 0x7f && !/\s/.test(c) && !SEPARATOR.test(c)) found.push(c);
    }
    flush();
    return found;
  }

  // A query for Material's worker: only terms, boosts and trailing wildcards.
  function rewrite(query) {
    var raw = query.trim();
    if (!raw) return query;
    var terms = [], seen = {};
    var add = function (term, boost) {
      if (!term || seen[term]) return;
      seen[term] = true;
      if ([...term].length < 2) terms.push(term + "^" + boost); // exact: one letter or glyph
      else terms.push(boost === 1 ? term : term + "*^" + boost); // prefix, Material adds `*`
    };
    var whole = compound(raw, false), loose = compound(raw, true);
    add(DATA.mark + whole, 4);
    if ([...loose].length > 1) add(DATA.mark + loose, 2);
    atoms(raw).forEach(function (a) { add(a, 1); });
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
      loadMath();
    }
  }, true);
  document.addEventListener("focusin", function (ev) {
    var el = ev.target;
    if (el && el.matches && el.matches("[data-md-component=search-query]")) loadMath();
  });

  /* -- results: rendered math, a short teaser, no made-up "missing" terms ------------- */

  function base() {
    var config = document.getElementById("__config");
    var path = ".";
    try { path = JSON.parse(config.textContent).base || "."; } catch (err) { /* default */ }
    return new URL(path.replace(/\/?$/, "/"), location.href);
  }

  function loadMath() {
    if (!state.mathLoading) {
      state.mathLoading = fetch(new URL("search/math.json", base()))
        .then(function (r) { return r.ok ? r.json() : {}; })
        .catch(function () { return {}; })
        .then(function (map) {
          state.math = map;
          document.querySelectorAll(".md-search-result__article").forEach(renderMath);
          return map;
        });
    }
    return state.mathLoading;
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

  function renderMath(article) {
    if (!state.math || article.dataset.mathDone) return;
    article.dataset.mathDone = "1";
    var parts = article.querySelectorAll("h1, h2, :scope > p, :scope > ul, :scope > ol, :scope > li");
    var targets = parts.length ? parts : [article];
    Array.prototype.forEach.call(targets, function (el) {
      if (el.innerHTML.indexOf("\\(") < 0 && el.innerHTML.indexOf("\\[") < 0) return;
      el.innerHTML = el.innerHTML.replace(MATH, function (all, inline, display) {
        var inner = inline !== undefined ? inline : display;
        var tex = decode(inner.replace(/<[^>]*>/g, "")).replace(/\s+/g, " ").trim();
        var html = state.math[tex];
        if (!html) return all;
        var hit = /<mark>/.test(inner) ? " search-math--hit" : "";
        return '<span class="search-math' + hit + '">' + html +
          '<span class="search-math__text">' + escapeHtml(texToText(tex)) + "</span></span>";
      });
    });
  }

  function typedWords() {
    return state.lastQuery.toLowerCase().split(/\s+/).concat(atoms(state.lastQuery));
  }

  function tidy(article) {
    // Without a highlighted match Material shows the whole section: keep its first block,
    // which for an entry is its one-sentence summary.
    var teaser = Array.prototype.filter.call(article.childNodes, function (node) {
      return !(node.nodeType === 1 && node.matches("h1, h2, .md-search-result__icon, .md-search-result__terms, nav"));
    });
    if (!teaser.some(function (n) { return n.nodeType === 1 && n.querySelector && (n.matches("mark") || n.querySelector("mark")); })) {
      var first = teaser.findIndex(function (n) { return n.nodeType === 1 || n.textContent.trim(); });
      teaser.slice(first + 1).forEach(function (n) { n.remove(); });
    }
    // Terms the rewrite added are not the reader's: do not list them as missing.
    var terms = article.querySelector(".md-search-result__terms");
    if (terms) {
      var typed = typedWords();
      terms.querySelectorAll("del").forEach(function (del) {
        if (typed.indexOf(del.textContent.toLowerCase()) < 0) del.remove();
      });
      if (!terms.querySelector("del")) terms.remove();
    }
  }

  function enhance(root) {
    var articles = root.matches && root.matches(".md-search-result__article")
      ? [root] : root.querySelectorAll ? root.querySelectorAll(".md-search-result__article") : [];
    Array.prototype.forEach.call(articles, function (article) {
      if (!article.dataset.tidy) {
        article.dataset.tidy = "1";
        tidy(article);
      }
      if (state.math) renderMath(article);
      else loadMath();
    });
  }

  new MutationObserver(function (records) {
    records.forEach(function (record) {
      record.addedNodes.forEach(function (node) {
        if (node.nodeType === 1 && node.closest && node.closest(".md-search-result")) enhance(node);
      });
    });
  }).observe(document.documentElement, { childList: true, subtree: true });

  window.__notationSearch = { state: state, rewrite: rewrite, compound: compound, texToText: texToText, atoms: atoms };
})();
