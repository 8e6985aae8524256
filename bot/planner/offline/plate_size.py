"""A size said of a whole plate after the foods on it: "rice and beans, big plate",
"Schnitzel mit Pommes, großer Teller", "cari poulet riz grains, grosse assiette". The
reader reads the sized plate as the amount of the food right before the comma; every food
said before it on that plate, joined to it by "and" or "with" and said with no amount of its
own, is as much larger (or smaller) than its usual portion too. A drink beside the plate
keeps its glass.
"""

from __future__ import annotations

import dataclasses

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.text import Tokens
from bot.planner.reader.quantities import AMOUNT_WORDS, SIZES
from bot.planner.reader.segment import CONJUNCTIONS

_PLATES = frozenset(
    "plate plates bowl bowls portion serving plato porcion racion assiette bol teller"
    " schussel piatto porzione ciotola".split()
)
_ARTICLES = frozenset("a an un una une ein eine einen il el le la".split())
# What joins the foods of one plate: "and", "with" and a list's commas.
_JOINS = CONJUNCTIONS | {"with", "w", "mit", "con", "avec", "col", ","}


def plate_sized(tokens: Tokens, foods: list[FoodItem]) -> list[FoodItem]:
    """The foods with a plate's size said after the last of them given to the ones before
    it on the plate."""
    result = list(foods)
    for n, item in enumerate(foods):
        size = _size_after(tokens, item)
        if size is None:
            continue
        label, factor = size
        k = n - 1
        while (
            k >= 0
            and _joined(tokens, result[k], result[k + 1])
            and not _own_amount(tokens, result[k])
        ):
            if not result[k].liquid:
                result[k] = _scaled(result[k], label, factor)
            k -= 1
    return result


def _size_after(tokens: Tokens, item: FoodItem) -> tuple[str, float] | None:
    """The size label and factor of a sized plate said after a comma at the end of the
    item's words ("beans, big plate"), or None."""
    words = [t.text for t in tokens.items[item.first : item.last + 1]]
    if "," not in words[1:]:
        return None
    after = words[len(words) - words[::-1].index(",") :]
    if after and after[0] in _ARTICLES:
        after = after[1:]
    if len(after) != 2:
        return None
    size, plate = after if after[1] in _PLATES else after[::-1]
    if plate not in _PLATES or size not in SIZES or SIZES[size][1] == 1.0:
        return None
    return SIZES[size]


def _own_amount(tokens: Tokens, item: FoodItem) -> bool:
    """Whether the item was said with an amount of its own ("2 eggs", "200 g rice"); "a"
    or a bare name ("Schnitzel") is the food's usual one."""
    said = tokens.items[item.first : item.last + 1]
    return any(
        t.kind == "num" or (t.text in AMOUNT_WORDS and t.text not in _ARTICLES) for t in said
    )


def _joined(tokens: Tokens, before: FoodItem, after: FoodItem) -> bool:
    """Whether only "and", "with" or commas stand between two foods."""
    between = tokens.items[before.last + 1 : after.first]
    return before.last < after.first and all(t.text in _JOINS for t in between)


def _scaled(item: FoodItem, label: str, factor: float) -> FoodItem:
    """The item as a `label` portion, `factor` times its figures."""
    grams = item.grams * factor
    return dataclasses.replace(
        item,
        amount=f"1 {label} ({round(grams)} g)" if grams else f"{item.amount} ({label})",
        kcal=round(item.kcal * factor),
        protein=round(item.protein * factor, 1),
        carbs=round(item.carbs * factor, 1),
        fat=round(item.fat * factor, 1),
        grams=grams,
    )
