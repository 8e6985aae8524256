"""A filled dish and its filling named after it: "tacos de pollo", "une crêpe au jambon",
"una quesadilla de flor de calabaza", "un bocadillo de jamón y queso", and Italian without
a word between: "tramezzino tonno e pomodoro".

The filling is part of the dish, one item named as said. A dish the table weighs whole
(a taco, a quesadilla, a sandwich) keeps its figures; a shell the table weighs alone (a
baguette, a pita, a roll) gets its filling's figures added.
"""

from __future__ import annotations

import dataclasses
import re

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.text import Tokens
from bot.planner.reader.composition import FILLED, FILLING_OF
from bot.planner.reader.segment import CONJUNCTIONS

_SHELL_RE = re.compile(r"\b(?:bread|roll|rolls|baguette|pita|tortilla|wrap|wraps)\b")
_WITH = frozenset({"with", "w", "mit", "con", "avec"})
_MAX_BETWEEN = 4  # "de flor de": a word or two of the filling's name the table lacks


def filled_dish(tokens: Tokens, head: FoodItem) -> bool:
    """Whether `head` is named by a dish that holds a filling ("panino", "tacos", "wrap"):
    what it is "with" is its filling ("panino con la mortadella")."""
    return tokens.items[head.last].text in FILLED


def fills(tokens: Tokens, head: FoodItem, words: list[str]) -> bool:
    """Whether the words after a filled dish (`head`) name what it is filled with: "de",
    "au", "al" and the like, and words of the filling not read as a food ("de flor de"), or
    nothing ("tramezzino tonno e pomodoro")."""
    if not filled_dish(tokens, head):
        return False
    if not words:
        return True
    if words[0] not in FILLING_OF:
        return False
    return len(words) <= _MAX_BETWEEN and all(
        w.isalpha() and w not in CONJUNCTIONS and w not in _WITH for w in words[1:]
    )


def filled_with(tokens: Tokens, head: FoodItem, item: FoodItem) -> FoodItem:
    """The dish `head` filled with `item`, named as said ("Tacos de pollo")."""
    said = " ".join(tokens.items[i].raw for i in range(head.last, item.last + 1)).lower()
    name = said[:1].upper() + said[1:]
    if _SHELL_RE.search(head.name.lower()):
        return dataclasses.replace(head.plus(item), name=name)
    return dataclasses.replace(head, name=name, last=item.last)
