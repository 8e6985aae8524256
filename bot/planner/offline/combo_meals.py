"""A chain's meal said by its burger or sandwich: "a big mac meal", "Whopper Menü", "un menu
Big Mac", "un combo de whopper", "menù McChicken".

Such a meal is the item with fries, medium unless a size is said ("large big mac meal",
"menu maxi Big Mac"), and the drink said with it ("… meal w a diet coke"): the message is
read as if the person had listed them, so each is logged, and named, as its own food. A drink
not said is not guessed (a diet one or water is as likely as a soda), and figures said for
the whole meal ("big mac meal 1.1k cals") are the person's and are left as said.
"""

from __future__ import annotations

import re

# What a chain sells as a meal: burgers, chicken sandwiches, nuggets and wraps.
_ITEMS = (
    r"big macs?|whoppers?|quarter pounders?(?: with cheese)?|mcchickens?|mcdoubles?|mcrib"
    r"|mcspicy|big tasty|filet o fish|(?:chicken |mc)?nuggets|mcnuggets|chicken royale"
    r"|long chicken|baconator|zinger(?: burger)?|crunchwrap(?: supreme)?|chicken tenders"
    r"|chicken strips|spicy deluxe|spicy chicken sandwich|chicken sandwich"
    r"|(?:double |bacon |chicken )?(?:cheese)?burger|hamburger"
)
_SIZES = {
    "large": "large",
    "maxi": "large",
    "grand": "large",
    "grande": "large",
    "gross": "large",
    "grosse": "large",
    "grosses": "large",
    "groß": "large",
    "große": "large",
    "großes": "large",
    "small": "small",
    "petit": "small",
    "klein": "small",
    "kleines": "small",
    "medium": "medium",
}
_SIZE = "|".join(sorted(_SIZES, key=len, reverse=True))
_MEAL_WORDS = r"value meal|meal|combo|men[uüù]"
# The drink said with the meal, which is its drink: "a whopper meal w a diet coke".
_DRINK = (
    r"(?: (?:w|with|w/|mit|avec|con|col|and|und|et|y|e|\+) (?:an? |une? |una |uno |eine? )?"
    r"(?P<drink>diet coke|coke zero|coca cola|coca|coke|cola zero|cola|pepsi max|diet pepsi|pepsi"
    r"|sprite|fanta|dr pepper|sweet tea|iced tea|ice tea|eistee|lemonade|limonade|water"
    r"|wasser|agua|acqua|eau|milkshake|shake|coffee|kaffee|cafe|caffe|orange juice))?"
)
# Figures said for the whole meal ("big mac meal 1.1k cals") are the person's for it.
_STATED = r"(?! ?[,:-]? ?~?\d[\d.,]*k? ?(?:k?cals?|kcal|calories|kalorien)\b)"
_AFTER_RE = re.compile(
    rf"\b(?:(?P<size>{_SIZE}) )?(?P<item>{_ITEMS}) (?:{_MEAL_WORDS})\b{_STATED}{_DRINK}",
    re.IGNORECASE,
)
_BEFORE_RE = re.compile(
    rf"\b(?:{_MEAL_WORDS}) (?:(?:de|del|di) )?(?:(?P<size>{_SIZE}) )?(?P<item>{_ITEMS})\b"
    rf"{_DRINK}",
    re.IGNORECASE,
)


def _listed(match: re.Match[str]) -> str:
    size = _SIZES.get((match.group("size") or "medium").lower(), "medium")
    listed = f"{match.group('item')} and {size} fries"
    drink = match.group("drink")
    return f"{listed} and a {size} {drink}" if drink else listed


def combo_meals_listed(text: str) -> str:
    """`text` with a chain's meal said by its item written as the item, fries and a drink."""
    return _BEFORE_RE.sub(_listed, _AFTER_RE.sub(_listed, text))
