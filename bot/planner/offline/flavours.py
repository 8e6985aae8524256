"""A flavour said with a product names which one it is, never foods of its own: "salt and
vinegar crisps", "a protein bar, cookies n cream", "sour cream & onion pringles", "cookies and
cream ice cream". A name the table holds with the flavour in it ("walkers cheese and onion",
"cheese and onion sandwich") is left to the table, a filling to its dish, and a flavour said
alone ("had cookies and cream") is read as it always was; an amount before the flavour ("2
bags of salt and vinegar crisps") is the product's.

A flavour said after a drink, a yogurt or a sweet is part of it too: "un smoothie aux
fraises", "un muffin aux bleuets", "cornetto al pistacchio", "tartines au speculoos"
(offline/additions.py joins them). What fills or tops a sweet ("au jambon", "au sirop")
stays counted.
"""

from __future__ import annotations

import dataclasses
import re

from bot.planner.offline.amount_before import OF
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.foods import FoodItem
from bot.planner.offline.meals import HOLDERS, alias_at
from bot.planner.offline.table import food_table, without_said
from bot.planner.offline.text import Tokens, rx
from bot.planner.offline.their_words import their_word
from bot.planner.reader.composition import INGREDIENTS
from bot.planner.reader.quantities import AMOUNT_WORDS, NUMBER_WORDS

_AND = r"(?:and|n|&|und|y|et|e)"
_FLAVOUR_RE = rx(rf"cookies? {_AND} cream|salt {_AND} vinegar|(?:sour cream|cheese) {_AND} onions?")


def claim_flavours(tokens: Tokens) -> None:
    """Claim each flavour said beside a product, so no food is read from its words."""
    for _match, span in tokens.matches(_FLAVOUR_RE):
        if _beside_a_product(tokens, span) and not _in_a_name(tokens, span):
            tokens.claim(span)
            tokens.described.update(span)


def _beside_a_product(tokens: Tokens, span: range) -> bool:
    """Whether a word other than a filler stands right before or after the flavour, and no
    dish it fills follows it ("cheese and onion sandwich": the sandwich's filling)."""
    after = tokens.items[span.stop].text if span.stop < len(tokens) else ""
    if after in HOLDERS or after.rstrip("s") in HOLDERS:
        return False
    before = tokens.items[span.start - 1] if span.start else None
    if before is not None and (before.text in OF or before.kind == "num"):
        # "2 bags of salt and vinegar crisps": the product is said after it, and the amount
        # reads across the flavour to it
        return bool(after) and tokens.items[span.stop].kind == "word" and after not in FILLERS
    return any(
        0 <= i < len(tokens)
        and tokens.items[i].kind == "word"
        and tokens.items[i].text not in FILLERS
        for i in (span.start - 1, span.stop)
    )


def _in_a_name(tokens: Tokens, span: range) -> bool:
    """Whether a name of the table covers the flavour and a word beside it."""
    table = food_table()
    for i in range(max(0, span.start - 3), span.stop):
        found = alias_at(tokens, i, table, free=False)
        if found is None:
            continue
        last = i + found[1] - 1
        if i <= span.stop - 1 and last >= span.start and (i < span.start or last >= span.stop):
            return True
    return False


_NOT_NAMING = AMOUNT_WORDS | frozenset("a an the some un une una uno".split())  # how much


# What a drink, a yogurt or a sweet tastes of, said after it: "aux fraises", "alla fragola",
# "a la fresa", "de chocolate", "sabor fresa", "gusto pistacchio".
_FLAVOUR_WORDS = frozenset(
    {"aux", "au", "alla", "alle", "allo", "al", "a la", "gusto", "al gusto", "sabor", "sabor a"}
    | {"sabor de", "de", "saveur", "parfum", "geschmack"}
)
# Those that keep their own name whatever they taste of ("Smoothie").
_DRINKS_FLAVOURED = frozenset(
    {"smoothie", "yogurt", "yoghurt", "milkshake", "shake", "ice cream", "gelato", "kefir"}
    | {"lassi"}
)
_FLAVOURED_RE = re.compile(
    r"\b(?:smoothie|yogh?urt|milkshake|shake|ice cream|gelato|kefir|lassi"
    # a sweet or a pastry: "un muffin aux bleuets", "cornetto al pistacchio", "tartines au
    # speculoos", "un donut al cioccolato"
    r"|muffin|cupcake|croissant|cornetto|brioche|donut|doughnut|krapfen|berliner|beignet"
    r"|waffle|gaufre|pancake|cookie|macaron|cake|tartine|tart|pastry|danish|protein bar)"
)


_TOPPING_RE = re.compile(
    r"\b(?:syrup|spread|nutella|honey|jam|butter|cream|sauce|custard|icing|sugar)\b"
)


def flavour_of(
    head: FoodItem, item: FoodItem, words: list[str], said: str = "", *, counted: bool = True
) -> bool:
    """Whether `item` is only the flavour of a smoothie, shake, yogurt, ice cream or sweet
    before it, said as `said` ("un smoothie aux fraises", "yogurt alla fragola", "un muffin
    aux bleuets"), never a portion of its own: neither `counted` ("2 fraises") nor weighed."""
    if (item.explicit and counted) or item.liquid or " ".join(words) not in _FLAVOUR_WORDS:
        return False
    kind = _flavoured_kind(head, said)
    if kind is None:
        return False
    if kind in _DRINKS_FLAVOURED:
        return True
    # a sweet's flavour, never what fills or tops it ("un croissant au jambon" has ham in
    # it, "une gaufre au sirop" syrup on it); bread's spread is the table's ("tartines au
    # speculoos")
    filling = without_said(item.name).lower()
    if _TOPPING_RE.search(filling) and kind != "tartine":
        return False
    return not filling or filling.split()[-1] not in INGREDIENTS


def _flavoured_kind(head: FoodItem, said: str) -> str | None:
    """The word of `head`'s name, or of its words `said`, naming what tastes of a flavour."""
    found = _FLAVOURED_RE.search(f"{without_said(head.name)} {said}".lower())
    return found.group() if found is not None else None


def flavoured(tokens: Tokens, head: FoodItem, item: FoodItem) -> FoodItem:
    """`head` tasting of `item`: a sweet named as said ("Muffin aux bleuets", "Croissant
    (cornetto al pistacchio)"), a drink or a yogurt by its own name."""
    joined = dataclasses.replace(head, last=item.last)
    if _flavoured_kind(head, "") in _DRINKS_FLAVOURED:
        return joined
    start = next(
        (
            i
            for i in range(head.first, head.last + 1)
            if tokens.items[i].kind == "word" and tokens.items[i].text not in _NOT_NAMING
        ),
        head.first,
    )
    said = " ".join(
        tokens.items[i].raw
        for i in range(start, item.last + 1)
        if i == start or tokens.items[i].start != tokens.items[i - 1].start  # "d'érable"
    ).lower()
    bare = without_said(head.name)
    if said.startswith(bare.lower()):
        return dataclasses.replace(joined, name=said[:1].upper() + said[1:])
    named = f"{bare} ({said})"
    return dataclasses.replace(joined, name=named, own=(named, their_word(said)))


# What counts an ice cream's flavours: "2 gusti", "deux boules", "2 Kugeln", "dos bolas".
_SCOOPS = frozenset(
    """
    gusti gusto palline pallina flavours flavors flavour flavor boules boule parfums parfum
    kugeln kugel sorten sorte sabores sabor bolas bola scoops scoop
    """.split()
)
_ICE_CREAM_RE = re.compile(r"\b(?:ice cream|gelato|sorbet|frozen yogurt)")
_LISTING = frozenset({",", "and", "n", "&", "und", "y", "et", "e", "de", "of", "-", ":"})


def ice_cream_flavours(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """The items with the flavours listed after an ice cream part of it: "gelato 2 gusti,
    pistacchio e nocciola", "une glace deux boules, fraise et pistache" (one ice cream); so
    is what it was served in, named as ice cream again (", coppetta piccola")."""
    kept: list[FoodItem] = []
    took = False  # the last item is an ice cream that took a flavour already
    for item in items:
        head = kept[-1] if kept else None
        if head is not None and _named_flavour(tokens, head, item):
            tokens.claim(range(head.last + 1, item.last + 1))  # "Joghurt Erdbeere"
            kept[-1] = dataclasses.replace(head, last=item.last)
            continue
        if head is not None and _listed_flavour(tokens, head, item, took=took):
            tokens.claim(range(head.last + 1, item.last + 1))
            kept[-1] = dataclasses.replace(head, last=item.last)
            took = True
            continue
        kept.append(item)
        took = False
    return kept


# What tastes of a flavour named right after it, with no word between: "yogurt strawberry",
# "Joghurt Erdbeere", "instant oatmeal maple brown sugar", "skyr vanille".
_NAMED_AFTER_RE = re.compile(r"\b(?:yogh?urt|skyr|kefir|oatmeal|porridge|protein bar)")
# ... and the flavours, by the last word of the table's name of the food said.
_FLAVOUR_FOODS = frozenset(
    """
    strawberry strawberries raspberry raspberries blueberry blueberries cherry cherries peach
    peaches apricot vanilla chocolate sugar syrup cinnamon spices apple mango lemon coconut
    caramel honey banana pistachio hazelnut
    """.split()
)
_MAX_UNREAD = 2  # "maple" in "maple brown sugar": a word of the flavour the table lacks


def _named_flavour(tokens: Tokens, head: FoodItem, item: FoodItem) -> bool:
    """Whether `item`, said right after a yogurt or an oatmeal `head` without an amount, with
    at most a word or two nothing read between, is its flavour ("oatmeal maple brown sugar")."""
    if not _NAMED_AFTER_RE.search(without_said(head.name).lower()) or item.liquid:
        return False
    name = without_said(item.name).lower()
    said = tokens.items[item.first : item.last + 1]
    if name.split()[-1] not in _FLAVOUR_FOODS or any(
        t.kind == "num" or t.text in _NOT_NAMING for t in said
    ):
        return False
    between = range(head.last + 1, item.first)
    return len(between) <= _MAX_UNREAD and all(
        not tokens.used[i]
        and tokens.items[i].kind == "word"
        and tokens.items[i].text not in FILLERS
        for i in between
    )


def _listed_flavour(tokens: Tokens, head: FoodItem, item: FoodItem, *, took: bool) -> bool:
    """Whether `item`, said without an amount after the ice cream `head`, is one of its
    flavours: after a comma or its count of scoops, or after a flavour it `took`."""
    if item.liquid or not _ICE_CREAM_RE.search(without_said(head.name).lower()):
        return False
    said = tokens.items[item.first : item.last + 1]
    if _ICE_CREAM_RE.search(without_said(item.name).lower()):
        # ", coppetta piccola", ", cono grande": what it was served in (read as an ice cream,
        # or a gelato, again), the same ice cream; never one counted
        # again (", un gelato")
        between = tokens.items[head.last + 1 : item.first]
        counted = said[0].text in _NOT_NAMING or any(t.kind == "num" for t in said)
        return [t.text for t in between] == [","] and not counted
    if any(t.kind == "num" or t.text in _NOT_NAMING for t in said):
        return False
    name = without_said(item.name).lower()
    if _TOPPING_RE.search(name) or name.split()[-1] in INGREDIENTS:
        return False
    between = [tokens.items[i] for i in range(head.last + 1, item.first)]
    if not between or not all(
        t.kind == "num" or t.text in _LISTING | _SCOOPS | NUMBER_WORDS.keys() for t in between
    ):
        return False
    return took or any(t.text == "," or t.text in _SCOOPS for t in between)
