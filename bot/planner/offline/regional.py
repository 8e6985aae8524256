"""Words whose food depends on where the person lives, read as the food they mean there.

The person's time zone says which country they are in (bot/kernel/places.py, as for the pint
in reader/measures.py). A word of `REGIONAL` is written, before the message is read, as the
food it names in the countries given, and is left as written everywhere else, where the food
table's own reading is the default:

- "chips" are fries in the UK, Ireland, Australia, New Zealand, South Africa and India ("fish
  and chips", "cod n chips"); elsewhere the table reads them as crisps, and a bag or packet
  of chips is crisps everywhere;
- "tinto" is a black coffee in Colombia and a red wine in Spain;
- "demi" is a 25 cl beer in France, Belgium, Switzerland and Luxembourg when nothing follows
  it ("un demi", "deux demis et un café"; "un demi croissant" is half of one);
- "biscuit" is a scone-like bread in the US ("two biscuits with butter"), a sweet biscuit
  elsewhere (in Quebec too, where a "biscuit" is a cookie);
- "jelly" is a gelatin dessert in the UK, Ireland, Australia, New Zealand, South Africa and
  India unless it is beside bread, toast or peanut butter, jam elsewhere;
- a "dumpling" in the English-speaking Caribbean is the flour dumpling eaten with ackee,
  saltfish or stew (a fried one about 200 kcal), not a filled Asian dumpling of 45;
- "chai" in Kenya, Uganda and Tanzania is a mug of milky sweet tea, not India's small cup;
  a "plain tea" in Sri Lanka is black tea with sugar, not a cup of nothing;
- "beans" in the UK, Ireland, Australia and New Zealand are baked beans ("half a tin of
  beans", "beans and chips"), not a cup of kidney beans;
- Italian "patatine" are crisps ("spritz e patatine", "un pacchetto di patatine") wherever
  the person is, and fries only beside a meal they come with or a portion of them
  ("hamburger e patatine", "una porzione di patatine"; "patatine fritte" always);
- the "papas" of a Peruvian chicken are its fries ("pollo a la brasa, 1/4 con papas"),
  wherever it is eaten;
- a "pint" said alone is a pint of beer anywhere ("a pasty and a pint", "2 pints"), and a
  "brew" in the UK and Ireland is a cup of tea with milk ("a bacon butty and a brew").

A course word needs no zone: "une salade en entrée" is a starter in Quebec and France and
"soup as an entree" a main in the US, but either way no food (offline/fillers.py), as "tea"
the evening meal is a meal (reader/segment.py).

A word inside a longer name of the table keeps that name's food ("biscuits and gravy",
"jelly beans", "tortilla chips"). "pb" is peanut butter everywhere, but only after a measure
("a tbsp of pb") or beside bread, toast, oats, apple, banana, rice cakes or jelly ("pb toast",
"pb&j"); anywhere else it is a personal best ("a new pb", "parkrun pb") and stays unread.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from bot.kernel.places import country_of
from bot.planner.offline.table import food_table
from bot.planner.offline.text import tokenize


def _in(*countries: str) -> Callable[[str], bool]:
    """Whether a time zone is in one of these countries (ISO 3166 codes; bot/kernel/places.py)."""
    return lambda zone: country_of(zone) in countries


_CHIPS_ARE_FRIES = _in("GB", "IE", "IM", "JE", "GG", "AU", "NZ", "ZA", "IN")
_US = _in("US")
_COLOMBIA = _in("CO")
_SPAIN = _in("ES")
_CARIBBEAN = _in("JM", "TT", "BB", "BS", "GY", "AG", "LC", "VC", "GD", "DM", "KN")
_BEANS_ARE_BAKED = _in("GB", "IE", "IM", "JE", "GG", "AU", "NZ")
_EAST_AFRICA = _in("KE", "UG", "TZ")
_SRI_LANKA = _in("LK")
_DEMI_IS_BEER = _in("FR", "BE", "CH", "LU", "MC")
_TEA_IS_A_BREW = _in("GB", "IE", "IM", "JE", "GG")

# Beside these a "jelly" is spread or a "pb" peanut butter (both also beside each other).
_SPREAD_ON = (
    r"bread|toast|toasts|sandwich|sandwiches|sarnie|bagels?|crackers?|oats|oatmeal|porridge|"
    r"apples?|bananas?|rice cakes?|brot|brote|reiswaffeln?|haferflocken|apfel|tostadas?|pan|"
    r"avena|manzanas?|tartines?|pain|pommes?|flocons|pane|fette|mela|mele|pb|peanut butter|"
    r"j|jelly|jam"
)
_NEAR_SPREAD = re.compile(rf"\b(?:{_SPREAD_ON})\b")
# A measure said before the "pb": "a tbsp of pb", "2 spoons pb", "30g pb".
_MEASURE_BEFORE = re.compile(
    r"\b(?:tbsp|tbsps|tsp|tsps|tablespoons?|teaspoons?|spoons?|spoonfuls?|scoops?|"
    r"dollops?|g|gr|grams?|el|tl|cucharadas?|cucharaditas?|cuillères?|cucchiai|cucchiaini?)"
    r"(?: of| de| di)?$"
)
# Beside these, "patatine" are the fries served with a meal, not a bag of crisps.
_WITH_A_MEAL = re.compile(
    r"\b(?:porzion[ei]|con[oi]|piatt[oi]|contorno|menu|hamburger|burger|cheeseburger|panin[oi]|"
    r"cotolett[ae]|kebab|hot dog|wurstel|pollo|pesce|fritto misto|crocchette|bistecca|"
    r"hamburgher|mcdonald|mc|piadina|toast|salsiccia|arrosto)\b"
)
_PERUVIAN_CHICKEN = re.compile(r"\b(?:brasa|broaster|polleria|pollerias)\b")
_BAGGED = re.compile(r"\b(?:bag|bags|packet|packets|pack|packs|sachet)(?: of)?$")
# Words after which "demi" stood alone: "un demi en terrasse", "un demi et un café".
_CONNECTIVE = frozenset(
    {
        "et",
        "and",
        "avec",
        "puis",
        "pis",
        "svp",
        "stp",
        "merci",
        "en",
        "au",
        "a",
        "à",
        "sur",
        "pour",
        "ce",
        "ici",
    }
)


@dataclass(frozen=True, slots=True)
class Regional:
    """A word and the food it names where `where` holds; `keep` says when it stays as
    written there (given the words before it and after it)."""

    words: frozenset[str]
    where: Callable[[str], bool]
    food: str
    keep: Callable[[str, str], bool] = lambda before, after: False


def _demi_kept(before: str, after: str) -> bool:
    """A "demi" followed by a word is half of it ("un demi croissant")."""
    following = after.split(" ", 1)[0] if after else ""
    return following.isalpha() and following not in _CONNECTIVE


def _bagged(before: str) -> bool:
    return bool(_BAGGED.search(before))


def _pint_of_something(before: str, after: str) -> bool:
    """A "pint" followed by what it holds ("a pint of milk", "a pint glass of water") or by a
    food ("2 pints guinness") is that; alone ("a pasty and a pint") it is beer."""
    following = after.split(" ", 1)[0] if after else ""
    return following in {"of", "glass", "glasses", "de", "di"} or following in food_table().words


REGIONAL: tuple[Regional, ...] = (
    Regional(frozenset({"pint"}), lambda zone: True, "pint of beer", _pint_of_something),
    Regional(frozenset({"pints"}), lambda zone: True, "pints of beer", _pint_of_something),
    Regional(frozenset({"brew", "brews"}), _TEA_IS_A_BREW, "tea with milk"),
    Regional(
        frozenset({"chips"}),
        _CHIPS_ARE_FRIES,
        "hot chips",  # an alias of fries: the entry still says "chips"
        lambda b, a: _bagged(b),
    ),
    Regional(frozenset({"tinto", "tintos"}), _COLOMBIA, "coffee"),
    Regional(frozenset({"tinto", "tintos"}), _SPAIN, "vino"),
    Regional(frozenset({"demi"}), _DEMI_IS_BEER, "demi pression", _demi_kept),
    Regional(frozenset({"demis"}), _DEMI_IS_BEER, "demis pression", _demi_kept),
    Regional(frozenset({"dumpling"}), _CARIBBEAN, "caribbean dumpling"),
    Regional(frozenset({"dumplings"}), _CARIBBEAN, "caribbean dumplings"),
    Regional(frozenset({"beans"}), _BEANS_ARE_BAKED, "baked beans"),
    Regional(
        frozenset({"patatine"}),
        lambda zone: True,
        "patatine in busta",
        lambda b, a: bool(_WITH_A_MEAL.search(f"{b} | {a}")),
    ),
    Regional(
        frozenset({"papas"}),
        lambda zone: True,
        "papas fritas",
        lambda b, a: not _PERUVIAN_CHICKEN.search(b),
    ),
    Regional(frozenset({"chai"}), _EAST_AFRICA, "kenyan chai"),
    Regional(frozenset({"tea"}), _SRI_LANKA, "sugared black tea", lambda b, a: b[-5:] != "plain"),
    Regional(frozenset({"biscuit"}), _US, "scone"),
    Regional(frozenset({"biscuits"}), _US, "scones"),
    Regional(
        frozenset({"jelly"}),
        _CHIPS_ARE_FRIES,
        "jello",
        lambda b, a: bool(_NEAR_SPREAD.search(b[-30:]) or _NEAR_SPREAD.search(a[:30])),
    ),
)


# "pb&j", "pb and j", "pb n j": the sandwich.
_PB_AND_J = re.compile(r"\bpb ?(?:&|\+|and|n|'n'|y|et|und) ?j\b", re.IGNORECASE)


def regional_text(text: str, timezone: str) -> str:
    """The message with each regional word written as the food it names in `timezone`, and
    each "pb" that is peanut butter written so (see the module)."""
    text = _PB_AND_J.sub("peanut butter and jelly", text)
    tokens = tokenize(text)
    words = [t.text for t in tokens]
    out: list[str] = []
    last = 0
    for i, token in enumerate(tokens):
        food = _food_of(words, i, timezone)
        if food is not None:
            out.append(text[last : token.start] + food)
            last = token.end
    return "".join(out) + text[last:] if out else text


def _food_of(words: list[str], i: int, timezone: str) -> str | None:
    """What the word at `i` is written as, or None when it stays."""
    word = words[i]
    before, after = " ".join(words[max(0, i - 4) : i]), " ".join(words[i + 1 : i + 5])
    if word == "pb":
        near = _MEASURE_BEFORE.search(before) or _NEAR_SPREAD.search(f"{before} | {after}")
        return "peanut butter" if near and not _in_longer_name(words, i) else None
    for regional in REGIONAL:
        if (
            word in regional.words
            and regional.where(timezone)
            and not regional.keep(before, after)
            and not _in_longer_name(words, i)
        ):
            return regional.food
    return None


def _in_longer_name(words: list[str], i: int) -> bool:
    """Whether the word at `i` is part of a name of the table of more than one word."""
    table = food_table()
    for start in range(max(0, i - table.max_words + 1), i + 1):
        for alias in table.by_first.get(words[start], ()):
            parts = alias.split(" ")
            if (
                len(parts) > 1
                and start + len(parts) > i
                and words[start : start + len(parts)] == parts
            ):
                return True
    return False
