"""Symbol search: what each entry is found by, and how a query is matched to it.

Material's search (lunr in a web worker) indexes the text under each heading. On its own
it finds entries by words only: a pasted glyph, a LaTeX command or an API name either
matches nothing or, with operators such as ``^`` or ``:``, makes lunr raise a parse error.
After the search plugin has written ``search/search_index.json``, the build adds:

* ``tokens``: one *compound token* (``§torch．softmax``) per piece of notation, so that
  ``A^T``, ``|V|`` or ``E[X]`` is matched as a whole;
* ``keys``: on every entry's section, a ``keys`` field (its name and id, each alias, LaTeX
  command, glyph and code point) and a ``uses`` field, weighted less (its formula and the
  NumPy and PyTorch names of its code); ``mkdocs.yml`` gives each field its boost;
* ``index``: the index itself, finished with those fields;
* ``results``: ``search/results.json``, each entry's summary and every other formula a
  result can show as KaTeX HTML, so results show rendered math;
* ``client``: ``assets/javascripts/notation-search-data.js``, the tables the browser
  (``docs/javascripts/notation-search.js``) needs to build the same compound tokens;
* ``material``: every assumption about Material's internals, with the version it was
  written against.
"""
