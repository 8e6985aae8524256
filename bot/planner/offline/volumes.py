"""How much of a drink, said the way bars and shops say it rather than in a unit.

A bare number after "de"/"of" is the drink's millilitres when it is one a bottle or cup
holds ("una coca de 600", "a coke of 500"); of a food it stays what the other rules make of
it ("un filete de 200" is grams). A glass named by its size is its volume: "ein Seidl Bier"
(0.3 l), "eine Maß" (1 l), "2 Halbe Helles" (0.5 l each), "a schooner of beer" (425 ml),
"a pot" or "a middy" (285 ml). "Halbe", "pot" and "Maß" mean something else before a food
("eine halbe Pizza", "a pot of yogurt"), so they are a glass of beer, wine or cider only.
A bare fraction after a drink is litres, as menus list them: "ne Apfelschorle 0,5" is half
a litre, and so is one before it ("0,5 Weißbier"); wine and beer are poured by the part of a
litre ("ein Viertel Wein", "un quarto di vino": 250 ml) and sold in the bottle a part names
("un tercio": 333 ml).
"""

from __future__ import annotations

from bot.planner.offline.table import Food
from bot.planner.offline.text import Tokens, number_value
from bot.planner.reader.quantities import HOUSEHOLD_UNITS, MASS_UNITS, Quantity, parse_prefix

_OF = frozenset({"de", "of", "di", "du", "da", "von"})
# Millilitres a drink is sold in: below is a count or a time, above no one glass.
_MIN_ML, _MAX_ML = 150.0, 2000.0

# A glass named by its size -> its millilitres, and whether only an alcoholic drink is it.
_GLASSES: dict[str, tuple[float, bool]] = {
    "schooner": (425.0, False),
    "schooners": (425.0, False),
    "middy": (285.0, False),
    "middies": (285.0, False),
    "seidl": (300.0, False),
    "seidel": (300.0, False),
    "pot": (285.0, True),
    "pots": (285.0, True),
    "halbe": (500.0, True),
    "halben": (500.0, True),
    "halbes": (500.0, True),
    "mass": (1000.0, True),
    # The part of a litre wine and beer are poured by: "ein Viertel Wein", "ein Achterl",
    # "un quarto di vino", "un quart de vin" (250 ml, 125 ml); "un tercio" or "un quinto" of
    # beer is its 330 or 200 ml bottle; "una jarra", "un pichet" a half-litre jug.
    "viertel": (250.0, False),
    "vierterl": (250.0, False),
    "viertele": (250.0, False),
    "achtel": (125.0, False),
    "achterl": (125.0, False),
    "quarto": (250.0, False),
    "cuarto": (250.0, False),
    "quart": (250.0, False),
    "tercio": (333.0, True),
    "tercios": (333.0, True),
    "quinto": (200.0, True),
    "quintos": (200.0, True),
    "jarra": (500.0, True),
    "jarras": (500.0, True),
    "pichet": (500.0, True),
    # the Breton and Norman cider bowl: "une bolée de cidre"
    "bolee": (250.0, True),
    "bolees": (250.0, True),
    # small pours: the Asturian "culín" of cider, the Spanish "chato" of wine, the French
    # "galopin" of beer; the Italian "quartino" of wine a quarter litre
    "culin": (100.0, True),
    "culines": (100.0, True),
    "culinos": (100.0, True),
    "chato": (100.0, True),
    "chatos": (100.0, True),
    "galopin": (125.0, True),
    "galopins": (125.0, True),
    "quartino": (250.0, True),
    "quartini": (250.0, True),
    # the US quart: "a quart of milk", "2 quarts of water"
    "quarts": (946.0, False),
}
# The centilitres beer, cider and wine bottles are sold in, said bare after the drink.
_BOTTLE_CL = frozenset({25.0, 33.0, 37.5, 50.0, 66.0, 75.0})
# "a quart", "one quart", "1 quart": the English quart, where "un quart" is a quarter litre.
_US_QUART_ML, _ENGLISH_ONE = 946.0, frozenset({"a", "one", "1"})


def volume_after(
    tokens: Tokens, last: int, food: Food, said: Quantity
) -> tuple[Quantity, int] | None:
    """ "una coca de 600": the drink's millilitres after it, with its last token; None when
    the food is no drink, a unit was said, or the number is no volume of a drink."""
    j = last + 1
    if not food.liquid or said.unit:
        return None
    if j + 1 >= len(tokens):
        return _litres_after(tokens, last, said)
    if tokens.items[j].kind == "num":
        return _litres_after(tokens, last, said)
    if tokens.used[j] or tokens.used[j + 1] or tokens.items[j].text not in _OF:
        return None
    value = number_value(tokens.items[j + 1].text)
    if value is not None and food.alcohol_g > 0 and value in _BOTTLE_CL:
        value *= 10  # "una birra da 66", "une bière de 33": a bottle named by its centilitres
    if value is None or not _MIN_ML <= value <= _MAX_ML:
        return None
    if j + 2 < len(tokens) and tokens.items[j + 2].text in {*MASS_UNITS, *HOUSEHOLD_UNITS}:
        return None
    amount = Quantity(said.count * value, "ml", said.size, said.tokens, explicit=True)
    return amount, j + 1


def _litres_after(tokens: Tokens, last: int, said: Quantity) -> tuple[Quantity, int] | None:
    """ "ne Apfelschorle 0,5", "ein Spezi 0,33", "una birra 0.4": a bare fraction after a
    drink is the litres of the bottle or glass, as a menu lists it; None for anything else."""
    j = last + 1
    if j >= len(tokens) or tokens.used[j] or tokens.items[j].kind != "num":
        return None
    value = number_value(tokens.items[j].text)
    if value is None or not _MIN_ML <= value * 1000 <= _MAX_ML or value == int(value):
        return None
    if j + 1 < len(tokens) and tokens.items[j + 1].text in {*MASS_UNITS, *HOUSEHOLD_UNITS}:
        return None
    amount = Quantity(said.count * value * 1000, "ml", said.size, said.tokens, explicit=True)
    return amount, j


def litres_before(before: list[str], food: Food) -> Quantity | None:
    """ "0,5 Weißbier", "0,33 Cola": a bare fraction of one before a drink is its litres, as
    a menu lists it; None for anything else ("2 beers", "1/2 beer", "half a beer")."""
    said = before[-1] if before else ""
    if not food.liquid or not said.startswith("0.") or (before[-2:-1] and before[-2][0].isdigit()):
        return None
    value = number_value(said)
    if value is None or not _MIN_ML <= value * 1000 <= _MAX_ML:
        return None
    return Quantity(value * 1000, "ml", tokens=1, explicit=True)


def glass_before(before: list[str], food: Food) -> Quantity | None:
    """ "2 Halbe", "a schooner of": so many glasses of a named size right before a drink,
    in millilitres; None when the words name no such glass."""
    words = before[:-1] if before and before[-1] in _OF else before
    if not words or words[-1] not in _GLASSES or not food.liquid:
        return None
    ml, alcoholic = _GLASSES[words[-1]]
    if words[-1] == "quart" and words[:-1] and words[-2] in _ENGLISH_ONE:
        ml = _US_QUART_ML
    if alcoholic and food.alcohol_g <= 0:
        return None
    count = parse_prefix(words[:-1])
    if count.tokens != len(words) - 1 or count.unit or count.size:
        return None
    return Quantity(count.count * ml, "ml", tokens=len(before), explicit=True)
