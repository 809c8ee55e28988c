/*
 * Accessibility fixes applied after Material has rendered a page (and again after each
 * instant navigation):
 *
 * 1. Keyboard users must be able to scroll what overflows (WCAG 2.1.1; axe-core's
 *    scrollable-region-focusable). Wide formulas, tables, table cells and code scroll
 *    sideways on narrow screens: each content element that actually overflows its own
 *    scrolling box, and holds nothing focusable already, becomes focusable (arrow keys then
 *    scroll it); one that fits gets no extra tab stop. Re-run when the window is resized.
 *    A formula's box also gets role="group" and a name, so the new tab stop says what it is
 *    (a table is named by its own role and caption).
 * 2. Material puts each code block's copy button in a <nav>: a page of examples then lists
 *    dozens of identical navigation landmarks (axe-core's landmark-unique). The <nav> gets
 *    role="none": the button stays, the landmark goes.
 */
(function () {
  "use strict";

  // what the Tab key reaches; a formula's symbol links do not count: the ones in its drawing
  // are for the pointer (tabindex -1) and its list for the keyboard lets nothing else be seen
  var FOCUSABLE = "a[href]:not([tabindex='-1']):not(.formula-symbols a), button, input, select, textarea, [tabindex]:not([tabindex='-1'])";
  var FORMULA = ".math-display, .entry-symbol";
  var FORMULA_LABEL = "Wide formula, scrolls sideways";

  function scrolls(el) {
    var wide = el.scrollWidth > el.clientWidth + 1;
    var tall = el.scrollHeight > el.clientHeight + 1;
    if (!wide && !tall) return false;
    var style = window.getComputedStyle(el);
    return (wide && /auto|scroll/.test(style.overflowX)) || (tall && /auto|scroll/.test(style.overflowY));
  }

  function mark() {
    var marked = document.querySelectorAll("[data-scroll-region]");
    for (var i = 0; i < marked.length; i++) {
      if (!scrolls(marked[i])) {
        if (marked[i].getAttribute("data-scroll-region") === "named") {
          marked[i].removeAttribute("role");
          marked[i].removeAttribute("aria-label");
        }
        marked[i].removeAttribute("tabindex");
        marked[i].removeAttribute("data-scroll-region");
      }
    }
    var content = document.querySelector(".md-content");
    if (!content) return;
    var nodes = content.getElementsByTagName("*");
    for (var j = 0; j < nodes.length; j++) {
      var el = nodes[j];
      // Spans (tens of thousands inside formulas) and SVG drawings never scroll; skipping them
      // before reading any size keeps this pass cheap on long pages. The one span that may
      // scroll is the symbol of an entry's row on a topic page.
      if ((el.tagName === "SPAN" && !el.classList.contains("entry-row__symbol")) || el instanceof SVGElement) continue;
      // the cheap test first: most elements do not overflow at all
      if (el.scrollWidth <= el.clientWidth + 1 && el.scrollHeight <= el.clientHeight + 1) continue;
      if (el.hasAttribute("tabindex") || !scrolls(el) || el.querySelector(FOCUSABLE)) continue;
      el.setAttribute("tabindex", "0");
      var named = el.matches(FORMULA) && !el.hasAttribute("role") && !el.hasAttribute("aria-label");
      if (named) {
        el.setAttribute("role", "group");
        el.setAttribute("aria-label", FORMULA_LABEL);
      }
      el.setAttribute("data-scroll-region", named ? "named" : "");
    }
  }

  function unlistCodeActions() {
    document.querySelectorAll(".md-code__nav:not([role])").forEach(function (nav) {
      nav.setAttribute("role", "none");
    });
  }

  var pending = 0;
  function schedule() {
    window.cancelAnimationFrame(pending);
    pending = window.requestAnimationFrame(function () {
      unlistCodeActions();
      mark();
    });
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(schedule);
  } else {
    document.addEventListener("DOMContentLoaded", schedule);
  }
  window.addEventListener("resize", schedule);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(schedule);
})();
