"""A number written as a digit in a dish's name: "pizza 4 formaggi", "couscous aux 7
légumes", "7 layer dip" name the dish as the table's number word does ("quattro formaggi",
"sept légumes", "seven layer dip"), so the dish is found and the number is no count of a
food in it. One never is: it is an article too ("1 pizza")."""

from __future__ import annotations

from bot.planner.offline.text import number_value
from bot.planner.reader.quantities import NUMBER_WORDS


def number_named(said: str, part: str) -> bool:
    """Whether a number said in a food's name is the number word of the table's name."""
    value = NUMBER_WORDS.get(part)
    return value is not None and value >= 2 and number_value(said) == value


def number_words(said: str) -> list[str]:
    """The number words a number said first in a food's name may stand for ("7": "seven",
    "sieben", "siete", "sept", "sette")."""
    value = number_value(said)
    if value is None or value < 2 or value != int(value):
        return []
    return [word for word, named in NUMBER_WORDS.items() if named == value]
