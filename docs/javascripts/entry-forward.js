/*
 * Entries used to live on their topic pages, so links of the form <topic>/#<id> were
 * published. Without JavaScript such a link lands on the entry's row of the topic page
 * (the row keeps the id). With it, the reader is taken on to the entry's own page, which
 * is what the link meant: the row's link is followed, replacing the history entry so that
 * "back" returns to where the reader came from. Only rows (li.entry-row) forward; any other
 * anchor of the page is left alone.
 */
(function () {
  "use strict";

  function forward() {
    var id;
    try {
      id = decodeURIComponent(location.hash.slice(1));
    } catch (e) {
      return;
    }
    if (!id) return;
    var row = document.getElementById(id);
    if (!row || !row.matches("li.entry-row")) return;
    var link = row.querySelector("a.entry-row__name");
    if (link && link.href) location.replace(link.href);
  }

  if (window.document$ && typeof window.document$.subscribe === "function") {
    window.document$.subscribe(forward);
  } else {
    forward();
  }
  window.addEventListener("hashchange", forward);
})();
