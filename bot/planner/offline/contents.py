"""What a dish is made of, said after it, is part of it: one item, never its parts again.

"chipotle bowl - chicken, white rice, black beans, salsa", "breakfast burrito, chorizo egg
and potato", "lomo saltado, plato grande con arroz y papas", "un poke con salmone e
avocado", "tajine poulet citron": a composed meal (reader/composition.py: a bowl, a
burrito, a sandwich, a plate or a cooked breakfast, a pizza, a tagine, a poke, or a
prepared dish of the table) takes in the plain ingredients said after it in the same
sentence, and keeps its own figures.

An ingredient is a food said without an amount of its own whose table name ends in an
ingredient's word (meat, fish, egg, cheese, rice, beans, vegetables, a sauce, herbs; bread
and butter for a sandwich), or one the dish's own name names ("tayto sandwich ...
taytos"); a word that only describes the next ingredient ("fajita veggies") goes with it.
A side (rice, potatoes, bread) goes in only when the contents are listed ("bowl - ...",
"breakfast: ...", "plato grande con ...") or into a meal that holds it (a bowl, a burrito,
a plate): "2 tacos, rice and beans" and "milanesa con puré" stay two items. A dish named
by no meal's word ("stoemp saucisse") takes only what is said with it ("con", "de": "cassoulet
de canard") or listed; a dash lists its contents even after where it came from ("burrito
from the truck - egg, bacon"). A drink,
a snack, a sweet, or anything with an amount of its own stays an item of its own ("... and
a small bag of chips", "and a diet coke"), and so does what follows it.

Water said with a food or a drink ("a protein shake with water") adds nothing: no entry; nor
does a garnish said without an amount after a food ("con chifles y limón", "sole meunière,
persil et citron"): a squeeze of lemon or lime, a few herbs.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import re

from bot.planner.offline.dates import DAY_WORDS
from bot.planner.offline.dish_parts import parts_said_after
from bot.planner.offline.fillings import WITH
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.meals import SHELLS
from bot.planner.offline.table import Food, food_table, without_said
from bot.planner.offline.text import Tokens
from bot.planner.offline.toppings import plain_salad, topped
from bot.planner.reader.composition import (
    BREAD_MEALS,
    BREAD_PARTS,
    COMPOSED_MEALS,
    FILLING_OF,
    HOLDING_MEALS,
    INGREDIENTS,
    SIDES,
)
from bot.planner.reader.quantities import AMOUNT_WORDS, HOUSEHOLD_UNITS
from bot.planner.reader.segment import CLAUSE_END_WORDS, CONJUNCTIONS, SENTENCE_END_MARKS

# Words that list a dish's contents after it: "bowl - chicken", "con arroz y papas", "on
# white bread", "avec du", "mit".
_LISTING = (
    frozenset(
        """
    , - : – / + with w con avec mit on sur su auf a an some un une una uno du de des del di
    """.split()
    )
    | CONJUNCTIONS
)
_WATER = frozenset({"Water"})
# What garnishes a dish, by the last word of the table's name: "Lemon", "Fresh herbs".
_GARNISHES = frozenset("lemon lime herbs parsley cilantro coriander chives dill basil".split())
_MAX_UNREAD = 2
_MAX_BEFORE_DASH = 4  # "breakfast burrito from the cart - egg, bacon"
_PLATES = frozenset("plato piatto assiette teller".split())  # "plato grande con arroz"
# What says the foods after a meal are its contents: "bowl - chicken", "breakfast: eggs".
_DASHES = frozenset({"-", ":", "–"})
_INTRODUCING = _DASHES | HOLDING_MEALS | _PLATES
_ALL = frozenset("all everything alles todo tout tutto".split())
_ON = frozenset({"on", "sur", "su", "auf", "en"})
_FRY_UPS = frozenset({"fry", "fryup", "fry-up"})  # "an ulster fry", "a fry-up"
_ARTICLES = frozenset("the some a an un une du de d l del di della dem".split())


class Listed(enum.IntEnum):
    """How a food is said after a meal: after nothing but a comma or a word ("stoemp
    saucisse"), after "with" ("con arroz"), or listed as its contents ("bowl - chicken",
    "plato grande con arroz", or after one of its contents)."""

    SAID = 0
    WITH = 1
    LISTED = 2


def _bare(name: str) -> str:
    return without_said(name)


@functools.cache
def _dishes() -> frozenset[str]:
    """The names of the table's prepared dishes."""
    foods: set[Food] = set(food_table().by_alias.values())
    return frozenset(food.name for food in foods if food.dish)


def _words(tokens: Tokens, item: FoodItem) -> list[str]:
    return [tokens.items[i].text for i in range(item.first, item.last + 1)]


def _head(item: FoodItem) -> str:
    """The last word of the table's name of `item`, of its first food when the name joins two
    ("Chips and salsa": "chips")."""
    name = re.split(r" (?:and|with|&) ", _bare(item.name).lower())[0]
    return (name.split() or [""])[-1]


def _meal_words(tokens: Tokens, item: FoodItem) -> set[str]:
    """The words naming `item`: as said, and the table's name of it; not how much of it
    there was ("a bowl of rice" is rice, no meal)."""
    said = set(_words(tokens, item)) - HOUSEHOLD_UNITS.keys()
    return said | set(_bare(item.name).lower().split())


def composed(tokens: Tokens, item: FoodItem) -> bool:
    """Whether `item` is a meal made of several foods (a bowl, a tagine, a breakfast), not
    bread that may hold one (a roll, a bagel: only as a dish of the table)."""
    if item.liquid:
        return False
    if _bare(item.name) in _dishes():
        return True
    return bool(_meal_words(tokens, item) & COMPOSED_MEALS - SHELLS)  # not a bare roll


def _ingredient(tokens: Tokens, meal: FoodItem, item: FoodItem, listed: Listed) -> bool:
    """Whether `item` is a plain ingredient of the composed `meal` said before it, `listed`
    so. A side ("rice", "mash") goes in only when listed or into a meal that holds it (a
    bowl, a burrito); a dish named by no meal's word ("stoemp") takes only what is said with
    it or listed."""
    head = _head(item)
    if not item.liquid and not _own_amount(tokens, item) and _named_in(tokens, meal, item):
        return True  # "chicken parma w chips n salad": the plate comes with them
    if item.liquid or (composed(tokens, item) and head not in SIDES):
        return False  # a dish of its own ("chips and guac", "a sub") is no ingredient
    words = _meal_words(tokens, meal)
    if head in BREAD_PARTS and _cooked_breakfast(tokens, meal) and listed > Listed.SAID:
        return not _own_amount(tokens, item)  # "ulster fry ... potato bread n all": its bread
    if head in BREAD_PARTS and words & BREAD_MEALS:  # "on a bagel": the one it is on
        served_on = any(tokens.items[i].text in _ON for i in range(meal.last + 1, item.first))
        return not _own_amount(tokens, item, counted=served_on)
    if _own_amount(tokens, item):
        return False
    if head in SIDES:
        return listed == Listed.LISTED or bool(words & HOLDING_MEALS)
    if head in INGREDIENTS:
        return listed > Listed.SAID or bool(words & COMPOSED_MEALS)
    # "tayto sandwich, ... taytos": the dish is named by it
    named = {w.rstrip("s") for w in _words(tokens, meal)}
    return all(w.rstrip("s") in named for w in _words(tokens, item))


def _cooked_breakfast(tokens: Tokens, meal: FoodItem) -> bool:
    """Whether `meal` is a cooked breakfast ("a full english", "an ulster fry"), whose plate
    holds its toast, soda bread or potato bread."""
    said = {tokens.items[i].text for i in range(meal.first, meal.last + 1)}
    return _bare(meal.name).lower().endswith(" breakfast") or bool(said & _FRY_UPS)


def _named_in(tokens: Tokens, meal: FoodItem, item: FoodItem) -> bool:
    """Whether the table's name or serving of `meal` names the food `item` among what it
    comes with ("Chicken parmigiana with chips", "1 burrito with rice ... and sour cream")."""
    said = f" {meal.name} {meal.amount} ".lower()
    parts = said.split(" with ", 1)
    with_ = f" {parts[-1]} ".replace(",", " ")
    foods = (_bare(item.name).lower(), " ".join(_words(tokens, item)))
    return len(parts) == 2 and any(food and f" {food} " in with_ for food in foods)


def _own_amount(tokens: Tokens, item: FoodItem, *, counted: bool = False) -> bool:
    """Whether the person said how much of `item` there was ("2 strips of", "a small bag");
    when only `counted`, "a" or "an" says nothing."""
    said = tokens.items[item.first : item.last + 1]
    words = AMOUNT_WORDS - _ARTICLES if counted else AMOUNT_WORDS
    return any(t.kind == "num" or t.text in words for t in said)


def _listed(tokens: Tokens, end: int, item: FoodItem) -> bool:
    """Whether only listing words, words read already and at most two other words ("plato
    grande", "trop de") stand between token `end` and `item`, in one sentence unless the
    item is said to be in it all along ("... the works. black pudding n all"). A dash or a
    colon lists what follows whatever was said before it ("burrito from the cart by the
    station - egg, bacon")."""
    unread = 0
    across = _and_all(tokens, item) > 0
    for i in range(end + 1, item.first + 1):
        text = tokens.items[i].text
        if tokens.items[i].after_dash or text in _DASHES:
            if unread > _MAX_BEFORE_DASH:
                return False
            unread = 0  # what the dish was, where it came from: then its contents
        if i == item.first:
            break
        if (text in SENTENCE_END_MARKS and not across) or text in CLAUSE_END_WORDS:
            return False
        if text in DAY_WORDS and tokens.used[i] and _starts_part(tokens, i):
            return False  # "a salad and today eggs": another day's ("raclette hier soir": its)
        if not tokens.used[i] and text not in _LISTING and tokens.items[i].kind != "punct":
            unread += 1
    return unread <= _MAX_UNREAD


def _starts_part(tokens: Tokens, i: int) -> bool:
    """Whether the word at `i` starts another part of the message: after "and", "und", "y",
    "et", "e" or a punctuation mark."""
    before = tokens.items[i - 1]
    return before.text in CONJUNCTIONS or before.kind == "punct"


def dish_contents(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """The items with a composed meal's listed ingredients part of it (module docstring)."""
    kept: list[FoodItem] = []
    meal: int | None = None  # the index in `kept` of the meal still taking its contents
    meal_end = -1  # the meal's own last token, before it took any
    n = 0
    while n < len(items):
        item = items[n]
        head = kept[-1] if kept else None
        if head is not None and (_water_with(tokens, head, item) or _garnish(tokens, head, item)):
            tokens.claim(range(head.last + 1, item.last + 1))
            n += 1
            continue
        listed = (
            _listed_as(tokens, kept[meal], items[n], meal_end) if meal is not None else Listed.SAID
        )
        taken = _taken(tokens, kept[meal], items, n, listed) if meal is not None else 0
        if meal is not None and taken:
            last = items[n + taken - 1].last
            last += _and_all(tokens, items[n + taken - 1])
            tokens.claim(range(kept[meal].last + 1, last + 1))
            held = kept[meal]
            if plain_salad(held) and not items[n + taken - 1].liquid:
                held = topped(tokens, held, items[n + taken - 1])
            kept[meal] = _served_on(tokens, dataclasses.replace(held, last=last), item)
            n += taken
            continue
        n += 1
        if composed(tokens, item) and _heading(tokens, item, items[n:]):
            meal = None  # "diner breakfast: 2 eggs, 2 strips of bacon": what it was
            continue
        kept.append(item)
        meal = len(kept) - 1 if composed(tokens, item) else None
        meal_end = item.last
    return parts_said_after(tokens, kept)


def _served_on(tokens: Tokens, meal: FoodItem, item: FoodItem) -> FoodItem:
    """`meal` named with the bread it was said on ("a bacon egg and cheese on a bagel": "Bacon
    egg and cheese sandwich on a bagel"), when `item` is that bread."""
    on = next((i for i in range(item.first - 1, -1, -1) if tokens.items[i].text in _ON), None)
    if _head(item) not in BREAD_PARTS or on is None or on <= meal.first:
        return meal
    if any(tokens.items[i].text not in _ARTICLES for i in range(on + 1, item.first)):
        return meal
    said = " ".join(tokens.items[i].raw for i in range(on, item.last + 1)).lower()
    return dataclasses.replace(meal, name=f"{meal.name} {said}")


def _heading(tokens: Tokens, meal: FoodItem, after: list[FoodItem]) -> bool:
    """Whether `meal` only heads the foods listed after it, with a colon or a dash, each of
    the first counted and the next said with an amount of its own ("diner breakfast: 2 eggs
    over easy, a strip of bacon, ...")."""
    if len(after) < 2 or not _listed(tokens, meal.last, after[0]):
        return False
    between = {tokens.items[i].text for i in range(meal.last + 1, after[0].first)}
    first = tokens.items[after[0].first : after[0].last + 1]
    counted = any(t.kind == "num" for t in first) and _own_amount(tokens, after[1])
    return bool(between & {":", "-", "–"}) and counted and _listed(tokens, after[0].last, after[1])


def _and_all(tokens: Tokens, item: FoodItem) -> int:
    """How many words after `item` say it was part of it all ("n all", "and everything",
    "und alles", "y todo", "et tout", "e tutto"): 2, or 0."""
    after = [t.text for t in tokens.items[item.last + 1 : item.last + 3]]
    return 2 if len(after) == 2 and after[0] in CONJUNCTIONS and after[1] in _ALL else 0


def _listed_as(tokens: Tokens, meal: FoodItem, item: FoodItem, meal_end: int) -> Listed:
    """How `item` is said after `meal`, whose own last token is `meal_end`."""
    between = {tokens.items[i].text for i in range(meal.last + 1, item.first)}
    dashed = any(tokens.items[i].after_dash for i in range(meal.last + 1, item.first + 1))
    if meal.last != meal_end or dashed or between & _INTRODUCING:
        return Listed.LISTED
    return Listed.WITH if between & (WITH | FILLING_OF) else Listed.SAID


def _taken(tokens: Tokens, meal: FoodItem, items: list[FoodItem], n: int, listed: Listed) -> int:
    """How many of the items from `n` on the `meal` takes in: one ingredient listed after
    it, or a word describing the ingredient right after it and that ingredient; 0 if none."""
    item = items[n]
    if not _listed(tokens, meal.last, item):
        return 0
    if _ingredient(tokens, meal, item, listed):
        return 1
    nxt = items[n + 1] if n + 1 < len(items) else None
    if nxt is None or nxt.first != item.last + 1 or _own_amount(tokens, item) or item.liquid:
        return 0
    return 2 if _ingredient(tokens, meal, nxt, listed) else 0


def _water_with(tokens: Tokens, head: FoodItem, item: FoodItem) -> bool:
    """Whether `item` is water, said without an amount right after "with", that the food or
    drink `head` before it was made or had with."""
    if _own_amount(tokens, item) or _bare(item.name) not in _WATER or item.kcal > 0:
        return False
    j = item.first - 1
    while j > head.last and tokens.items[j].text in _ARTICLES:
        j -= 1
    return j > head.last and tokens.items[j].text in WITH and not tokens.used[j]


def _garnish(tokens: Tokens, head: FoodItem, item: FoodItem) -> bool:
    """Whether `item` is a garnish said without an amount right after the food `head`, with
    nothing but listing words or words read already between ("encebollado con chifles y
    limón", "sole meunière, persil et citron")."""
    if _own_amount(tokens, item) or _head(item) not in _GARNISHES or item.first <= head.last + 1:
        return False
    between = range(head.last + 1, item.first)
    return all(
        tokens.items[i].text in _LISTING
        or (tokens.used[i] and tokens.items[i].kind != "punct")  # "persil et citron"
        or (tokens.items[i].kind == "punct" and tokens.items[i].text not in SENTENCE_END_MARKS)
        for i in between
    )
