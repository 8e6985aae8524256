"""A base food said before the dish made of it: "pasta alla carbonara", "pasta cacio e pepe",
"riso alla cantonese", "arroz a la cubana". The dish holds its pasta or rice: one item, the
dish's, never a plate of plain pasta beside (or added to) a plate of carbonara.
"""

from __future__ import annotations

import functools

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import Food, food_table, without_brackets
from bot.planner.offline.text import Tokens

# The bases and the words a dish's names use for them.
_BASES = (
    frozenset(
        """
        pasta spaghetti penne rigatoni tagliatelle bucatini fusilli linguine tonnarelli
        fettuccine farfalle orecchiette paccheri trofie maccheroni macaroni nudeln pates
        """.split()
    ),
    frozenset("rice riso risotto arroz riz reis".split()),
)
# What may join them: nothing, or "alla", "al", "a la", "à la", "with", "con", "mit".
_JOINS = frozenset("al alla all allo alle a la with con mit".split())


@functools.cache
def _names() -> dict[str, tuple[Food, frozenset[str]]]:
    """Each dish of the table by name, with the words of all its names."""
    words: dict[str, set[str]] = {}
    rows: dict[str, Food] = {}
    for alias, food in food_table().by_alias.items():
        rows.setdefault(food.name, food)
        words.setdefault(food.name, set()).update(alias.split())
    return {name: (rows[name], frozenset(w)) for name, w in words.items() if rows[name].dish}


def _base(item: FoodItem) -> frozenset[str] | None:
    """The base words `item` is named by, when it is a plain base food ("Pasta", "Rice")."""
    name = without_brackets(item.name).lower().split(" with ")[0]
    return next((base for base in _BASES if name.split() and name.split()[-1] in base), None)


def made_of(tokens: Tokens, head: FoodItem, item: FoodItem, words: list[str]) -> bool:
    """Whether `head` is the base the dish `item` said after it is made of."""
    if not set(words) <= _JOINS or any(t.kind == "num" for t in _said(tokens, head)):
        return False
    base = _base(head)
    dish = _names().get(without_brackets(item.name).split(", ")[0])
    return base is not None and dish is not None and bool(dish[1] & base)


def _said(tokens: Tokens, item: FoodItem) -> list:
    return tokens.items[item.first : item.last + 1]
