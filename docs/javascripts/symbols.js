/*
 * Copy buttons (entry cards, symbol index) and the symbol index filter.
 * Both work by event delegation, so they keep working across Material's instant
 * navigation; neither needs Material's search.
 */
(function () {
  "use strict";

  document.documentElement.classList.add("notation-js");

  /* -- copy buttons ------------------------------------------------------------------- */

  function copyText(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text);
    }
    return new Promise(function (resolve, reject) {
      var area = document.createElement("textarea");
      area.value = text;
      area.setAttribute("readonly", "");
      area.style.position = "fixed";
      area.style.opacity = "0";
      document.body.appendChild(area);
      area.select();
      var ok = document.execCommand("copy");
      area.remove();
      (ok ? resolve : reject)();
    });
  }

  function announce(message) {
    var live = document.getElementById("copy-status");
    if (!live) {
      live = document.createElement("div");
      live.id = "copy-status";
      live.className = "visually-hidden";
      live.setAttribute("role", "status");
      live.setAttribute("aria-live", "polite");
      document.body.appendChild(live);
    }
    live.textContent = "";
    window.setTimeout(function () { live.textContent = message; }, 50);
  }

  document.addEventListener("click", function (ev) {
    var button = ev.target.closest && ev.target.closest("button.copy-button[data-copy]");
    if (!button) return;
    ev.preventDefault();
    var text = button.getAttribute("data-copy");
    copyText(text).then(function () {
      button.classList.add("copy-button--done");
      announce("Copied " + text);
      window.setTimeout(function () { button.classList.remove("copy-button--done"); }, 1500);
    }, function () {
      announce("Could not copy; select the text instead");
    });
  });

  /* -- symbol index filter -------------------------------------------------------------- */

  // Lowercase, but keep capital Greek apart from small (Σ is not σ), as the build does.
  function normalize(s) {
    var out = "";
    for (var c of s) out += c >= "\u0391" && c <= "\u03a9" ? "\ua71b" + c.toLowerCase() : c;
    return out.toLowerCase();
  }

  function applyFilter(input) {
    var table = document.getElementById(input.getAttribute("aria-controls"));
    if (!table) return;
    var words = normalize(input.value).split(/\s+/).filter(Boolean);
    var rows = table.querySelectorAll("tbody tr[data-filter]");
    var shown = 0;
    rows.forEach(function (row) {
      var text = row.getAttribute("data-filter");
      var match = words.every(function (w) {
        return text.indexOf(w) >= 0 || (w.charAt(0) === "\\" && text.indexOf(w.slice(1)) >= 0);
      });
      row.hidden = !match;
      if (match) shown += 1;
    });
    var status = document.getElementById("symbol-filter-status");
    if (status) {
      status.textContent = words.length
        ? shown + " of " + rows.length + " symbols match"
        : rows.length + " symbols";
    }
    var empty = document.querySelector(".symbol-filter__empty");
    if (empty) empty.hidden = shown > 0;
  }

  document.addEventListener("input", function (ev) {
    if (ev.target && ev.target.id === "symbol-filter-input") applyFilter(ev.target);
  });

  function setup() {
    var box = document.querySelector(".symbol-filter");
    if (!box) return;
    box.hidden = false;
    var input = document.getElementById("symbol-filter-input");
    var q = new URLSearchParams(location.search).get("filter");
    if (q && input) input.value = q;
    if (input && input.value) applyFilter(input);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(setup);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", setup);
  } else {
    setup();
  }
})();
