"""Worked examples: run one snippet (``run``), or many in worker processes while the pages
are built (``pool``). The tests run snippets through the same function as the build."""
