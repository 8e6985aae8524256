"""Foods for the offline planner: the built-in table, quantities, and the entries they make.

The table (planner/data/foods.csv, from USDA FoodData Central; see planner/data/README.md) is read
once, on first use, so importing the planner costs nothing. A food is found by its longest
alias in the message; the few tokens before it say how much ("2", "200 g", "a bowl of",
"half an", "a large"), and the figures are scaled from the typical portion by grams.
"""

from __future__ import annotations

import csv
import functools
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources

from bot.planner.offline.text import Tokens, normalize, number_value

MAX_COUNT = 50
MAX_GRAMS = 5000.0

# Grams (millilitres for drinks) per mass or volume unit.
MASS_UNITS: dict[str, tuple[str, float]] = {}
for _words, _label, _grams in (
    ("g gr grs gram grams gramm gramo gramos", "g", 1.0),
    ("kg kilo kilos kilogram kilograms", "kg", 1000.0),
    ("oz ounce ounces onza onzas", "oz", 28.35),
    ("lb lbs pound pounds libra libras", "lb", 453.6),
    ("ml milliliter milliliters millilitre millilitres", "ml", 1.0),
    ("l liter liters litre litres", "l", 1000.0),
    ("cl", "cl", 10.0),
    ("dl", "dl", 100.0),
    ("pint pints", "pint", 568.0),
):
    for _word in _words.split():
        MASS_UNITS[_word] = (_label, _grams)

# Household units -> canonical noun; a count of them means units, portions or grams.
HOUSEHOLD_UNITS: dict[str, str] = {}
for _canonical, _words in (
    ("cup", "cup cups mug mugs tasse tassen becher taza tazas"),
    ("glass", "glass glasses glas glaser vaso vasos copa copas"),
    ("bowl", "bowl bowls schussel schale bol cuenco"),
    ("plate", "plate plates teller plato platos"),
    ("slice", "slice slices scheibe scheiben rebanada rebanadas loncha lonchas"),
    ("piece", "piece pieces stuck stucke stueck trozo trozos pedazo pedazos"),
    ("can", "can cans dose dosen lata latas"),
    ("bottle", "bottle bottles flasche flaschen botella botellas"),
    ("serving", "serving servings portion portions porcion porciones"),
    ("tbsp", "tbsp tablespoon tablespoons essloffel cucharada cucharadas"),
    ("tsp", "tsp teaspoon teaspoons teeloffel cucharadita cucharaditas"),
    ("handful", "handful handfuls handvoll punado punados"),
    ("scoop", "scoop scoops kugel kugeln bola bolas"),
    ("shot", "shot shots chupito chupitos"),
    ("bar", "bar bars riegel barrita barritas"),
    ("bag", "bag bags packet packets tute bolsa bolsas"),
    ("square", "square squares"),
):
    for _word in _words.split():
        HOUSEHOLD_UNITS[_word] = _canonical

# When the food's own unit is something else, these household units are measures of volume.
HOUSEHOLD_ML = {"cup": 240.0, "glass": 250.0, "tbsp": 15.0, "tsp": 5.0, "shot": 44.0}
HOUSEHOLD_ML.update({"can": 330.0, "bottle": 500.0})

SIZES: dict[str, tuple[str, float]] = {}
for _words, _label, _factor in (
    ("small klein kleine kleiner kleinen pequeno pequena", "small", 0.7),
    ("medium regular normal mittel mittlere mediano mediana", "medium", 1.0),
    ("large big gross grosse grosser grossen grande", "large", 1.4),
    ("huge giant riesig enorme", "huge", 1.8),
    ("double doppelt doppelter doble", "double", 2.0),
    ("triple", "triple", 3.0),
):
    for _word in _words.split():
        SIZES[_word] = (_label, _factor)

NUMBER_WORDS: dict[str, float] = {}
for _words, _value in (
    ("a an one ein eine einen einem einer un una uno", 1.0),
    ("two zwei dos couple", 2.0),
    ("three drei tres", 3.0),
    ("four vier cuatro", 4.0),
    ("five funf fuenf cinco", 5.0),
    ("six sechs seis", 6.0),
    ("seven sieben siete", 7.0),
    ("eight acht ocho", 8.0),
    ("nine neun nueve", 9.0),
    ("ten zehn diez", 10.0),
    ("dozen", 12.0),
    ("half halb halbe halben halber halbes medio media", 0.5),
):
    for _word in _words.split():
        NUMBER_WORDS[_word] = _value

_NOT_NOUNS = frozenset({"small", "medium", "large", "regular", "half", "whole"})


@dataclass(frozen=True)
class Food:
    """One row of the food table; figures are per `portion`."""

    name: str
    plural: str
    portion: str
    portion_g: float
    unit: str
    unit_g: float
    kcal: float
    protein: float
    carbs: float
    fat: float

    @property
    def unit_noun(self) -> str:
        """The counted thing ("slice", "cup"), or "" when a count means portions."""
        return self.unit.split(" ")[0] if self.unit else ""


@dataclass(frozen=True)
class FoodTable:
    """Alias -> food, plus every alias word (the vocabulary for typo correction)."""

    by_alias: dict[str, Food]
    max_words: int
    words: frozenset[str]


@functools.cache
def food_table() -> FoodTable:
    """Read data/foods.csv once; later calls reuse it."""
    text = resources.files("bot.planner").joinpath("data/foods.csv").read_text("utf-8")
    by_alias: dict[str, Food] = {}
    for row in csv.DictReader(io.StringIO(text)):
        food = Food(
            name=row["name"],
            plural=row["plural"] or row["name"],
            portion=row["portion"],
            portion_g=float(row["portion_g"]),
            unit=row["unit"],
            unit_g=float(row["unit_g"] or row["portion_g"]),
            kcal=float(row["kcal"]),
            protein=float(row["protein"]),
            carbs=float(row["carbs"]),
            fat=float(row["fat"]),
        )
        for alias in row["aliases"].split("|"):
            key = " ".join(normalize(alias).replace("-", " ").replace("'", "").split())
            by_alias.setdefault(key, food)
    words = frozenset(w for alias in by_alias for w in alias.split())
    return FoodTable(by_alias, max(len(a.split()) for a in by_alias), words)


@dataclass
class FoodItem:
    """A food found in the message, with its quantity resolved to text, grams and figures."""

    name: str
    amount: str  # "2 large", "200 g", "1 cup cooked"
    kcal: float
    protein: float
    carbs: float
    fat: float
    first: int  # token indices, inclusive
    last: int

    @property
    def food_text(self) -> str:
        return f"{self.name}, {self.amount}" if self.amount else self.name

    def with_kcal(self, kcal: float, extra_words: str = "") -> FoodItem:
        """The same item with the energy the person stated; macros keep their proportions."""
        ratio = kcal / self.kcal if self.kcal > 0 else 0.0
        name = f"{self.name} {extra_words}".strip() if extra_words else self.name
        return FoodItem(
            name,
            self.amount,
            kcal,
            self.protein * ratio,
            self.carbs * ratio,
            self.fat * ratio,
            self.first,
            self.last,
        )


def fmt_amount(value: float) -> str:
    """1 -> "1", 0.5 -> "1/2", 1.5 -> "1.5", 200.0 -> "200"."""
    for frac, text in ((0.5, "1/2"), (0.25, "1/4"), (0.75, "3/4")):
        if abs(value - frac) < 1e-9:
            return text
    return f"{value:.2f}".rstrip("0").rstrip(".")


def _plural_unit(unit: str, count: float) -> str:
    """ "cup cooked" -> "cups cooked" when counting more than one; sizes stay as they are."""
    if abs(count - 1) < 1e-9 or count < 1 or not unit:
        return unit
    head, _, rest = unit.partition(" ")
    if head in _NOT_NOUNS or head.endswith("s"):
        return unit
    head = head + ("es" if head.endswith(("sh", "ch", "x")) else "s")
    return f"{head} {rest}".strip()


_NUM = r"\d+(?:\.\d+)?|\d+/\d+"


def _alt(words: Iterable[str]) -> str:
    """A regex alternation of literal words, longest first so "tbsp" is not read as "t"."""
    return "|".join(sorted(map(re.escape, words), key=len, reverse=True))


_QTY_RE = re.compile(
    rf"(?:(?P<qty>(?:{_NUM})(?: \d+/\d+)?|(?:an? )?half(?: an?)?|a couple(?: of)?"
    rf"|{_alt(NUMBER_WORDS)})(?: x)? )?"
    rf"(?:(?P<size1>{_alt(SIZES)}) )?"
    rf"(?:(?P<unit>{_alt([*MASS_UNITS, *HOUSEHOLD_UNITS])}) (?:(?:of the|of|de la|del|de) )?)?"
    rf"(?:(?P<size2>{_alt(SIZES)}) )?"
)
_POSTFIX_RE = re.compile(rf"^(?:x ?(?P<times>\d+)|(?P<num>{_NUM}) ?(?P<unit>[a-z]+))(?: |$)")


def _quantity_value(text: str) -> float | None:
    """ "2", "1 1/2", "two", "half an", "a couple of" -> a number; None if it is no quantity."""
    parts = text.split()
    if not parts:
        return None
    if parts[0][0].isdigit():
        total = 0.0
        for part in parts:
            value = number_value(part)
            if value is None:
                return None
            total += value
        return total
    if "half" in parts:
        return 0.5
    if parts[0] == "a" and len(parts) > 1 and parts[1] == "couple":
        return 2.0
    return NUMBER_WORDS.get(parts[0]) if len(parts) == 1 else None


@dataclass
class _Quantity:
    count: float = 1.0
    unit: str = ""  # a MASS_UNITS or HOUSEHOLD_UNITS key, already canonical for household
    size: str = ""
    tokens: int = 0  # how many tokens before the food it used
    explicit: bool = False


def _parse_prefix(words: list[str]) -> _Quantity:
    """Read the quantity from the free words right before a food (longest valid reading)."""
    for start in range(max(0, len(words) - 6), len(words) + 1):
        candidate = words[start:]
        quantity = _read_quantity(candidate)
        if quantity is not None:
            quantity.tokens = len(candidate)
            return quantity
    return _Quantity()


def _read_quantity(words: list[str]) -> _Quantity | None:
    if not words:
        return _Quantity()
    match = _QTY_RE.fullmatch(" ".join(words) + " ")
    if match is None:
        return None
    quantity = _Quantity()
    if match.group("qty"):
        value = _quantity_value(match.group("qty").removesuffix(" x"))
        if value is None:
            return None
        quantity.count, quantity.explicit = value, True
    sizes = [w for w in (match.group("size1"), match.group("size2")) if w]
    if len(sizes) > 1:
        return None
    quantity.size = sizes[0] if sizes else ""
    unit = match.group("unit")
    if unit:
        quantity.unit = unit if unit in MASS_UNITS else HOUSEHOLD_UNITS[unit]
        quantity.explicit = True
    return quantity


def find_foods(tokens: Tokens, refused: list[range] | None = None) -> list[FoodItem]:
    """Claim every food of the table named in the message, each with its quantity.

    A food whose stated quantity is out of bounds ("60 eggs", "6000 g rice") is not an item;
    its tokens are claimed and added to `refused`, so the reply can give the bounds.
    """
    table = food_table()
    items: list[FoodItem] = []
    i = 0
    n = len(tokens)
    while i < n:
        found = _longest_alias(tokens, i, table)
        if found is None:
            i += 1
            continue
        food, length = found
        item = _make_item(tokens, food, i, i + length - 1, refused)
        if item is not None:
            items.append(item)
        i += length
    return items


def _longest_alias(tokens: Tokens, i: int, table: FoodTable) -> tuple[Food, int] | None:
    for length in range(min(table.max_words, len(tokens) - i), 0, -1):
        span = range(i, i + length)
        if not tokens.free(span) or any(tokens.items[j].kind != "word" for j in span):
            continue
        food = table.by_alias.get(" ".join(tokens.items[j].text for j in span))
        if food is not None:
            return food, length
    return None


def _make_item(
    tokens: Tokens, food: Food, first: int, last: int, refused: list[range] | None = None
) -> FoodItem | None:
    before: list[str] = []
    j = first - 1
    while j >= 0 and first - j <= 6 and not tokens.used[j] and tokens.items[j].kind != "punct":
        before.insert(0, tokens.items[j].text)
        j -= 1
    quantity = _parse_prefix(before)
    end = last
    post = _parse_postfix(tokens, last)
    if post is not None and not quantity.explicit:
        post[0].size, post[0].tokens = post[0].size or quantity.size, quantity.tokens
        quantity, end = post[0], last + post[1]
    elif post is not None and not quantity.unit and post[0].unit in {"bowl", "plate"}:
        quantity.unit = post[0].unit  # "a quinoa bowl": the count before, the bowl after
        end = last + post[1]
    if not quantity.explicit and food.unit and _singular(tokens, food, first, last):
        quantity.count, quantity.explicit = 1.0, True  # "egg" is one egg, not the usual two
    item = _scale(food, quantity, first - quantity.tokens, end)
    span = range(first - quantity.tokens, end + 1)
    if item is not None:
        tokens.claim(span)
    elif quantity.explicit and refused is not None:
        tokens.claim(span)
        refused.append(span)
    return item


def _parse_postfix(tokens: Tokens, last: int) -> tuple[_Quantity, int] | None:
    """ "chicken breast 200 g", "coffee x2": a quantity right after the food."""
    after: list[str] = []
    j = last + 1
    while j < len(tokens) and j - last <= 3 and not tokens.used[j]:
        if tokens.items[j].kind == "punct":
            break
        after.append(tokens.items[j].text)
        j += 1
    if after and HOUSEHOLD_UNITS.get(after[0]) in {"bowl", "plate"}:
        return _Quantity(unit=HOUSEHOLD_UNITS[after[0]], explicit=True), 1
    match = _POSTFIX_RE.match(" ".join(after))
    if match is None:
        return None
    used = len(match.group(0).split())
    if match.group("times"):
        return _Quantity(count=float(match.group("times")), explicit=True), used
    value = number_value(match.group("num") or "")
    unit = match.group("unit")
    if value is None:
        return None
    if unit == "x":
        return _Quantity(count=value, explicit=True), used
    if unit in MASS_UNITS:
        return _Quantity(count=value, unit=unit, explicit=True), used
    return None


def _scale(food: Food, q: _Quantity, first: int, last: int) -> FoodItem | None:
    """Turn a quantity of a food into grams, an amount text and scaled figures."""
    limit = MAX_GRAMS if q.unit in MASS_UNITS else MAX_COUNT
    if not 0 < q.count <= limit:
        return None
    name = food.name
    unit_text = food.unit
    size_factor = 1.0
    if q.size:
        label, size_factor = SIZES[q.size]
        head = food.unit.split(" ")[0] if food.unit else ""
        if head in SIZES:
            size_factor /= SIZES[head][1]
            unit_text = f"{label} {food.unit.partition(' ')[2]}".strip()
        elif label != "medium":
            name = f"{food.name} ({label})"
    if q.unit in MASS_UNITS:
        label, per = MASS_UNITS[q.unit]
        grams = q.count * per
        amount = f"{fmt_amount(q.count)} {label}"
        if label in {"oz", "lb", "kg", "pint"}:
            unit_ml = "ml" if label == "pint" else "g"
            amount += f" ({round(grams)} {unit_ml})"
    elif _counts_units(food, q):
        grams = q.count * food.unit_g * size_factor
        if q.count > 1 and food.plural != food.name and name == food.name:
            name = food.plural
        amount = f"{fmt_amount(q.count)} {_plural_unit(unit_text, q.count)}"
    elif q.unit in HOUSEHOLD_ML:
        grams = q.count * HOUSEHOLD_ML[q.unit] * size_factor
        noun = _plural_unit(q.unit, q.count)
        amount = f"{fmt_amount(q.count)} {noun} ({round(grams / size_factor)} ml)"
    else:
        grams = q.count * food.portion_g * size_factor
        amount = _portions_text(food.portion, q.count)
        leading = number_value(food.portion.split(" ")[0]) or 1.0
        if leading * q.count > 1 and name == food.name:
            name = food.plural
    if not 0 < grams <= MAX_GRAMS:
        return None
    factor = grams / food.portion_g
    return FoodItem(
        name,
        amount,
        food.kcal * factor,
        food.protein * factor,
        food.carbs * factor,
        food.fat * factor,
        first,
        last,
    )


def _singular(tokens: Tokens, food: Food, first: int, last: int) -> bool:
    """Whether the food was named in the singular ("egg", "pancake"), by its plural being
    another name of the same food ("eggs", "pancakes")."""
    named = " ".join(tokens.items[j].text for j in range(first, last + 1))
    by_alias = food_table().by_alias
    return not named.endswith("s") and any(
        by_alias.get(named + ending) is food for ending in ("s", "es")
    )


def _counts_units(food: Food, q: _Quantity) -> bool:
    """Whether the quantity counts the food's own unit ("2 eggs", "3 slices of bread")."""
    if not food.unit:
        return False
    if q.unit:
        return q.unit == food.unit_noun
    return q.explicit or (bool(q.size) and food.unit_noun in SIZES)


def _portions_text(portion: str, count: float) -> str:
    if abs(count - 1) < 1e-9:
        return portion
    head, _, rest = portion.partition(" ")
    if head == "1":
        return f"{fmt_amount(count)} {_plural_unit(rest, count)}"
    return f"{fmt_amount(count)} × {portion}"
