/*
 * The symbols of a formula are links to their entries (written at build time by
 * notation_site.output.symbol_links). This script adds a small card to each: under the
 * pointer, or when the keyboard focuses a symbol in the list that follows the formula, it
 * shows the entry's name, how to say it and its summary, and marks the symbol in the formula.
 * Without it, the links work as links. The cards' texts are the page's #formula-cards data.
 */
(function () {
  "use strict";

  var cards = {};
  var card = null;
  var current = null;
  var hideTimer = 0;

  function load() {
    var data = document.getElementById("formula-cards");
    try {
      cards = data ? JSON.parse(data.getAttribute("data-cards")) : {};
    } catch (e) {
      cards = {};
    }
  }

  function make() {
    card = document.createElement("div");
    card.className = "formula-card";
    card.id = "formula-card";
    card.setAttribute("role", "tooltip");
    card.hidden = true;
    card.addEventListener("pointerenter", function () { clearTimeout(hideTimer); });
    card.addEventListener("pointerleave", function () { hide(120); });
    document.body.appendChild(card);
  }

  function symbolLink(target) {
    return target && target.closest ? target.closest("a.formula-link, .formula-symbols a[data-entry]") : null;
  }

  // the in-formula pieces of the formula a list link belongs to, for that entry
  function piecesFor(link) {
    if (link.classList.contains("formula-link")) return [link];
    var list = link.closest(".formula-symbols");
    var formula = list && list.previousElementSibling;
    if (!formula || !formula.classList.contains("katex")) return [];
    return Array.prototype.slice.call(formula.querySelectorAll('a.formula-link[data-entry="' + link.dataset.entry + '"]'));
  }

  function text(tag, cls, value) {
    var node = document.createElement(tag);
    node.className = cls;
    node.textContent = value;
    return node;
  }

  function show(link) {
    var info = cards[link.dataset.entry];
    if (!info) return;
    clearTimeout(hideTimer);
    if (!card) make();
    if (current && current !== link) unmark();
    current = link;
    card.replaceChildren(text("p", "formula-card__name", info.name));
    if (info.read) card.appendChild(text("p", "formula-card__read", "Read: " + info.read));
    if (info.summary) card.appendChild(text("p", "formula-card__summary", info.summary));
    piecesFor(link).forEach(function (p) { p.classList.add("is-current"); });
    if (!link.classList.contains("formula-link")) link.setAttribute("aria-describedby", card.id);
    card.hidden = false;
    var box = link.getBoundingClientRect(); // below the symbol, or below the focused list link
    var width = Math.min(320, document.documentElement.clientWidth - 16);
    card.style.maxWidth = width + "px";
    var left = Math.max(8, Math.min(box.left, document.documentElement.clientWidth - width - 8));
    var below = box.bottom + 6;
    var height = card.offsetHeight;
    var top = below + height > window.innerHeight && box.top - height - 6 > 0 ? box.top - height - 6 : below;
    card.style.left = left + "px";
    card.style.top = top + "px";
  }

  function unmark() {
    if (!current) return;
    piecesFor(current).forEach(function (p) { p.classList.remove("is-current"); });
    current.removeAttribute("aria-describedby");
    current = null;
  }

  function hide(delay) {
    clearTimeout(hideTimer);
    hideTimer = setTimeout(function () {
      if (card) card.hidden = true;
      unmark();
    }, delay || 0);
  }

  document.addEventListener("pointerover", function (e) {
    var link = symbolLink(e.target);
    if (link && e.pointerType !== "touch") show(link);
  });
  document.addEventListener("pointerout", function (e) {
    var link = symbolLink(e.target);
    if (link && !link.contains(e.relatedTarget)) hide(120);
  });
  document.addEventListener("focusin", function (e) {
    var link = symbolLink(e.target);
    if (link) show(link);
  });
  document.addEventListener("focusout", function (e) {
    if (symbolLink(e.target)) hide(0);
  });
  document.addEventListener("keydown", function (e) {
    if (e.key === "Escape" && card && !card.hidden) hide(0);
  });
  window.addEventListener("scroll", function () { if (card && !card.hidden) hide(0); }, { passive: true });

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(function () { hide(0); load(); });
  } else {
    load();
  }
})();
