"""A flavour said with a product names which one it is, never foods of its own: "salt and
vinegar crisps", "a protein bar, cookies n cream", "sour cream & onion pringles", "cookies and
cream ice cream". A name the table holds with the flavour in it ("walkers cheese and onion",
"cheese and onion sandwich") is left to the table, a filling to its dish, and a flavour said
alone ("had cookies and cream") or after an amount ("2 bags of salt and vinegar crisps") is
read as it always was.
"""

from __future__ import annotations

from bot.planner.offline.amount_before import OF
from bot.planner.offline.dates import rx
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.meals import HOLDERS, alias_at
from bot.planner.offline.table import food_table
from bot.planner.offline.text import Tokens

_AND = r"(?:and|n|&|und|y|et|e)"
_FLAVOUR_RE = rx(rf"cookies? {_AND} cream|salt {_AND} vinegar|(?:sour cream|cheese) {_AND} onions?")


def claim_flavours(tokens: Tokens) -> None:
    """Claim each flavour said beside a product, so no food is read from its words."""
    for _match, span in tokens.matches(_FLAVOUR_RE):
        if _beside_a_product(tokens, span) and not _in_a_name(tokens, span):
            tokens.claim(span)


def _beside_a_product(tokens: Tokens, span: range) -> bool:
    """Whether a word other than a filler stands right before or after the flavour, and no
    dish it fills follows it ("cheese and onion sandwich": the sandwich's filling)."""
    after = tokens.items[span.stop].text if span.stop < len(tokens) else ""
    if after in HOLDERS or after.rstrip("s") in HOLDERS:
        return False
    before = tokens.items[span.start - 1] if span.start else None
    if before is not None and (before.text in OF or before.kind == "num"):
        return False  # "2 bags of salt and vinegar crisps": the amount reads through to them
    return any(
        0 <= i < len(tokens)
        and tokens.items[i].kind == "word"
        and tokens.items[i].text not in FILLERS
        for i in (span.start - 1, span.stop)
    )


def _in_a_name(tokens: Tokens, span: range) -> bool:
    """Whether a name of the table covers the flavour and a word beside it."""
    table = food_table()
    for i in range(max(0, span.start - 3), span.stop):
        found = alias_at(tokens, i, table, free=False)
        if found is None:
            continue
        last = i + found[1] - 1
        if i <= span.stop - 1 and last >= span.start and (i < span.start or last >= span.stop):
            return True
    return False
