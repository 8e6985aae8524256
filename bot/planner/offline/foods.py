"""Foods for the offline planner: the built-in table, and the items a message names.

The table (planner/data/foods.csv, from USDA FoodData Central; see planner/data/README.md) is read
once, on first use, so importing the planner costs nothing. A food is found by its longest
alias in the message; the few tokens around it say how much ("2", "200 g", "a bowl of",
"half an", "a large"; read by quantities.py), and the figures are scaled from the typical
portion by grams.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import io
from dataclasses import dataclass
from importlib import resources

from bot.planner.offline.quantities import (
    HOUSEHOLD_ML,
    MASS_UNITS,
    SIZES,
    Quantity,
    fmt_amount,
    parse_postfix,
    parse_prefix,
    plural_unit,
)
from bot.planner.offline.text import Tokens, normalize, number_value

MAX_COUNT = 50
MAX_GRAMS = 5000.0


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
    grams: float = 0.0  # what the figures are for (ml for a drink)
    explicit: bool = False  # the person said how much ("200 ml", "2", "a large")
    liquid: bool = False  # measured in ml (milk, juice, a drink)
    added: bool = False  # what the food before it comes with ("toast with butter")

    @property
    def food_text(self) -> str:
        return f"{self.name}, {self.amount}" if self.amount else self.name

    def with_kcal(self, kcal: float, extra_words: str = "") -> FoodItem:
        """The same item with the energy the person stated; macros keep their proportions."""
        ratio = kcal / self.kcal if self.kcal > 0 else 0.0
        name = f"{self.name} {extra_words}".strip() if extra_words else self.name
        return dataclasses.replace(
            self,
            name=name,
            kcal=kcal,
            protein=self.protein * ratio,
            carbs=self.carbs * ratio,
            fat=self.fat * ratio,
        )

    def with_macro(self, field: str, grams: float) -> FoodItem:
        """The same item with the protein, carbs or fat the person stated (grams)."""
        return dataclasses.replace(
            self,
            protein=grams if field == "protein" else self.protein,
            carbs=grams if field == "carbs" else self.carbs,
            fat=grams if field == "fat" else self.fat,
        )

    def scaled(self, factor: float) -> FoodItem:
        return dataclasses.replace(
            self,
            kcal=self.kcal * factor,
            protein=self.protein * factor,
            carbs=self.carbs * factor,
            fat=self.fat * factor,
            grams=self.grams * factor,
        )


SPLASH_ML = 30.0  # "coffee with oat milk": a splash, not the glass the table's portion is
_WITH = (("with",), ("w", "/"), ("mit",), ("con",), ("avec",))


def join_additions(tokens: Tokens, items: list[FoodItem]) -> list[FoodItem]:
    """ "A with B": B is what the food comes with, not a meal of its own. Its "with" is read
    (no "couldn't place 'w'"), a drink added without an amount counts as a splash (SPLASH_ML,
    "coffee with oat milk"), and when the pair names a dish of the table ("salad with
    chicken": chicken salad) the dish is one item. Otherwise both stay, marked `added`, so a
    stated figure for the whole ("a caesar salad with chicken, about 600 kcal") can make them
    one (`dish`)."""
    table = food_table()
    joined: list[FoodItem] = []
    for item in items:
        head = joined[-1] if joined else None
        gap = range(head.last + 1, item.first) if head else range(0)
        between = tuple(tokens.items[i].text for i in gap)
        if head is None or between not in _WITH or not tokens.free(gap):
            joined.append(item)
            continue
        tokens.claim(gap)
        words = [tokens.items[i].text for i in range(item.first, item.last + 1)]
        base = [tokens.items[i].text for i in range(head.first, head.last + 1)]
        # "salad with chicken" is a chicken salad; a "caesar salad with chicken" stays one.
        # "salad" or "a salad", not "caesar salad": the dish of the table is the generic one's
        generic = len(base) < 2 or " ".join(base[-2:]) not in table.by_alias
        known = table.by_alias.get(" ".join([*words, base[-1]])) if generic else None
        if known is not None and not item.explicit:
            joined[-1] = dataclasses.replace(
                head,
                name=known.name,
                amount=known.portion,
                kcal=known.kcal,
                protein=known.protein,
                carbs=known.carbs,
                fat=known.fat,
                last=item.last,
                grams=known.portion_g,
            )
            continue
        if item.liquid and not item.explicit and item.grams > SPLASH_ML:
            splash = item.scaled(SPLASH_ML / item.grams)
            item = dataclasses.replace(splash, amount=f"a splash ({SPLASH_ML:.0f} ml)")
        joined.append(dataclasses.replace(item, added=True))
    return joined


def dish(head: FoodItem, added: FoodItem) -> FoodItem:
    """A food and what it comes with as one item ("Caesar salad with chicken breast")."""
    return dataclasses.replace(
        head,
        name=f"{head.name} with {added.name[:1].lower()}{added.name[1:]}",
        kcal=head.kcal + added.kcal,
        protein=head.protein + added.protein,
        carbs=head.carbs + added.carbs,
        fat=head.fat + added.fat,
        last=added.last,
        grams=head.grams + added.grams,
    )


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
    quantity = parse_prefix(before)
    end = last
    post = parse_postfix(tokens, last)
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


def _scale(food: Food, q: Quantity, first: int, last: int) -> FoodItem | None:
    """Turn a quantity of a food into grams, an amount text and scaled figures."""
    limit = MAX_GRAMS if q.unit in MASS_UNITS else MAX_COUNT
    if not 0 < q.count <= limit:
        return None
    name = food.name
    unit_text = food.unit
    size_factor = 1.0
    sized = ""  # a size the food's own unit does not carry ("large coke", not "large egg")
    if q.size:
        label, size_factor = SIZES[q.size]
        head = food.unit.split(" ")[0] if food.unit else ""
        if head in SIZES:
            size_factor /= SIZES[head][1]
            unit_text = f"{label} {food.unit.partition(' ')[2]}".strip()
        elif label != "medium":
            sized = label
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
        amount = f"{fmt_amount(q.count)} {plural_unit(unit_text, q.count)}"
    elif q.unit in HOUSEHOLD_ML:
        grams = q.count * HOUSEHOLD_ML[q.unit] * size_factor
        noun = plural_unit(q.unit, q.count)
        amount = f"{fmt_amount(q.count)} {noun} ({round(grams / size_factor)} ml)"
    else:
        grams = q.count * food.portion_g * size_factor
        amount = _portions_text(food.portion, q.count)
        leading = number_value(food.portion.split(" ")[0]) or 1.0
        if leading * q.count > 1 and name == food.name:
            name = food.plural
        if q.unit in {"bowl", "plate"} and food.unit_noun != q.unit:  # the portion it holds
            amount = f"{fmt_amount(q.count)} {plural_unit(q.unit, q.count)} ({amount})"
    if sized and (q.unit in MASS_UNITS or q.unit in HOUSEHOLD_ML):
        name = f"{food.name} ({sized})"  # the amount says how much already
    elif sized:  # "large coke": a large one of so many ml, not "Cola (large), 1 can (330 ml)"
        name = food.name if q.count == 1 else food.plural
        amount = _sized_amount(food, q, sized, grams)
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
        grams=grams,
        explicit=q.explicit,
        liquid="ml" in food.portion,
    )


def _sized_amount(food: Food, q: Quantity, size: str, grams: float) -> str:
    """ "1 large (462 ml)", "1 large bowl (328 g)": the size said, and what it weighs."""
    measure = "ml" if "ml" in food.portion else "g"
    held = f" {plural_unit(q.unit, q.count)}" if q.unit in {"bowl", "plate"} else ""
    return f"{fmt_amount(q.count)} {size}{held} ({round(grams)} {measure})"


def _singular(tokens: Tokens, food: Food, first: int, last: int) -> bool:
    """Whether the food was named in the singular ("egg", "pancake"), by its plural being
    another name of the same food ("eggs", "pancakes")."""
    named = " ".join(tokens.items[j].text for j in range(first, last + 1))
    by_alias = food_table().by_alias
    return not named.endswith("s") and any(
        by_alias.get(named + ending) is food for ending in ("s", "es")
    )


def _counts_units(food: Food, q: Quantity) -> bool:
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
        return f"{fmt_amount(count)} {plural_unit(rest, count)}"
    return f"{fmt_amount(count)} × {portion}"
