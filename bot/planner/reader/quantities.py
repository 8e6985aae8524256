"""Step 3, quantities: the words for how much, and the quantity read around a food.

"2", "200 g", "a bowl of", "half an", "a large", "2-3" (the middle), "1/2" before a food, "200 g"
or "x2" after it; a part or all of one ("half of a", "a third of a", "a whole", "una pizza intera":
reader/parts.py), "one and a half", and a measure said before its container ("a 20 oz bottle of").
Units (and the Italian "etto", 100 g), containers, sizes and number words are in English, German,
Spanish, French and Italian, written folded (lower case, no accents). A unit's measure is the one
`pint` gives (tests/planner/reader/test_quantities.py holds every one to it): "fl oz" is a volume,
"oz" a weight (of a drink, the fluid ounce it means). A percentage is part of a name ("2% milk",
"100% juice"), never a count: the tokenizer keeps it a word. `reader/nutrients.py` weighs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from bot.planner.offline.text import Tokens, number_value
from bot.planner.reader.parts import (
    AND_A_HALF,
    AND_A_HALF_OF,
    FRACTIONS,
    PAIR,
    PART_OF,
    SIZES,
    THIRD_OF,
    THIRDS,
    WHOLE_WORDS,
)

# Grams (millilitres for drinks) per mass or volume unit.
MASS_UNITS: dict[str, tuple[str, float]] = {}
for _words, _label, _grams in (
    ("g gr grs gram grams gramm gramo gramos gramme grammes grammi grammo", "g", 1.0),
    ("kg kilo kilos kilogram kilograms kilogramme chilo", "kg", 1000.0),  # "chili": the dish
    ("oz ounce ounces onza onzas once", "oz", 28.35),
    ("fl oz|floz|fl ounce|fl ounces|fluid ounce|fluid ounces|fluid oz", "fl oz", 29.57),
    ("lb lbs pound pounds libra libras", "lb", 453.6),
    ("ml milliliter milliliters millilitre millilitres millilitri", "ml", 1.0),
    ("l liter liters litre litres litro litri", "l", 1000.0),
    ("cl", "cl", 10.0),
    ("dl", "dl", 100.0),
    ("hg etto etti", "hg", 100.0),
    ("pint pints", "pint", 568.0),
):
    for _word in _words.split("|") if "|" in _words else _words.split():
        MASS_UNITS[_word] = (_label, _grams)

# Household units -> canonical noun; a count of them means units, portions or grams.
HOUSEHOLD_UNITS: dict[str, str] = {}
for _canonical, _words in (
    ("cup", "cup cups tasse tassen taza tazas tazza tazze"),
    ("mug", "mug mugs"),
    ("glass", "glass glasses glas glaser vaso vasos copa copas verre verres bicchiere bicchieri"),
    ("bowl", "bowl bowls schussel schale bol bols cuenco ciotola ciotole scodella"),
    ("katori", "katori katoris"),
    ("plate", "plate plates teller plato platos assiette assiettes piatto piatti"),
    (
        "slice",
        "slice slices scheibe scheiben rebanada rebanadas loncha lonchas"
        " tranche tranches fetta fette trancio tranci",
    ),
    (
        "piece",
        "piece pieces pc pcs stuck stucke stueck stk stck trozo trozos pedazo pedazos morceau"
        " morceaux pezzo pezzi pz unidad unidades unid uds keping biji ketul",
    ),
    (
        "can",
        "can cans tin tins dose dosen lata latas canette canettes lattina lattine"
        " scatoletta scatolette",
    ),
    (
        "bottle",
        "bottle bottles flasche flaschen botella botellas bouteille bouteilles bottiglia bottiglie",
    ),
    (
        "serving",
        "serving servings portion portions porcion porciones racion raciones porzione porzioni"
        " part parts",
    ),
    ("tbsp", "tbsp tablespoon tablespoons essloffel cucharada cucharadas"),
    ("tsp", "tsp teaspoon teaspoons teeloffel cucharadita cucharaditas cucchiaino cucchiaini"),
    # a spoon said with no size: the spoon its food is measured by (reader/nutrients.py)
    (
        "spoon",
        "spoon spoons spoonful spoonfuls loffel cucchiaio cucchiai"
        " cuchara cucharas cuillere cuilleres cuilleree cuillerees",
    ),
    ("handful", "handful handfuls handvoll punado punados poignee manciata"),
    ("bite", "bite bites bocado bocados bouchee bouchees boccone bocconi bissen morso morsi"),
    ("sip", "sip sips sorbo sorbos schluck schlucke gorgee gorgees sorso sorsi"),
    ("hunk", "hunk hunks kanten quignon quignons cacho cachos tozzo tozzi"),
    ("scoop", "scoop scoops kugel kugeln bola bolas messloffel cazo cazos mesurette misurino"),
    ("shot", "shot shots chupito chupitos"),
    ("bar", "bar bars riegel barrita barritas"),
    (
        "bag",
        "bag bags packet packets pack packs tute tuten packung packungen bolsa bolsas paquete"
        " paquetes paquet paquets sachet sachets pacchetto pacchetti",
    ),
    ("box", "box boxes schachtel karton caja cajas boite boites scatola scatole"),
    ("pot", "pot pots pottle tub tubs becher vasetto vasetti tarrina tarrinas"),
    ("strip", "strip strips streifen tira tiras striscia strisce"),
    ("square", "square squares carre carres quadratino quadratini quadretto quadretti"),
    ("sleeve", "sleeve sleeves sleve"),
    ("cone", "cone cones cornet cornets"),
    ("fillet", "fillet fillets filete filetes filet filets filetto filetti"),
    ("splash", "splash splashes dash"),
    ("drizzle", "drizzle drizzles"),
    ("punnet", "punnet punnets barquette barquettes vaschetta vaschette cestino"),
):
    for _word in _words.split():
        HOUSEHOLD_UNITS[_word] = _canonical
# Spoons measured by two words after them: "cuillère à soupe", "cucharada sopera".
for _word in "cuillere cuilleres cuilleree cuillerees".split():
    HOUSEHOLD_UNITS.update({f"{_word} a soupe": "tbsp", f"{_word} a cafe": "tsp"})
HOUSEHOLD_UNITS.update(dict.fromkeys(("cucharada sopera", "cucharadas soperas"), "tbsp"))

# When the food's own unit is something else, these household units are measures of volume.
HOUSEHOLD_ML = {"cup": 240.0, "glass": 250.0, "tbsp": 15.0, "tsp": 5.0, "shot": 44.0, "can": 330.0}
HOUSEHOLD_ML.update({"bottle": 500.0, "mug": 350.0, "splash": 30.0})
# A drizzle of honey, syrup or oil is 2 tsp; a katori the small bowl of dal; a pot a mug; a sip.
HOUSEHOLD_ML.update({"drizzle": 10.0, "katori": 150.0, "pot": 300.0, "sip": 20.0})
# ... of weight: a handful of nuts 40 g, a sleeve of crackers 100 g, a hunk 60 g, a bite 15 g.
HOUSEHOLD_G = {"handful": 40.0, "sleeve": 100.0, "hunk": 60.0, "bite": 15.0}
# A bottle of wine or spirits (over 0.07 g alcohol a ml, ~9 % vol) is 750 ml, not soda's 500.
WINE_BOTTLE_ML, WINE_ALCOHOL_G_PER_ML = 750.0, 0.07
# Containers of a food eaten, not drunk: a can of soup or beans is a 400 g tin (US: 425 g), a
# pot of yogurt 150 g, a punnet of berries ("une barquette") 250 g; of a drink, the ml above.
EATEN_CONTAINER_G = {"can": 400.0, "pot": 150.0, "punnet": 250.0}

NUMBER_WORDS: dict[str, float] = {}
for _words, _value in (
    ("a an one ein eine einen einem einer ne nen un une una uno", 1.0),  # "ne Pizza": eine
    ("two zwei dos couple deux due", 2.0),
    ("three drei tres trois tre", 3.0),
    ("four vier cuatro quatre quattro", 4.0),
    ("five funf fuenf cinco cinq cinque", 5.0),
    ("six sechs seis sei", 6.0),
    ("seven sieben siete sept sette", 7.0),
    ("eight acht ocho huit otto", 8.0),
    ("nine neun nueve neuf nove", 9.0),
    ("ten zehn diez dix dieci", 10.0),
    ("dozen douzaine dozzina", 12.0),
    ("half halb halbe halben halber halbes halve medio media demi demie mezzo mezza", 0.5),
):
    for _word in _words.split():
        NUMBER_WORDS[_word] = _value

# The words that say a number is a guess ("about 6 oz", "ungefähr 200 g", "unos 200 g",
# "environ 300 kcal", "tipo 120 kcal"), folded, apostrophes dropped: read with the number.
APPROXIMATELY = (
    "about|around|approx|approximately|roughly|almost|nearly|like|maybe|ca|circa|so ca"
    "|ungefahr|etwa|so etwa|rund|knapp|unos|unas|alrededor de|mas o menos|aproximadamente"
    "|casi|environ|a peu pres|presque|approximativement|tipo|piu o meno|quasi"
).split("|")

# Every word that says how much: known, even where it was not read as a quantity.
AMOUNT_WORDS = frozenset(
    [*MASS_UNITS, *HOUSEHOLD_UNITS, *SIZES, *NUMBER_WORDS, *FRACTIONS, *THIRDS, *WHOLE_WORDS]
)

_NOT_NOUNS = frozenset({"small", "medium", "large", "regular", "half", "whole"})


def fmt_amount(value: float) -> str:
    """1 -> "1", 0.5 -> "1/2", 1.5 -> "1.5", 200.0 -> "200"."""
    for frac, text in ((0.5, "1/2"), (0.25, "1/4"), (0.75, "3/4")):
        if abs(value - frac) < 1e-9:
            return text
    return f"{value:.2f}".rstrip("0").rstrip(".")


def plural_unit(unit: str, count: float) -> str:
    """Counted more than once: "cup cooked" -> "cups cooked"; sizes stay as they are."""
    if abs(count - 1) < 1e-9 or count < 1 or not unit:
        return unit
    head, _, rest = unit.partition(" ")
    if head in _NOT_NOUNS and rest in HOUSEHOLD_UNITS:  # "2 medium servings"
        return f"{head} {plural_unit(rest, count)}"
    if head in _NOT_NOUNS or (head.endswith("s") and not head.endswith("ss")):
        return unit
    head = head + ("es" if head.endswith(("sh", "ch", "x", "ss")) else "s")
    return f"{head} {rest}".strip()


_NUM = r"\d+(?:\.\d+)?|\d+/\d+"


def _alt(words: Iterable[str]) -> str:
    """A regex alternation of literal words, longest first so "tbsp" is not read as "t"."""
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


# "2 halves", "zwei halbe Brötchen": so many halves, half as many whole ones
_HALVES = frozenset("halves halve halbe halben".split())
_OF = "(?:of the|of an|of a|of|de la|del|de|di|d|du|della|dello|delle|dei|degli|dell)"
_QTY_RE = re.compile(
    # "about 6 oz", "ungefähr 200 g": a guess is read; "a 20 pack of": the pack's count
    rf"(?:(?:(?:{_alt(APPROXIMATELY)}) |an? (?=\d+ pack ))?"
    rf"(?P<qty>\d+ (?:to |or )?\d+(?= )"
    rf"|(?:{_NUM}|{_alt(NUMBER_WORDS)}) (?:{_alt(_HALVES)})"  # "2 halves"
    rf"|(?:{_NUM})(?: \d+/\d+)?"
    rf"|{PART_OF.format(words=_alt(FRACTIONS))}"
    rf"|{THIRD_OF}"
    rf"|{AND_A_HALF}|(?:a|ein|un|una) (?:{_alt(PAIR)})(?: of| de| di)?|{_alt(NUMBER_WORDS)})"
    rf"(?: x)? )?"
    rf"(?:(?:more|extra) )?(?:of (?:those|these|them|the) )?"  # "2 more of those cokes"
    rf"(?:(?P<whole>{_alt(WHOLE_WORDS)}|full) )?"  # "a whole bag of chips"
    rf"(?:(?P<size1>{_alt(SIZES)}) )?"
    rf"(?:(?P<each>{_NUM}) (?P<each_unit>{_alt(MASS_UNITS)}) "  # "2 330 ml cans of", "2 x 0.5 l"
    rf"(?(qty)(?:{_OF} )?|(?={_alt(HOUSEHOLD_UNITS)} )))?"
    rf"(?:(?P<unit>{_alt([*MASS_UNITS, *HOUSEHOLD_UNITS])}) "  # "una porción pequeña/entera de"
    rf"(?:(?:(?P<size3>{_alt(SIZES)})|(?P<whole2>{_alt(WHOLE_WORDS)})) (?={_OF} ))?"
    rf"(?:{_OF} )?(?:cooked )?)?"
    rf"(?:(?P<size2>{_alt(SIZES)}) )?"
)
_POSTFIX_RE = re.compile(rf"^(?:x ?(?P<times>\d+)|(?P<num>{_NUM}) ?(?P<unit>[a-z]+))(?: |$)")


def _quantity_value(text: str) -> float | None:
    """ "2", "1 1/2", "two", "half an", "a couple of" -> a number; None if it is no quantity."""
    parts = text.split()
    if not parts:
        return None
    if len(parts) == 2 and parts[1] in _HALVES:  # "2 halves": one whole
        count = number_value(parts[0]) if parts[0][0].isdigit() else NUMBER_WORDS.get(parts[0])
        return None if count is None else count * 0.5
    whole = [p for p in parts if p not in {"to", "or"}]
    if len(whole) == 2 and all(p.isdigit() for p in whole) and int(whole[0]) < int(whole[1]):
        return (int(whole[0]) + int(whole[1])) / 2  # "2-3 crackers": between, the middle
    if re.fullmatch(AND_A_HALF, text):  # "2 and a half", "zweieinhalb"
        return AND_A_HALF_OF[parts[0]] + 0.5
    if parts[0][0].isdigit():
        total = 0.0
        for part in parts:
            value = number_value(part)
            if value is None:
                return None
            total += value
        return total
    if THIRDS.intersection(parts):
        return 1 / 3
    fraction = next((FRACTIONS[p] for p in parts if p in FRACTIONS), None)
    if fraction is not None:
        return fraction
    if len(parts) > 1 and parts[1] in PAIR:
        return 2.0
    return NUMBER_WORDS.get(parts[0]) if len(parts) == 1 else None


@dataclass
class Quantity:
    """How much of a food: `count` of `unit` (portions when there is none), maybe a size."""

    count: float = 1.0
    unit: str = ""  # a MASS_UNITS or HOUSEHOLD_UNITS key, already canonical for household
    size: str = ""
    tokens: int = 0  # how many tokens before the food it used
    explicit: bool = False
    whole: bool = False  # "a whole pizza", "pizza intera": all of one, not a portion of it
    full: bool = False  # "ne Tüte Chips", "a whole bag of": the full-size bag, not a snack bag


def parse_prefix(words: list[str]) -> Quantity:
    """Read the quantity from the free words right before a food (longest valid reading)."""
    for start in range(max(0, len(words) - 6), len(words) + 1):
        candidate = words[start:]
        quantity = _read_quantity(candidate)
        if quantity is not None:
            quantity.tokens = len(candidate)
            return quantity
    return Quantity()


def parse_measure(words: list[str], known: Callable[[str], bool]) -> Quantity | None:
    """ "a stick of", "2 baby leaves of", "a large single serving bag of": a count of a
    measure no list here holds but the food's own row weighs (`known` says which words it
    does), read from the words right before the food; None when they say no such measure."""
    if len(words) < 2 or words[-1] not in {"of", "de", "di"}:
        return None
    said = words[:-1]
    for n in range(min(4, len(said)), 0, -1):
        head, last = said[-n:-1], said[-1]
        for form in dict.fromkeys([last, *_singulars(last)]):
            phrase = " ".join([*head, HOUSEHOLD_UNITS.get(form, form)])
            if not known(phrase):
                continue
            count = _read_quantity(said[:-n])
            if count is None or count.unit or count.size:
                continue
            return Quantity(count.count, phrase, tokens=len(words), explicit=True)
    return None


# "a lot of", "a bit of": no count of anything
_VAGUE = frozenset(
    "lot lots bit bunch kind sort type rest load loads ton tons heap little few most".split()
)


def counted_of(words: list[str]) -> Quantity | None:
    """ "3 rolls of", "a cocktail of": a count of some thing the food is measured in that no
    list here nor the food's row weighs; the count is read as so many of the food, and the
    words are taken as its quantity. None when the words hold no count before one noun."""
    if len(words) < 3 or words[-1] not in {"of", "de", "di"} or words[-2] in _VAGUE:
        return None
    count = _read_quantity(words[:-2])
    if count is None or count.unit:
        return None
    return Quantity(count.count, size=count.size, tokens=len(words), explicit=True)


def _singulars(word: str) -> list[str]:
    """What an English plural may be the plural of: "leaves" -> "leaf", "berries" -> "berry"."""
    endings = (("ves", "f"), ("ies", "y"), ("es", ""))
    forms = [word[: -len(end)] + into for end, into in endings if word.endswith(end)]
    return forms + ([word[:-1]] if word.endswith("s") and not word.endswith("ss") else [])


# A German bag is the full-size one ("ne Tüte Chips": 150-200 g), as is a bag said whole.
_BIG_BAGS = frozenset({"tute", "tuten"})


def _read_quantity(words: list[str]) -> Quantity | None:
    if not words:
        return Quantity()
    match = _QTY_RE.fullmatch(" ".join(words) + " ")
    if match is None:
        return None
    quantity = Quantity()
    if match.group("qty"):
        value = _quantity_value(match.group("qty").removesuffix(" x"))
        if value is None:
            return None
        quantity.count, quantity.explicit = value, True
    sizes = [w for w in (match.group("size1"), match.group("size2"), match.group("size3")) if w]
    if len(sizes) > 1:
        return None
    quantity.size = sizes[0] if sizes else ""
    quantity.whole = bool({match.group("whole"), match.group("whole2")} & WHOLE_WORDS)
    unit = match.group("unit")
    if unit in {"l", "g"} and not (match.group("qty") or "")[:1].isdigit():
        return None  # "l'insalata", "à l'entrepôt": a unit of one letter follows a digit
    if unit:
        quantity.unit = unit if unit in MASS_UNITS else HOUSEHOLD_UNITS[unit]
        quantity.explicit = True
    quantity.full = quantity.unit == "bag" and (unit in _BIG_BAGS or quantity.whole)
    if unit == "pack" and quantity.count >= 3 and not quantity.size:
        quantity.unit = ""  # "a 10 pack of timbits": one pack of ten, ten of them
    each = number_value(match.group("each") or "")
    if each:  # "a 20 oz bottle of", "2 330 ml cans of": so many of that much each
        quantity.count, quantity.unit = quantity.count * each, match.group("each_unit")
    return quantity


# A size said after the food, as Italian, Spanish and French put it: "una birra media" is a
# medium beer, where "media" before a food is a half ("media pizza").
_SIZE_AFTER = {"media": "medium", "medio": "medium"}
_NEXT_FOOD = frozenset("and e et y und with w wi con avec mit plus".split())


def parse_postfix(tokens: Tokens, last: int) -> tuple[Quantity, int] | None:
    """ "chicken breast 200 g", "coffee x2": a quantity right after the food."""
    after: list[str] = []
    j = last + 1
    while j < len(tokens) and j - last <= 3 and not tokens.used[j]:
        if tokens.items[j].kind == "punct":
            break
        after.append(tokens.items[j].text)
        j += 1
    if after and HOUSEHOLD_UNITS.get(after[0]) in {"bowl", "plate"}:
        return Quantity(unit=HOUSEHOLD_UNITS[after[0]], explicit=True), 1
    size = _SIZE_AFTER.get(after[0], after[0]) if after else ""
    alone = len(after) == 1 or (len(after) > 1 and after[1] in _NEXT_FOOD)
    if size in SIZES and alone:
        return Quantity(size=size), 1  # "una birra media", "un café moyen", "pizza grande"
    if size in WHOLE_WORDS and alone:
        return Quantity(explicit=True, whole=True), 1  # "pizza margherita intera"
    match = _POSTFIX_RE.match(" ".join(after))
    if match is None:
        return None
    used = len(match.group(0).split())
    if match.group("times"):
        return Quantity(count=float(match.group("times")), explicit=True), used
    value = number_value(match.group("num") or "")
    unit = match.group("unit")
    if value is None:
        return None
    if unit == "x":
        return Quantity(count=value, explicit=True), used
    if unit in MASS_UNITS:
        return Quantity(count=value, unit=unit, explicit=True), used
    rest = after[used:]
    pieces = HOUSEHOLD_UNITS.get(unit) == "piece" and rest[:1] != ["of"]  # "2 keping kuah"
    if unit in HOUSEHOLD_UNITS and (not rest or rest[0] in _NEXT_FOOD or pieces):  # "(2 cups)"
        return Quantity(count=value, unit=HOUSEHOLD_UNITS[unit], explicit=True), used
    return None
