"""A food said not to have been had, in the five languages: read, never logged.

"cheeseburger, no fries", "coffee without sugar", "keinen Kaffee heute", "café sans sucre",
"pas de café aujourd'hui", "nada de azúcar", "niente caffè", "senza zucchero": the negation
right before the food is claimed with it. The words are known to the typo repair as they are
("keinen" is no "kleinen", small).
"""

from __future__ import annotations

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.text import Tokens

NEGATIONS = frozenset(
    "no without minus skipped ohne kein keine keinen keinem nix sin sans senza niente nessun"
    " nessuna".split()
)
# Said in two words, the second a "of": "pas de café", "pas d'alcool", "nada de azúcar".
_NEGATIONS_OF = {"pas": frozenset({"de", "d"}), "nada": frozenset({"de"})}


def _negation_before(tokens: Tokens, first: int) -> range | None:
    """The free negation words right before the token `first`, or None."""
    before = first - 1
    if before < 0 or tokens.used[before]:
        return None
    word = tokens.items[before].text
    if word in NEGATIONS:
        return range(before, first)
    head = before - 1
    if (
        head >= 0
        and not tokens.used[head]
        and word in _NEGATIONS_OF.get(tokens.items[head].text, ())
    ):
        return range(head, first)
    return None


def not_negated(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """The items not said to be left out; the negations before the others claimed."""
    kept = []
    for item in items:
        negation = _negation_before(tokens, item.first)
        if negation is not None:
            tokens.claim(negation)
            continue
        kept.append(item)
    return kept


def negations_read(tokens: Tokens) -> set[int]:
    """The negation words of this module already read: those read while foods are read said
    a food was not had."""
    heads = NEGATIONS | set(_NEGATIONS_OF)
    return {i for i, t in enumerate(tokens.items) if tokens.used[i] and t.text in heads}
