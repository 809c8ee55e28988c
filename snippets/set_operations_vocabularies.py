"""Union, intersection, difference and subset on the vocabularies of two toy BPE tokenizers, one trained on English prose and one on Python code, with Python's set operators."""

from notation import bpe_vocabulary
from notation.render import facts, table

prose = (
    "the model reads the text one token at a time and predicts the next token from the tokens "
    "before it so the training text decides which pieces of words become tokens of their own "
    "and the tokens that appear most often in the text are merged first"
)
code = (
    "def forward(self, x): return self.linear(x) + self.bias "
    "def predict(self, tokens): return self.forward(self.embed(tokens)).argmax(-1) "
    "for token in tokens: self.count[token] = self.count.get(token, 0) + 1"
)
A = set(bpe_vocabulary(prose, 40))  # tokenizer trained on prose
B = set(bpe_vocabulary(code, 40))  # tokenizer trained on code


def show(tokens: set[str], limit: int = 14) -> str:
    """A sorted sample of tokens, longest first, each in quotes."""
    ranked = sorted(tokens, key=lambda t: (-len(t), t))
    more = f" … and {len(ranked) - limit} more" if len(ranked) > limit else ""
    return ", ".join(f"‘{t}’" for t in ranked[:limit]) + more


print(
    table(
        [
            [str(len(A)), show(A, 10)],
            [str(len(B)), show(B, 10)],
            [str(len(A | B)), "everything in either"],
            [str(len(A & B)), show(A & B)],
            [str(len(A - B)), show(A - B)],
            [str(len(B - A)), show(B - A)],
            [str(len(A ^ B)), "in exactly one of them"],
        ],
        row_labels=[
            "$A$: prose tokenizer",
            "$B$: code tokenizer",
            "$A \\cup B$, A | B",
            "$A \\cap B$, A & B",
            "$A \\setminus B$, A - B",
            "$B \\setminus A$, B - A",
            "$A \\mathbin{\\triangle} B$, A ^ B",
        ],
        col_labels=["size", "tokens (longest first)"],
        corner="set",
        caption="Two 40-merge BPE vocabularies: characters plus merged pieces",
    )
)
chars_A = {t for t in A if len(t) == 1}
print(
    facts(
        {
            "$\\lvert A \\cup B \\rvert$ and $\\lvert A \\rvert + \\lvert B \\rvert - \\lvert A \\cap B \\rvert$": f"{len(A | B)} and {len(A) + len(B) - len(A & B)}",
            "$\\lvert A \\setminus B \\rvert + \\lvert A \\cap B \\rvert = \\lvert A \\rvert$": len(A - B) + len(A & B) == len(A),
            "$A \\cap B \\subseteq A$, (A & B) <= A": (A & B) <= A,
            "$A \\subseteq A \\cup B$, A <= (A | B)": A <= (A | B),
            "$A \\subseteq B$, A <= B": A <= B,
            "single characters of $A$ $\\subseteq A$, and a proper subset ($\\subsetneq$, <)": f"{chars_A <= A} and {chars_A < A}",
            "$A \\setminus B = B \\setminus A$": (A - B) == (B - A),
        }
    )
)
