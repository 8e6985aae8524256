"""A dish counted in the eggs it is made of: "omelette with 3 eggs", "a 3 egg omelette",
"Omelett aus 3 Eiern", "une omelette de 3 œufs", "frittata di 4 uova", "tortilla francesa de
dos huevos".

The table's omelette is one omelette of the eggs its portion names ("1 omelette (2 eggs)"); the
eggs said after it, or as a count before it, say how big it was, and are never a second food.
"""

from __future__ import annotations

import dataclasses
import re

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import Food, foods_by_name, without_brackets
from bot.planner.offline.text import Tokens, number_value
from bot.planner.reader.quantities import NUMBER_WORDS

# What joins the eggs to the dish: "with", "of", "de", "di", "aus", "mit", "from", "con".
_MADE_OF = frozenset("with of de d di aus mit from con avec".split())
_ARTICLES = frozenset("a an the".split())
_EGGS = "Egg"
# "a 3 egg omelette", "2-egg omelet": the count of eggs said before the dish's word
_COUNTED_BEFORE_RE = re.compile(
    r"(?<![\w.])(\d+|two|three|four|five|six)[ -]eggs? (omelett?e?s?|omelets?|frittatas?)\b",
    re.IGNORECASE,
)
_NUMBER_WORDS = {"two": "2", "three": "3", "four": "4", "five": "5", "six": "6"}


def eggs_said_after(text: str) -> str:
    """The message with a count of eggs said before an omelette said after it, as the
    reading of the dish takes it ("a 3 egg omelette": "a omelette of 3 eggs")."""
    return _COUNTED_BEFORE_RE.sub(
        lambda m: f"{m.group(2)} of {_NUMBER_WORDS.get(m.group(1).lower(), m.group(1))} eggs",
        text,
    )


def _eggs_in(food: Food) -> float | None:
    """How many eggs the portion of a dish counted in eggs holds ("1 omelette (2 eggs)")."""
    match = re.search(r"(\d+) eggs?\b", food.portion)
    if match is None or "egg" in food.name.lower():
        return None
    return number_value(match.group(1))


def made_of_eggs(tokens: Tokens, head: FoodItem, item: FoodItem, words: list[str]) -> bool:
    """Whether `item`, said after `head` with `words` between, is the eggs `head` is made of."""
    rows = foods_by_name()
    dish = rows.get(without_brackets(head.name))
    egg = rows.get(without_brackets(item.name))
    if dish is None or egg is None or egg.name != _EGGS or _eggs_in(dish) is None:
        return False
    if not words or words[0] not in _MADE_OF or not set(words[1:]) <= _ARTICLES:
        return False
    said = tokens.items[item.first : item.last + 1]
    return any(t.kind == "num" or t.text in NUMBER_WORDS for t in said)


def with_eggs(head: FoodItem, item: FoodItem) -> FoodItem:
    """`head` made of the eggs `item` counts, said after it: one item for both."""
    made = of_eggs(head, item)
    return dataclasses.replace(made or head, last=item.last)


def of_eggs(dish: FoodItem, eggs: FoodItem) -> FoodItem | None:
    """`dish` with its figures for as many eggs as `eggs` holds ("2 eggs as an omelette");
    None when `dish` is not counted in eggs or `eggs` are not eggs."""
    rows = foods_by_name()
    row = rows.get(without_brackets(dish.name))
    egg = rows.get(without_brackets(eggs.name))
    in_portion = _eggs_in(row) if row is not None else None
    if row is None or egg is None or egg.name != _EGGS or in_portion is None:
        return None
    count = max(1, round(eggs.grams / egg.unit_g))
    factor = count * row.portion_g / in_portion / dish.grams if dish.grams > 0 else 1.0
    scaled = dish.with_figures(dish.figures.scaled(factor))
    return dataclasses.replace(scaled, amount=f"{count} egg{'s' if count > 1 else ''}")
