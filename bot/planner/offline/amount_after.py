"""The amount said apart from its food, in the clause after it: "pasta al pomodoro, 80 g",
"des sushis, genre 12 pièces", "mozzarella di bufala intera, 250g", "des chips de la machine
à 16h, un paquet de 45g", "mac n cheese from last night, prob a cup and a half". The person
named the food, then said how much: that amount wins over the table's portion, as if it
had been said before the food. A weight said of a bag or box ("un paquet de 45g") is the
weight; "a cup and a half" (", una taza y media", ", une tasse et demie") one and a half.
"""

from __future__ import annotations

from collections.abc import Callable

from bot.planner.offline.text import Tokens
from bot.planner.reader.quantities import (
    AMOUNT_WORDS,
    APPROXIMATELY,
    MASS_UNITS,
    Quantity,
    parse_prefix,
)

# Words that hedge an amount said on its own ("like the whole box", "prob a cup", "genre 12
# pièces", "unas 3"), or stand before it as an article: read with it.
_HEDGES = frozenset(
    {w for w in APPROXIMATELY if " " not in w}
    | {"prob", "probs", "probably", "genre", "vielleicht", "so", "the", "el", "la", "le", "il"}
)
_AND = frozenset({"and", "y", "et", "e", "und"})
_HALF = frozenset({"half", "media", "medio", "demi", "demie", "mezza", "mezzo", "halbe"})
_ARTICLE = frozenset({"a", "une", "eine"})
# How many words may stand between the food and the comma ("de la machine à 16h", "from
# last night"): none of them an amount or another food.
_MAX_BETWEEN = 8


def amount_apart(
    tokens: Tokens, end: int, food_at: Callable[[int], bool]
) -> tuple[Quantity, int] | None:
    """The amount said alone in the clause after the food whose words end at token `end`,
    and the last token of that amount; None when that clause says anything else."""
    comma = _comma_after(tokens, end, food_at)
    if comma is None:
        return None
    words: list[str] = []
    k = comma + 1
    while k < len(tokens) and tokens.items[k].kind != "punct":
        if tokens.used[k]:
            return None
        words.append(tokens.items[k].text)
        k += 1
    while words and words[0] in _HEDGES:
        words.pop(0)
    if not words:
        return None
    quantity = _read(words)
    if quantity is None:
        return None
    return quantity, k - 1


def _comma_after(tokens: Tokens, end: int, food_at: Callable[[int], bool]) -> int | None:
    """The comma closing the food's clause, when only words of no amount and no food stand
    between them ("de la machine", a time or a day already read)."""
    j = end + 1
    while j < len(tokens) and j - end <= _MAX_BETWEEN:
        token = tokens.items[j]
        if token.text == ",":
            return j
        if token.kind == "punct" or food_at(j):
            return None
        if not tokens.used[j] and (token.kind == "num" or token.text in AMOUNT_WORDS):
            return None
        j += 1
    return None


def _read(words: list[str]) -> Quantity | None:
    """The quantity the words are, all of them, or None."""
    for at in range(len(words) - 1):  # "un paquet de 45g": the weight said is the amount
        if words[at][0].isdigit() and words[at + 1] in MASS_UNITS and at + 2 == len(words):
            weight = parse_prefix(words[at:])
            weight.tokens = 0
            return weight
    half = _and_a_half(words)
    said = words[: len(words) - half] if half else words
    quantity = parse_prefix(said)
    if quantity.tokens != len(said) or not quantity.explicit:
        return None
    if half:
        if quantity.count != 1 or not quantity.unit:
            return None
        quantity.count = 1.5
    quantity.tokens = 0
    return quantity


def _and_a_half(words: list[str]) -> int:
    """How many words at the end say "and a half" ("a cup and a half", "una taza y
    media"); 0 when they do not."""
    if len(words) >= 3 and words[-3] in _AND and words[-2] in _ARTICLE and words[-1] in _HALF:
        return 3
    if len(words) >= 2 and words[-2] in _AND and words[-1] in _HALF:
        return 2
    return 0
