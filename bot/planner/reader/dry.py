"""Weighed dry: a weight of pasta, rice, couscous or oats is most often that much uncooked.

Italians, and many who cook, weigh pasta, rice, oats and couscous dry: "pasta al pomodoro,
80 g", "100 g di pasta", "70 g Haferflocken", "riz, 60 g", "80g de arroz" are that much of
the dry food (pasta ~355 kcal/100 g, rice ~360, oats ~380), not of the cooked food the
table's plain row is (cooked pasta ~158, rice ~130). The rule:

- A food is weighed dry when the table holds its dry form under "dry" and its name ("Pasta":
  "dry pasta", "Rice": "dry rice", "Couscous", "Oatmeal": the rolled oats).
- A weight of it is the dry weight up to three of the dry food's own portions (pasta 168 g,
  rice 138 g, couscous 129 g, oats 120 g). Three dry servings already cook to a large plate
  (~400 g), so a heavier weight was most likely weighed cooked ("200 g Nudeln", "300 g of
  rice", "150 g rice and 120 g chicken").
- A word beside it settles it either way: said cooked ("300 g cooked rice", "riz cuit",
  "150g Reis (gekocht)") the weight is cooked whatever it is; said dry ("100g de riz basmati
  cru", "125g Nudeln trocken gewogen") it is dry whatever it is.
- A dish on a plate named by its base first ("pasta al pomodoro", "spaghetti carbonara",
  "arroz con pollo") and weighed so is that much of its base dry plus the dish's sauce
  (`with_sauce`); a dish named otherwise ("pasta salad", "fried rice", "riz au lait" in a
  bowl) is weighed as served.
"""

from __future__ import annotations

import dataclasses
import re

from bot.planner.offline.table import Food, alias_key, food_table
from bot.planner.offline.text import Tokens
from bot.planner.reader.lookup import COOKED, UNCOOKED
from bot.planner.reader.measures import DEFAULT_MEASURES, Measures
from bot.planner.reader.nutrients import Nutrients, nutrients, of_grams
from bot.planner.reader.quantities import MASS_UNITS, Quantity

# A weight up to this many of the dry food's own portions is its dry weight.
DRY_PORTIONS = 3
_WEIGHTS = frozenset({"g", "kg", "oz", "lb"})
_SAID_IN_BRACKETS_RE = re.compile(r" \([^()]*\)$")  # "1 plate (350 g)": the plate


def weighed_dry(
    tokens: Tokens,
    food: Food,
    q: Quantity,
    said: range,
    first: int,
    measures: Measures = DEFAULT_MEASURES,
) -> Nutrients | None:
    """The figures of a weight of `food` read as its dry weight; None when the weight is of
    the food as eaten (no weight, no dry form, said cooked, or too heavy to be dry). `said`
    is the food with its modifiers and amount, `first` the first token of its name; a "cru"
    or "gekocht" right after `said` is claimed with it, a word of how it was weighed."""
    if q.unit not in MASS_UNITS or MASS_UNITS[q.unit][0] not in _WEIGHTS or food.liquid:
        return None
    after = said.stop
    word_after = (
        tokens.items[after].text
        if after < len(tokens) and not tokens.used[after] and tokens.items[after].kind == "word"
        else ""
    )
    words = {tokens.items[k].text for k in said} | {word_after}
    if word_after in UNCOOKED or (word_after in COOKED and _ends_phrase(tokens, after + 1)):
        tokens.claim(range(after, after + 1))  # "Nudeln gekocht", "riz cru": how it weighed
    if words & COOKED:
        return None
    base = food if not food.dish else _base_of(tokens, food, first)
    dry = _dry_form(base) if base is not None else None
    if dry is None:
        return None
    grams = q.count * MASS_UNITS[q.unit][1]
    if not words & UNCOOKED and grams > DRY_PORTIONS * dry.portion_g:
        return None
    figures = nutrients(dry, q, measures)
    if figures is None:
        return None
    if base is food:
        return figures
    plate = dataclasses.replace(of_grams(food, food.portion_g), amount=food.portion)
    served = _SAID_IN_BRACKETS_RE.sub("", food.portion)  # "1 plate (350 g)": "1 plate"
    amount = f"{served} ({figures.amount} {tokens.items[first].text})"
    return dataclasses.replace(with_sauce(plate, figures), amount=amount)


def with_sauce(dish: Nutrients, base: Nutrients) -> Nutrients:
    """A dish made with the amount `base` of its base: that base, plus what a portion of the
    dish holds beyond its base (the sauce, the meat, the cheese). The portion's base is read
    from its carbs, all of them counted to the base ("pasta al pomodoro", 78 g of carbs:
    about 104 g of dry pasta); what is left is never below nothing."""
    if base.carbs <= 0 or dish.carbs <= 0:
        return dish
    held = dish.carbs / base.carbs  # how many of `base` one portion of the dish holds
    kcal = base.kcal + max(0.0, dish.kcal - base.kcal * held)
    return dataclasses.replace(
        dish,
        grams=dish.grams * kcal / dish.kcal if dish.kcal > 0 else base.grams,
        kcal=kcal,
        protein=base.protein + max(0.0, dish.protein - base.protein * held),
        carbs=base.carbs,
        fat=base.fat + max(0.0, dish.fat - base.fat * held),
    )


def _dry_form(food: Food) -> Food | None:
    """The table's dry form of a food weighed dry ("Pasta": "Dry pasta"), or None."""
    dry = food_table().by_alias.get(alias_key(f"dry {food.name}"))
    return dry if dry is not None and dry is not food and not dry.liquid else None


def _base_of(tokens: Tokens, food: Food, first: int) -> Food | None:
    """The food a dish served on a plate is named by first ("pasta" of "pasta al pomodoro"),
    or None: a dish served otherwise, or named otherwise ("fried rice")."""
    if "plate" not in (food.unit_noun, food.portion.partition(" ")[2].split(" ")[0]):
        return None
    return food_table().by_alias.get(tokens.items[first].text)


def _ends_phrase(tokens: Tokens, at: int) -> bool:
    """Whether nothing or a mark comes at `at`: "arroz cocido." and not "fried in butter"."""
    return at >= len(tokens) or tokens.items[at].kind == "punct"
