"""A sandwich named by its fillings and the bread they are on: "ham and cheese on a bagel",
"turkey and swiss on a croissant", "bacon and egg on a roll". It is one sandwich on that
bread, with its fillings (offline/meals.py reads it as a filled holder), never the fillings
as entries of their own.
"""

from __future__ import annotations

from bot.planner.offline.survey import tiered_alias
from bot.planner.offline.table import Food, FoodTable
from bot.planner.offline.text import Tokens

# What a sandwich is said on, and the breads it is said on ("toast" is a food of its own:
# "eggs on toast" are eggs and toast).
_ON = frozenset({"on", "sur"})
_ARTICLES = frozenset("a an some un une".split())
_SANDWICH_BREADS = frozenset(
    """
    bagel bagels roll rolls bun buns croissant croissants baguette ciabatta brioche focaccia
    pita flatbread wrap sub
    """.split()
)


def on_bread(tokens: Tokens, j: int, table: FoodTable) -> tuple[int, int] | None:
    """The first and last token of the bread said at token `j` as what the foods before
    were on ("on a bagel", "sur une baguette"), or None."""
    if tokens.items[j].text not in _ON:
        return None
    k = j + 1
    while k < len(tokens) and tokens.items[k].text in _ARTICLES:
        k += 1
    found = tiered_alias(tokens, k, table) if k < len(tokens) else None
    if found is None or tokens.items[k + found[1] - 1].text not in _SANDWICH_BREADS:
        return None
    return k, k + found[1] - 1


def filling_at(tokens: Tokens, k: int, table: FoodTable) -> tuple[Food, int] | None:
    """The food named at token `k` and how many words name it; a cheese by its kind alone
    ("turkey and swiss")."""
    found = tiered_alias(tokens, k, table)
    if found is not None or tokens.used[k]:
        return found
    cheese = table.by_alias.get(f"{tokens.items[k].text} cheese")
    return (cheese, 1) if cheese is not None else None
