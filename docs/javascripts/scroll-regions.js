/*
 * Keyboard users must be able to scroll what overflows (WCAG 2.1.1; axe-core's
 * scrollable-region-focusable). Wide formulas, tables and examples scroll sideways on
 * narrow screens: each one that actually overflows becomes focusable (arrow keys then
 * scroll it); one that fits gets no extra tab stop. Re-run after Material's instant
 * navigation and when the window is resized.
 */
(function () {
  "use strict";

  var SELECTOR = [
    ".md-typeset .example",
    ".md-typeset .entry-symbol",
    ".md-typeset .math-display",
    ".md-typeset table.computed",
    ".md-typeset .md-typeset__scrollwrap",
  ].join(", ");

  function mark() {
    var nodes = document.querySelectorAll(SELECTOR);
    for (var i = 0; i < nodes.length; i++) {
      var el = nodes[i];
      var style = window.getComputedStyle(el);
      var overflows =
        (/auto|scroll/.test(style.overflowX) && el.scrollWidth > el.clientWidth + 1) ||
        (/auto|scroll/.test(style.overflowY) && el.scrollHeight > el.clientHeight + 1);
      if (overflows && !el.hasAttribute("tabindex")) {
        el.setAttribute("tabindex", "0");
        el.setAttribute("data-scroll-region", "");
      } else if (!overflows && el.hasAttribute("data-scroll-region")) {
        el.removeAttribute("tabindex");
        el.removeAttribute("data-scroll-region");
      }
    }
  }

  var pending = 0;
  function schedule() {
    window.cancelAnimationFrame(pending);
    pending = window.requestAnimationFrame(mark);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(schedule);
  } else {
    document.addEventListener("DOMContentLoaded", schedule);
  }
  window.addEventListener("resize", schedule);
  if (document.fonts && document.fonts.ready) document.fonts.ready.then(schedule);
})();
