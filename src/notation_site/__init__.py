"""The site's build machinery: the entry catalog, its validator, and the MkDocs plugin.

Nothing here computes maths; worked examples live in ``snippets/`` and call ``notation``.
"""
