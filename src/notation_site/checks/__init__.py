"""The checks behind ``make check-entries`` and every build: one module per kind of check,
each returning ``Problem``s (``notation_site.checks.problem``); ``notation_site.validate``
runs them all."""
