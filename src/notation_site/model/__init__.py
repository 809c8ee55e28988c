"""What the site is made of: the entry catalog read from ``docs/``, the front matter it is
written in, the field schema, and every path and pattern the other layers share."""
