"""What is added to each of several: "3 teas with one sugar each", "2 Kaffee mit jeweils
einem Zucker", "dos cafés con un azúcar cada uno", "3 cafés avec un sucre chacun", "2 caffè
con uno zucchero ciascuno": the addition counts once for every one of the food it is added
to (offline/additions.py), not once for them all."""

from __future__ import annotations

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.text import Tokens, number_value

# Said after the addition: "each", "apiece", "jeweils", "chacun", "ciascuno".
_EACH_AFTER = frozenset("each apiece jeweils chacun chacune ciascuno ciascuna".split())
# Said after the addition in two words: "cada uno", "a testa", "pro Tasse".
_EACH_AFTER_TWO = frozenset({("cada", "uno"), ("cada", "una"), ("a", "testa"), ("pro", "tasse")})
# Said before the addition: "mit jeweils einem Zucker".
EACH_BEFORE = frozenset({"jeweils"})


def for_each(tokens: Tokens, head: FoodItem, added: FoodItem) -> FoodItem:
    """`added` as much as the words around it say: once for each of `head` when they say
    "each" (those words are claimed), else as it is."""
    said = _each_after(tokens, added.last)
    before = added.first - 1
    if said is None and not (before >= 0 and tokens.items[before].text in EACH_BEFORE):
        return added
    if said is not None:
        tokens.claim(said)
    count = number_value(head.amount.split(" ")[0]) or 1.0
    return added.scaled(count) if count > 1 else added


def _each_after(tokens: Tokens, last: int) -> range | None:
    """The tokens right after token `last` that say "each", or None."""
    words = [
        t.text
        for k, t in enumerate(tokens.items[last + 1 : last + 3], start=last + 1)
        if not tokens.used[k]
    ]
    if words[:1] and words[0] in _EACH_AFTER:
        return range(last + 1, last + 2)
    if tuple(words[:2]) in _EACH_AFTER_TWO:
        return range(last + 1, last + 3)
    return None
