"""TeX and glyph helpers: find formulas, catch TeX that would render wrongly, read a formula
as text, write a code point. They know nothing of entries or pages."""
