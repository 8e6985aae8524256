"""An entry's amount in the reader's words: "2 rolls" -> "2 Brötchen", "1 cup (240 ml)" ->
"1 Tasse (240 ml)", "1.5 cups" -> "1,5 Tassen".

The planners write a food's amount in English after its name ("Cheese, 1 slice (28 g)";
bot/planner/reader/nutrients.py, bot/planner/valued.py): a count, the words of the portion,
and what it holds in brackets. A reader of another language reads the portion's words from
the catalog (`PORTIONS`, in the context "portion"), in the form their language gives the count,
and the numbers as they write them. Grams and millilitres are the same words everywhere; an
amount in words the catalog lacks ("1 bowl with rice beans salsa and cheese (480 g)", "16 fl
oz (473 ml)") gives way to the grams or millilitres it holds ("480 g"), and without them stays
as it is. An English reader reads every amount as the planners wrote it.
"""

from __future__ import annotations

import re
from functools import cache

from babel.numbers import format_decimal

from bot.kernel.readers import Reader
from bot.render.words import NP_, Words, translations, words

__all__ = ["PORTIONS", "SIZED_DRINKS", "food_text", "portion"]

# The portions the planners name, by how often they do (the eval's foods): all but a tail of
# rare ones ("1 footlong", "2 idlis"), which give way to their grams or stay as they are.
PORTIONS: tuple[tuple[str, str, str], ...] = (
    NP_("portion", "{count} cup", "{count} cups"),
    NP_("portion", "{count} cup cooked", "{count} cups cooked"),
    NP_("portion", "{count} cup chopped", "{count} cups chopped"),
    NP_("portion", "{count} large cup", "{count} large cups"),
    NP_("portion", "{count} small cup", "{count} small cups"),
    NP_("portion", "{count} mug", "{count} mugs"),
    NP_("portion", "{count} medium", "{count} medium"),
    NP_("portion", "{count} large", "{count} large"),
    NP_("portion", "{count} small", "{count} small"),
    NP_("portion", "{count} regular", "{count} regular"),
    NP_("portion", "{count} huge", "{count} huge"),
    NP_("portion", "{count} medium baked", "{count} medium baked"),
    NP_("portion", "{count} plate", "{count} plates"),
    NP_("portion", "{count} large plate", "{count} large plates"),
    NP_("portion", "{count} slice", "{count} slices"),
    NP_("portion", "{count} medium slice", "{count} medium slices"),
    NP_("portion", "{count} large slice", "{count} large slices"),
    NP_("portion", "{count} bowl", "{count} bowls"),
    NP_("portion", "{count} large bowl", "{count} large bowls"),
    NP_("portion", "{count} small bowl", "{count} small bowls"),
    NP_("portion", "{count} glass", "{count} glasses"),
    NP_("portion", "{count} tbsp", "{count} tbsp"),
    NP_("portion", "{count} tsp", "{count} tsp"),
    NP_("portion", "{count} piece", "{count} pieces"),
    NP_("portion", "{count} item", "{count} items"),
    NP_("portion", "{count} sandwich", "{count} sandwiches"),
    NP_("portion", "{count} regular sandwich", "{count} regular sandwiches"),
    NP_("portion", "{count} submarine", "{count} submarines"),
    NP_("portion", "{count} bar", "{count} bars"),
    NP_("portion", "{count} serving", "{count} servings"),
    NP_("portion", "{count} portion", "{count} portions"),
    NP_("portion", "{count} medium serving", "{count} medium servings"),
    NP_("portion", "{count} large serving", "{count} large servings"),
    NP_("portion", "{count} small serving", "{count} small servings"),
    NP_("portion", "{count} serving with sauce", "{count} servings with sauce"),
    NP_("portion", "{count} portion with potatoes", "{count} portions with potatoes"),
    NP_("portion", "{count} portion with bread", "{count} portions with bread"),
    NP_("portion", "{count} takeaway portion", "{count} takeaway portions"),
    NP_("portion", "{count} side", "{count} sides"),
    NP_("portion", "{count} meal", "{count} meals"),
    NP_("portion", "{count} can", "{count} cans"),
    NP_("portion", "{count} bottle", "{count} bottles"),
    NP_("portion", "{count} shot", "{count} shots"),
    NP_("portion", "{count} container", "{count} containers"),
    NP_("portion", "{count} individual container", "{count} individual containers"),
    NP_("portion", "{count} pot", "{count} pots"),
    NP_("portion", "{count} jar", "{count} jars"),
    NP_("portion", "{count} coppetta", "{count} coppette"),
    NP_("portion", "{count} cone", "{count} cones"),
    NP_("portion", "{count} bag", "{count} bags"),
    NP_("portion", "{count} large bag", "{count} large bags"),
    NP_("portion", "{count} small single serving bag", "{count} small single serving bags"),
    NP_("portion", "{count} medium single serving bag", "{count} medium single serving bags"),
    NP_("portion", "{count} large single serving bag", "{count} large single serving bags"),
    NP_("portion", "{count} package", "{count} packages"),
    NP_("portion", "{count} pouch", "{count} pouches"),
    NP_("portion", "{count} box", "{count} boxes"),
    NP_("portion", "{count} handful", "{count} handfuls"),
    NP_("portion", "{count} scoop", "{count} scoops"),
    NP_("portion", "{count} scoop with water", "{count} scoops with water"),
    NP_("portion", "{count} pat", "{count} pats"),
    NP_("portion", "{count} stick", "{count} sticks"),
    NP_("portion", "{count} square", "{count} squares"),
    NP_("portion", "{count} quarter", "{count} quarters"),
    NP_("portion", "{count} fillet", "{count} fillets"),
    NP_("portion", "{count} breast", "{count} breasts"),
    NP_("portion", "{count} drumstick", "{count} drumsticks"),
    NP_("portion", "{count} wing", "{count} wings"),
    NP_("portion", "{count} link", "{count} links"),
    NP_("portion", "{count} sausage", "{count} sausages"),
    NP_("portion", "{count} steak", "{count} steaks"),
    NP_("portion", "{count} schnitzel", "{count} schnitzels"),
    NP_("portion", "{count} patty", "{count} patties"),
    NP_("portion", "{count} fish", "{count} fish"),
    NP_("portion", "{count} egg", "{count} eggs"),
    NP_("portion", "{count} potato", "{count} potatoes"),
    NP_("portion", "{count} olive", "{count} olives"),
    NP_("portion", "{count} almond", "{count} almonds"),
    NP_("portion", "{count} roll", "{count} rolls"),
    NP_("portion", "{count} bun", "{count} buns"),
    NP_("portion", "{count} tartine", "{count} tartines"),
    NP_("portion", "{count} pastry", "{count} pastries"),
    NP_("portion", "{count} cookie", "{count} cookies"),
    NP_("portion", "{count} biscuit", "{count} biscuits"),
    NP_("portion", "{count} cracker", "{count} crackers"),
    NP_("portion", "{count} cake", "{count} cakes"),
    NP_("portion", "{count} donut", "{count} donuts"),
    NP_("portion", "{count} doughnut", "{count} doughnuts"),
    NP_("portion", "{count} waffle", "{count} waffles"),
    NP_("portion", "{count} crepe", "{count} crepes"),
    NP_("portion", "{count} galette", "{count} galettes"),
    NP_("portion", "{count} scone", "{count} scones"),
    NP_("portion", "{count} pretzel", "{count} pretzels"),
    NP_("portion", "{count} brioche", "{count} brioches"),
    NP_("portion", "{count} cornetto", "{count} cornetti"),
    NP_("portion", "{count} pie", "{count} pies"),
    NP_("portion", "{count} pizza", "{count} pizzas"),
    NP_("portion", "{count} burger", "{count} burgers"),
    NP_("portion", "{count} hot dog", "{count} hot dogs"),
    NP_("portion", "{count} doner", "{count} doners"),
    NP_("portion", "{count} wrap", "{count} wraps"),
    NP_("portion", "{count} burrito", "{count} burritos"),
    NP_("portion", "{count} taco", "{count} tacos"),
    NP_("portion", "{count} quesadilla", "{count} quesadillas"),
    NP_("portion", "{count} empanada", "{count} empanadas"),
    NP_("portion", "{count} arepa", "{count} arepas"),
    NP_("portion", "{count} medialuna", "{count} medialunas"),
    NP_("portion", "{count} bocadillo", "{count} bocadillos"),
    NP_("portion", "{count} pintxo", "{count} pintxos"),
    NP_("portion", "{count} piadina", "{count} piadinas"),
    NP_("portion", "{count} panino", "{count} panini"),
    NP_("portion", "{count} tramezzino", "{count} tramezzini"),
    NP_("portion", "{count} naan", "{count} naans"),
    NP_("portion", "{count} paratha", "{count} parathas"),
    NP_("portion", "{count} dumpling", "{count} dumplings"),
)
# A size said alone of a drink ("una birra media": "1 medium (400 ml)") is a portion of that
# size, in the context "drink"; of a food (a banana, eggs, a croissant) it is a piece.
SIZED_DRINKS: tuple[tuple[str, str, str], ...] = (
    NP_("drink", "{count} medium", "{count} medium"),
    NP_("drink", "{count} large", "{count} large"),
    NP_("drink", "{count} small", "{count} small"),
    NP_("drink", "{count} regular", "{count} regular"),
    NP_("drink", "{count} huge", "{count} huge"),
)
_DRINK_SIZES = frozenset(singular for _, singular, _ in SIZED_DRINKS)
_CONTEXT = "portion"
_COUNT = "{count} "
# Units every language writes the same: only their numbers are the reader's.
_METRIC = frozenset({"g", "kg", "hg", "ml", "cl", "dl", "l"})
_AMOUNT = re.compile(
    r"(?P<count>\d+/\d+|\d+(?:\.\d+)?)(?: (?P<words>[^()]+?))?(?: \((?P<held>.+)\))?"
)
_HOLDS = re.compile(r"(?P<value>\d+(?:\.\d+)?) (?P<unit>g|ml)\b")
_HOLDS_ML = re.compile(r"\d ml\b")


def food_text(food: str, reader: Reader) -> str:
    """An entry's text, "Name, amount", with its amount in the reader's words; a text whose
    last part is no amount (it starts with no number) stays as it is."""
    if reader.language == "en":
        return food
    cut = _amount_at(food)
    if cut is None:
        return food
    return f"{food[:cut]}, {portion(food[cut + 2 :], reader)}"[:200]


def portion(amount: str, reader: Reader) -> str:
    """`amount` ("2 rolls", "1 slice (28 g)") in the reader's words (see the module)."""
    said = _AMOUNT.fullmatch(amount) if reader.language != "en" else None
    if said is None:
        return amount
    w = words(reader)
    count, unit = said["count"], said["words"] or ""
    english, native = _vocabulary(reader.language)
    held = said["held"]
    if unit in english:
        singular, plural = english[unit]
        drink = singular in _DRINK_SIZES and held is not None and _HOLDS_ML.search(held)
        context = "drink" if drink else _CONTEXT
        worded = w.npgettext(context, singular, plural, _form(count, w))
        worded = worded.format(count=_number(count, w))
    elif not unit or unit in _METRIC or unit in native:
        worded = f"{_number(count, w)} {unit}".rstrip()
    else:
        return _held_measure(amount, w) or amount
    if held is None:
        return worded
    parts = [portion(part, reader) for part in held.split(", ")]
    return f"{worded} ({', '.join(parts)})"


def _amount_at(food: str) -> int | None:
    """Where the amount of "Name, amount" starts its ", " (the last outside brackets, a
    number after it); None when there is none."""
    depth, cut = 0, None
    for at, char in enumerate(food):
        depth += {"(": 1, ")": -1}.get(char, 0)
        if char == "," and depth == 0 and food[at + 1 : at + 2] == " ":
            cut = at
    if cut is None or not food[cut + 2 : cut + 3].isdigit():
        return None
    return cut


def _held_measure(amount: str, w: Words) -> str | None:
    """The grams or millilitres an amount holds, the last it says ("1 meal (6 oz, 170 g)")."""
    found = list(_HOLDS.finditer(amount))
    if not found:
        return None
    last = found[-1]
    return f"{_number(last['value'], w)} {last['unit']}"


def _number(count: str, w: Words) -> str:
    """A count as the reader writes it ("1,5"), its digits ungrouped as the planner wrote
    them ("1000 ml"); a fraction as said ("1/2")."""
    return count if "/" in count else format_decimal(float(count), "0.##", locale=w.locale)


def _form(count: str, w: Words) -> int:
    """The number whose plural form the count takes: itself when whole; one for a fraction
    of one ("1/2 Tasse") and for a decimal the language counts as one ("1,5 tasse"), else
    two ("1,5 Tassen")."""
    if "/" in count:
        top, bottom = count.split("/")
        return 1 if int(top) <= int(bottom) else 2
    value = float(count)
    if value.is_integer():
        return int(value)
    return 1 if w.locale.plural_form(value) == "one" else 2


@cache
def _vocabulary(language: str) -> tuple[dict[str, tuple[str, str]], frozenset[str]]:
    """The catalog's portions for `language`: each English portion's words, as the planners
    write them in the singular or plural, to its message ids; and the words of the
    language's own forms, kept as they are (an amount worded already)."""
    catalog = translations(language)
    english: dict[str, tuple[str, str]] = {}
    native: set[str] = set()
    for _context, singular, plural in PORTIONS:
        one, more = singular.removeprefix(_COUNT), plural.removeprefix(_COUNT)
        head, _, rest = one.partition(" ")
        said = [one, more, one + "s", one + "es", f"{head}s {rest}".rstrip()]
        for words_said in said:
            english.setdefault(words_said, (singular, plural))
        for n in (1, 2, 1_000_000):
            form = catalog.npgettext(_CONTEXT, singular, plural, n)
            native.add(form.removeprefix(_COUNT))
    return english, frozenset(native)
