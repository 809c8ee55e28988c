"""What the build writes: each entry as Markdown on its topic page, the generated views,
math rendered by KaTeX, the font subsets, accessibility fixes and reproducible dates."""
