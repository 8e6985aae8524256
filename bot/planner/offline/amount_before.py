"""The amount said before a food: "2", "a bowl of", "a stick of", "3 rolls of", and a
measure with a brand or qualifier between it and the food ("a tin of heinz tomato soup", "2
slices daves killer bread")."""

from __future__ import annotations

from bot.planner.offline.diminutive import diminutive_base
from bot.planner.offline.table import Food
from bot.planner.offline.text import Tokens, number_value
from bot.planner.offline.volumes import glass_before, litres_before
from bot.planner.reader.composition import FILLED, SOUPS
from bot.planner.reader.quantities import (
    AMOUNT_WORDS,
    HOUSEHOLD_UNITS,
    MASS_UNITS,
    NUMBER_WORDS,
    Quantity,
    counted_of,
    parse_measure,
    parse_prefix,
)
from bot.planner.reader.segment import never_food_words

# The words that say "of" between a measure and its food.
OF = frozenset({"of", "de", "di"})


def _measured_of(before: list[str], food: Food) -> bool:
    """Whether the words before a food end in a measure of it and "of" ("3 rolls of"); not
    a dish filled with it ("2 tacos de pollo": tacos, reader/composition.py) unless it is
    how the food is measured ("2 wraps of eba")."""
    soup = before[-2:-1] != [] and before[-2] in SOUPS and before[-3:-2] != ["a"]
    if before[-1] not in OF or len(before) < 2 or not (before[-2] in FILLED or soup):
        return before[-1] in OF  # "une c. à soupe de sirop": a spoon of it
    return measured_by(food, before[-2])


def measure_of_next(tokens: Tokens, of: int, last: int) -> bool:
    """Whether token `of`, before token `last`, is "of" after a filled dish's word: "2 wraps
    of eba" says how much of the food after it."""
    return of < last and tokens.items[of].text in OF and tokens.items[of - 1].text in FILLED


def measured_by(food: Food, word: str) -> bool:
    """Whether `word` ("wraps") names a measure or the counted unit of `food`."""
    one = word.rstrip("s")
    return food.measure(one) is not None or (bool(one) and food.unit_noun == one)


def said_before(before: list[str], food: Food) -> tuple[Quantity, int]:
    """The quantity said in the words `before` a food, and how many words nothing reads lie
    between it and the food ("a tin of heinz tomato soup": one, the brand's). A measure may
    be said by its diminutive ("ein Stückchen", "un vasito", "un bicchierino")."""
    before = [_measure_word(word) for word in before]
    said, at = _each_measured(before)
    quantity = parse_prefix(said)
    if at is not None and quantity.tokens >= len(said) - at - 1:
        quantity.tokens -= 1  # the "x" read between the count and the measure
    if quantity.tokens < len(before) and _measured_of(before, food):  # "a stick of"
        quantity = (
            parse_measure(before, lambda said: food.measure(said) is not None)
            or counted_of(before)
            or quantity
        )
    quantity = glass_before(before, food) or litres_before(before, food) or quantity
    if quantity.tokens == 1 and quantity.unit == "can" and not food.liquid:
        return Quantity(tokens=1), 0  # "tin fish curry", "can tuna salad": what it is made of
    if quantity.tokens < len(before):
        for gap in (1, 2):
            said, between = before[:-gap], before[-gap:]
            if len(said) < 2 or not _measure_ends(said) or not _brand_between(between):
                continue
            measured = parse_prefix(said)
            if measured.tokens > 1 and measured.unit:
                return measured, gap
    return quantity, 0


def _each_measured(words: list[str]) -> tuple[list[str], int | None]:
    """ "2 500 ml", "zwei 0,5 l", "3 33 cl": a count of so much each, read as "2 x 500 ml"
    (the words so, and where the count is), never a range's middle ("100 150 g", 100 to
    150 g, is one); the words as they are otherwise."""
    for at in range(len(words) - 2):
        count = NUMBER_WORDS.get(words[at]) or number_value(words[at])
        each = number_value(words[at + 1]) if "/" not in words[at + 1] else None
        if not count or not each or words[at + 2] not in MASS_UNITS or count % 1 or count > 12:
            continue
        if each < 1 or each > 10 * count:
            return [*words[: at + 1], "x", *words[at + 1 :]], at
    return words, None


def _measure_word(word: str) -> str:
    """The measure a word is a diminutive of ("Tässchen": "tasse"), or the word itself."""
    if word in HOUSEHOLD_UNITS or word in AMOUNT_WORDS or not word.isalpha():
        return word
    return diminutive_base(word, HOUSEHOLD_UNITS.__contains__) or word


def _measure_ends(said: list[str]) -> bool:
    """Whether the words end in "of" or a measure: "a tin of", "2 slices" (of a brand's
    bread), "a 600ml" (of a brand's iced coffee, "a 600ml farmers union iced coffee")."""
    return said[-1] in OF or said[-1] in HOUSEHOLD_UNITS or said[-1] in MASS_UNITS


# What may stand between "of" and a brand: "2 servings of the birds eye lasagne".
_ARTICLES = frozenset("the my la le el il lo die der das".split())
_WHOSE = frozenset("my his her our their mi su ma mon sa mia mio sua suo meiner seiner".split())


def _brand_between(words: list[str]) -> bool:
    """Whether `words` are a brand or qualifier, after an article or not; not whose the food
    is ("a bite of my wife's cheesecake": only tasted, shared.py)."""
    if words[0] in _WHOSE:
        return False
    if words[0] in _ARTICLES and len(words) > 1:
        words = words[1:]
    return all(map(_unread, words))


def _unread(word: str) -> bool:
    """Whether a word is none the quantities or the sentence read: a brand, a qualifier."""
    return word.isalpha() and word not in AMOUNT_WORDS and word not in never_food_words()


def ends_measure(tokens: Tokens, at: int) -> bool:
    """Whether the word at `at` ends a measure of two or three words ("cuillère à soupe",
    "cucharada sopera"): no food of its own, even where the table has one ("soupe")."""
    words = [t.text for t in tokens.items[max(at - 2, 0) : at + 1]]
    return any(" ".join(words[k:]) in HOUSEHOLD_UNITS for k in range(len(words) - 1))


def said_as_measure(tokens: Tokens, i: int, length: int, last: int) -> bool:
    """Whether the food's name at `i` (`length` words, in an item ending at `last`) says how
    much of another food: "2 wraps of eba", "une cuillère à soupe de miel"."""
    return measure_of_next(tokens, i + length, last) or ends_measure(tokens, i + length - 1)
