"""What is listed on a plain salad: counted, named, at a topping's share of its portion.

The table's plain salad ("Salad", "Green salad") is leaves and dressing. What a person lists on
it, after "with" or as its contents ("salad with tuna and egg", "Salat mit Hähnchen und
Avocado", "salad: chicken, avocado, feta"), is eaten too: each is counted at `TOPPING_SHARE`
of the food's own portion (half a chicken breast, half an avocado, one of two eggs) unless the
person said how much, and named in the entry ("Salad with chicken breast, avocado and feta";
in the person's words for a reader of their language, their_words.py).
A salad the table knows as a dish ("Chicken caesar salad", "Ensalada mixta") holds its own.
"""

from __future__ import annotations

import dataclasses
import re

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import food_table, without_brackets
from bot.planner.offline.text import Tokens
from bot.planner.offline.their_words import said_with
from bot.planner.reader.quantities import AMOUNT_WORDS

PLAIN_SALADS = frozenset({"Salad", "Green salad"})
TOPPING_SHARE = 0.5


def plain_salad(item: FoodItem) -> bool:
    """Whether `item` is the table's plain salad, by its name or the word said for it."""
    base = without_brackets(item.name).split(" with ")[0]
    food = food_table().by_alias.get(base.lower())
    return base in PLAIN_SALADS or (food is not None and food.name in PLAIN_SALADS)


def on_salad(tokens: Tokens, salad: FoodItem, item: FoodItem) -> FoodItem:
    """`item` as a topping of `salad`: as much as said, else `TOPPING_SHARE` of its portion."""
    said = tokens.items[item.first : item.last + 1]
    if item.liquid or any(t.kind == "num" or t.text in AMOUNT_WORDS for t in said):
        return item
    return item.scaled(TOPPING_SHARE)


def topped(tokens: Tokens, salad: FoodItem, item: FoodItem) -> FoodItem:
    """`salad` with `item` listed on it, counted and named ("Salad with tuna and egg")."""
    topping = on_salad(tokens, salad, item)
    added = without_brackets(item.name)
    added = added[:1].lower() + added[1:]
    head, _, toppings = salad.name.partition(" with ")
    listed = [t for t in re.split(r", | and ", toppings) if t] + [added]
    named = listed[0] if len(listed) == 1 else f"{', '.join(listed[:-1])} and {listed[-1]}"
    whole = dataclasses.replace(salad.plus(topping), name=f"{head} with {named}", last=salad.last)
    return said_with(tokens, whole, salad, item, range(salad.last + 1, item.first))
