"""A part of a dish said after it is that dish, never a food of its own.

"bouillabaisse avec la rouille et les croûtons", "raclette entre potes, j'ai abusé du
fromage", "Raclette, zu viel Käse", "navajo taco at the fair, the frybread was huge",
"yassa poulet avec riz": the croutons, the cheese, the frybread and the rice are what the
dish is served with, already in its figures. A dish's parts are what its table row says it
comes with ("1 portion with potatoes", "1 plate with rice") and what it is known to be made
of (below). A part said later in the same day's words without an amount of its own, or said
not finished ("j'ai pas fini les patates", "die Kartoffeln nicht aufgegessen", "didn't finish
the fries"), adds nothing. What the dish does not hold stays a food of its own: "pizza and a
side of fries", "raclette and a glass of white wine", "curry with rice".
"""

from __future__ import annotations

import functools
import re

from bot.planner.offline.dates import DAY_WORDS
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.table import Food, foods_by_name, without_brackets
from bot.planner.offline.text import Tokens
from bot.planner.reader.quantities import AMOUNT_WORDS

# What a dish is made of, beyond what its row's portion says it comes with: the last word of
# the table's name of each part (singular), by the dish's table name.
_MADE_OF = {
    "Raclette": "cheese potato pickle gherkin ham charcuterie",
    "Cheese fondue": "cheese",
    "Bouillabaisse": "crouton rouille bread fish",
    "Choucroute garnie": "potato sauerkraut sausage frankfurter bacon ham pork",
    "Navajo taco": "bannock bean cheese",
    "Baleada": "bean cheese cream egg avocado",
    "Poulet yassa": "rice onion",
    "Paella": "rice",
    "Fish and chips": "fries",
    "Spaghetti and meatballs": "pasta",
    "Bangers and mash": "potato sausage",
    "Full English breakfast": "bacon sausage egg beans toast",
    "Full Irish breakfast": "farl scone bread pudding bacon sausage egg",
}
_WITH_RE = re.compile(r"\bwith (.*)$")
_JOINED_RE = re.compile(r",? (?:with|and|&) |, ")
# Words saying a part was left ("didn't finish", "pas fini", "nicht aufgegessen", "no terminé",
# "non ho finito").
_FINISHED = frozenset(
    """
    finish finished fini finie finis aufgegessen geschafft terminado termine acabe acabado
    finito finita terminato
    """.split()
)


def _bare(name: str) -> str:
    return without_brackets(name).strip()


def _singular(word: str) -> str:
    return word[:-2] if word.endswith("oes") else word.rstrip("s")


@functools.cache
def _parts(name: str) -> frozenset[str]:
    """The parts of the dish the table names `name`: the foods its name joins ("Fish and
    chips", "Feijoada with rice"), what its portion comes with ("1 plate with rice") and what
    it is made of."""
    food: Food | None = foods_by_name().get(name)
    if food is None or food.liquid:
        return frozenset()
    name = food.name  # "Baleadas": the row's own name
    said = [] if " " not in name else _JOINED_RE.split(name.lower())
    if len(said) < 2:
        said = []  # "Chicken breast" joins nothing: no part of it is another food
    portion = _WITH_RE.search(_bare(food.portion.lower()))
    if portion:
        said += _JOINED_RE.split(portion.group(1))
    words = {_singular(part.split()[-1]) for part in said if part.split()}
    return frozenset(words | set(_MADE_OF.get(name, "").split()))


def _part_of(dish: FoodItem, item: FoodItem) -> bool:
    """Whether the table's name of `item` names one of the parts of `dish`."""
    head = (_bare(item.name).lower().split() or [""])[-1]
    return not item.liquid and _singular(head) in _parts(_bare(dish.name))


def _own_amount(tokens: Tokens, item: FoodItem) -> bool:
    said = tokens.items[item.first : item.last + 1]
    return any(t.kind == "num" or t.text in AMOUNT_WORDS for t in said)


def _left(tokens: Tokens, dish: FoodItem, item: FoodItem) -> bool:
    """Whether `item` is said not finished after `dish`: "j'ai pas fini les patates"."""
    return any(tokens.items[i].text in _FINISHED for i in range(dish.last + 1, item.first))


def _another_day(tokens: Tokens, dish: FoodItem, item: FoodItem) -> bool:
    """Whether a day is said between `dish` and `item` ("raclette, and today cheese")."""
    return any(
        tokens.items[i].text in DAY_WORDS and tokens.used[i]
        for i in range(dish.last + 1, item.first)
    )


def parts_said_after(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """The items without those that name a part of a dish said before them (module
    docstring); the words naming such a part are the dish's."""
    kept: list[FoodItem] = []
    for item in items:
        dish = next((d for d in reversed(kept) if _parts(_bare(d.name))), None)
        if (
            dish is not None
            and _part_of(dish, item)
            and (not _own_amount(tokens, item) or _left(tokens, dish, item))
            and not _another_day(tokens, dish, item)
        ):
            tokens.claim(range(item.first, item.last + 1))
            continue
        kept.append(item)
    return kept
