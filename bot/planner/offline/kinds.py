"""A prepared dish named by the kinds of meat, fish or vegetable in it: "chicken & andouille
gumbo", "Wurst und Hähnchen Jambalaya", "porc et saucisse cassoulet".

The words before the dish say which one it was, not more food: one item, the dish of the
table with the amount said before them ("a cup of chicken & andouille gumbo" is a cup of
gumbo), unless the table knows a longer name starting there ("pork chow mein"). Only a
dish of the table (dishes.csv) is named so, and only by a plain ingredient
first (a meat, a fish, a vegetable; never a side like rice or an egg one may have beside
it: "rice and chicken curry" stays two items).
"""

from __future__ import annotations

from collections.abc import Callable

from bot.planner.offline.table import Food, FoodTable, without_said
from bot.planner.offline.text import Tokens
from bot.planner.reader.composition import INGREDIENTS, SIDES

Lookup = Callable[[Tokens, int, FoodTable], "tuple[Food, int] | None"]

_JOINING = frozenset("& and n und y et e".split())
# by the last word of the table's name: "Pork chop" (cerdo), "Cold cuts" (Wurst), "Cod"
_KINDS = INGREDIENTS - SIDES - {"egg", "eggs"} | {"chop", "cuts", "cod", "fish", "eel"}


def _head(food: Food) -> str:
    name = without_said(food.name).lower()
    return (name.split() or [""])[-1]


def dish_by_kinds(
    tokens: Tokens, i: int, table: FoodTable, find: Lookup
) -> tuple[Food, int] | None:
    """The dish of the table named at token `i` by the kinds in it ("chicken & andouille
    gumbo"): (the dish, how many tokens name it, kinds and all), or None."""
    first = find(tokens, i, table)
    if first is None or first[0].dish or first[0].liquid or _head(first[0]) not in _KINDS:
        return None
    j = i + first[1]
    if j < len(tokens) and tokens.items[j].text in _JOINING:
        second = find(tokens, j + 1, table) if j + 1 < len(tokens) else None
        if second is None or second[0].dish or second[0].liquid:
            return None
        j += 1 + second[1]
    dish = find(tokens, j, table) if j < len(tokens) else None
    if dish is None or not dish[0].dish:
        return None
    return dish[0], j + dish[1] - i
