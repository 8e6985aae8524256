"""A filled dish and its filling named after it: "tacos de pollo", "une crêpe au jambon",
"una quesadilla de flor de calabaza", "un bocadillo de jamón y queso", and Italian without
a word between: "tramezzino tonno e pomodoro"; a soup and what it is made of, after "de" or
"di" ("sopa de verduras", "soupe de légumes").

The filling is part of the dish, one item named as said. A dish the table weighs whole
(a taco, a quesadilla, a sandwich) keeps its figures; a shell the table weighs alone (a
baguette, a pita, a roll) gets its filling's figures added.

Kinds counted after such a dish ("unas quesadillas, 2 de queso y una de chicharrón", "3
tacos: 2 de pollo y uno de carnitas") are the dishes eaten, one item a kind: "Quesadilla de
queso, 2" and "Quesadilla de chicharrón, 1", never the fillings on their own.
"""

from __future__ import annotations

import dataclasses
import re

from bot.planner.offline.foods import FoodItem
from bot.planner.offline.text import Tokens, number_value
from bot.planner.reader.composition import FILLED, FILLING_OF, SOUPS
from bot.planner.reader.quantities import NUMBER_WORDS
from bot.planner.reader.segment import CONJUNCTIONS

_SHELL_RE = re.compile(r"\b(?:bread|roll|rolls|baguette|pita|tortilla|wrap|wraps)\b")
# What a food is said to come with: "with", "w/", Scots "wi", "mit", "con", "avec".
WITH = frozenset({"with", "w", "wi", "mit", "con", "avec"})
_MAX_BETWEEN = 4  # "de flor de": a word or two of the filling's name the table lacks


def filled_dish(tokens: Tokens, head: FoodItem) -> bool:
    """Whether `head` is named by a dish that holds a filling ("panino", "tacos", "wrap"):
    what it is "with" is its filling ("panino con la mortadella")."""
    return tokens.items[head.last].text in FILLED


def fills(tokens: Tokens, head: FoodItem, words: list[str]) -> bool:
    """Whether the words after a filled dish (`head`) name what it is filled with: "de",
    "au", "al" and the like, and words of the filling not read as a food ("de flor de"), or
    nothing ("tramezzino tonno e pomodoro")."""
    # "sopa de verduras", never "soup, bread", nor a spoon's "c. à soupe de sirop"
    soup = tokens.items[head.last].text in SOUPS and tokens.items[head.last - 1].text != "a"
    if not (filled_dish(tokens, head) or (soup and words)):
        return False
    if not words:
        return True
    if words[0] not in FILLING_OF:
        return False
    return len(words) <= _MAX_BETWEEN and all(
        w.isalpha() and w not in CONJUNCTIONS and w not in WITH for w in words[1:]
    )


def filled_with(tokens: Tokens, head: FoodItem, item: FoodItem) -> FoodItem:
    """The dish `head` filled with `item`, named as said ("Tacos de pollo"), from the dish's
    own word on: a second filling ("panzerotto pomodoro e mozzarella") extends the first."""
    start = next(
        (i for i in range(head.first, head.last + 1) if tokens.items[i].text in FILLED | SOUPS),
        head.last,
    )
    said = " ".join(tokens.items[i].raw for i in range(start, item.last + 1)).lower()
    name = said[:1].upper() + said[1:]
    if _SHELL_RE.search(head.name.lower()):
        return dataclasses.replace(head.plus(item), name=name)
    return dataclasses.replace(head, name=name, last=item.last)


def _counted_kind(tokens: Tokens, dish: FoodItem, item: FoodItem) -> float | None:
    """How many of the filled `dish` said before had `item` as their filling ("2 de queso",
    "una de chicharrón"), or None when `item` is not said so."""
    if not filled_dish(tokens, dish) or item.first < dish.last + 3 or item.explicit:
        return None
    count, of = tokens.items[item.first - 2], tokens.items[item.first - 1]
    if of.text not in FILLING_OF or not tokens.free(range(item.first - 2, item.first)):
        return None
    return number_value(count.text) if count.kind == "num" else NUMBER_WORDS.get(count.text)


def counted_kinds(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """The items with the kinds counted after a filled dish read as those dishes (module
    docstring): the dish said first is what they were, not one more. When it was counted
    ("2 piadine"), the kinds must make up that count."""
    kept: list[FoodItem] = []
    n = 0
    while n < len(items):
        dish = items[n]
        kinds: list[tuple[FoodItem, float]] = []
        for item in items[n + 1 :]:
            count = _counted_kind(tokens, dish, item)
            if not count:
                break
            kinds.append((item, count))
        said = number_value(dish.amount.split(" ")[0]) if dish.explicit else None
        if not kinds or (said is not None and sum(c for _, c in kinds) != said):
            kept.append(dish)
            n += 1
            continue
        for item, count in kinds:
            tokens.claim(range(item.first - 2, item.first))
            kept.append(_kind_of(tokens, dish, item, count))
        n += 1 + len(kinds)
    return kept


def _kind_of(tokens: Tokens, dish: FoodItem, item: FoodItem, count: float) -> FoodItem:
    """`count` of `dish` filled with `item`, named as said: "Quesadilla de chicharrón"."""
    each = dish.scaled(1 / max(number_value(dish.amount.split(" ")[0]) or 1.0, 1.0))
    word = tokens.items[dish.last].raw.lower()
    noun = word if count > 1 or not word.endswith("s") else word[:-1]
    filling = " ".join(tokens.items[i].raw for i in range(item.first, item.last + 1))
    name = f"{noun[:1].upper()}{noun[1:]} {tokens.items[item.first - 1].raw} {filling}"
    return dataclasses.replace(
        each.scaled(count),
        name=name,
        amount=f"{count:g} {noun}",
        first=item.first - 2,
        last=item.last,
        explicit=True,
    )
