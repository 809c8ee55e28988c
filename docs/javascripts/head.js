// Runs in <head>, before Material's bundle (overrides/main.html loads it; no inline script,
// so the Content-Security-Policy needs no hash for it).
(function () {
  // Mark the page as scripted before it is painted: the copy buttons (shown only when
  // JavaScript runs) then take their place in the first layout instead of shifting it.
  document.documentElement.classList.add("notation-js");

  // The search index (the largest file of the site) is fetched when the reader first
  // reaches for search - a pointer on or focus in the search box, or a key that opens
  // it - instead of with every page. Material requests it with an XMLHttpRequest as it
  // starts; that one request is held until then. Relies on Material's internals: see
  // src/notation_site/search/material.py.
  var open = XMLHttpRequest.prototype.open, send = XMLHttpRequest.prototype.send;
  var held = [], wanted = /[?&]q=/.test(location.search);
  function want() {
    if (wanted) return;
    wanted = true;
    held.splice(0).forEach(function (go) { go(); });
  }
  XMLHttpRequest.prototype.open = function (method, url) {
    this.__searchIndex = /\/search\/search_index\.json$/.test(String(url));
    return open.apply(this, arguments);
  };
  XMLHttpRequest.prototype.send = function () {
    var xhr = this, args = arguments;
    if (!xhr.__searchIndex || wanted) return send.apply(xhr, args);
    held.push(function () { send.apply(xhr, args); });
  };
  function onSearch(ev) {
    var el = ev.target;
    if (el && el.closest && el.closest(".md-search, label[for=__search], #__search")) want();
  }
  ["pointerover", "pointerdown", "focusin", "change"].forEach(function (type) {
    document.addEventListener(type, onSearch, true);
  });
  document.addEventListener("keydown", function (ev) {
    if (ev.key === "/" || ev.key === "s" || ev.key === "f" || ev.key === "S" || ev.key === "F") want();
  }, true);
})();
