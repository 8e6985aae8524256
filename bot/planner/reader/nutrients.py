"""Step 6, nutrients: a table row's figures scaled to the portion eaten; stated numbers win.

`nutrients(row, amount)` is the one place figures are made from the food table: grams or ml
("200 g", "16 fl oz"), counts of the row's own unit ("2 eggs", "3 slices"), household
measures ("a glass", "a bowl"), sizes ("a large latte") and plain portions. Any planner that
has a row and an amount calls it, so the same meal always gives the same numbers. What the
person states ("protein bar 250 kcal", "25 g protein") replaces the table's for the item it
follows (`stated`).
"""

from __future__ import annotations

import dataclasses
import re
from dataclasses import dataclass

from bot.planner.offline.table import Food
from bot.planner.offline.text import number_value
from bot.planner.reader.measures import DEFAULT_MEASURES, Measures
from bot.planner.reader.quantities import (
    EATEN_CONTAINER_G,
    HOUSEHOLD_G,
    HOUSEHOLD_ML,
    HOUSEHOLD_UNITS,
    MASS_UNITS,
    SIZES,
    WINE_ALCOHOL_G_PER_ML,
    WINE_BOTTLE_ML,
    Quantity,
    fmt_amount,
    plural_unit,
)

MAX_COUNT = 50
MAX_GRAMS = 5000.0


@dataclass(frozen=True, slots=True)
class Nutrients:
    """What an amount of a food is: its name and amount as shown, the grams (ml for a drink)
    the figures are for, and the figures."""

    name: str
    amount: str  # "2 large", "200 g", "1 cup cooked"
    grams: float
    kcal: float
    protein: float
    carbs: float
    fat: float
    liquid: bool = False

    def scaled(self, factor: float) -> Nutrients:
        return dataclasses.replace(
            self,
            grams=self.grams * factor,
            kcal=self.kcal * factor,
            protein=self.protein * factor,
            carbs=self.carbs * factor,
            fat=self.fat * factor,
        )


def stated(
    figures: Nutrients,
    *,
    kcal: float | None = None,
    protein: float | None = None,
    carbs: float | None = None,
    fat: float | None = None,
) -> Nutrients:
    """The person's own numbers for an item win over the table's: a stated energy keeps the
    macros in the table's proportions; a stated macro replaces that macro only."""
    if kcal is not None:
        ratio = kcal / figures.kcal if figures.kcal > 0 else 0.0
        figures = dataclasses.replace(
            figures,
            kcal=kcal,
            protein=figures.protein * ratio,
            carbs=figures.carbs * ratio,
            fat=figures.fat * ratio,
        )
    return dataclasses.replace(
        figures,
        protein=figures.protein if protein is None else protein,
        carbs=figures.carbs if carbs is None else carbs,
        fat=figures.fat if fat is None else fat,
    )


def nutrients(
    row: Food, amount: Quantity, measures: Measures = DEFAULT_MEASURES
) -> Nutrients | None:
    """The figures of `amount` of the table's `row`, a pint or a fluid ounce by the person's
    `measures`; None when the amount is out of bounds (more than MAX_COUNT of a unit, more
    than MAX_GRAMS, or nothing)."""
    limit = MAX_GRAMS if amount.unit in MASS_UNITS else MAX_COUNT
    amount = _piece_of(row, _spoon_of(row, amount))
    if not 0 < amount.count <= limit:
        return None
    poured = _poured(row, amount) or _whole_ones(row, amount)
    if poured is not None:
        return poured
    measured = _by_measure(row, amount)
    if measured is not None:
        grams, shown = measured
        if not 0 < grams <= MAX_GRAMS:
            return None
        name = row.plural if amount.count > 1 and not amount.unit else row.name
        return dataclasses.replace(of_grams(row, grams), name=name, amount=shown)
    size_factor, unit_text, sized = _size(row, amount)
    name, grams, shown = _measure(row, amount, size_factor, unit_text, measures)
    if sized and (amount.unit in MASS_UNITS or amount.unit in HOUSEHOLD_ML):
        name = f"{row.name} ({sized})"  # the amount says how much already
    elif sized:  # "large coke": a large one of so many ml, not "Cola (large), 1 can (330 ml)"
        name = row.name if amount.count == 1 else row.plural
        shown = _sized_amount(row, amount, sized, grams)
    if not 0 < grams <= MAX_GRAMS:
        return None
    return dataclasses.replace(of_grams(row, grams), name=name, amount=shown)


def _spoon_of(row: Food, q: Quantity) -> Quantity:
    """ "a spoonful", "ein Löffel", "un cucchiaio": a teaspoon of what the table measures by
    the teaspoon (sugar), a tablespoon of anything else (peanut butter, honey, oil)."""
    if q.unit != "spoon":
        return q
    return dataclasses.replace(q, unit="tsp" if row.unit_noun == "tsp" else "tbsp")


def _piece_of(row: Food, q: Quantity) -> Quantity:
    """ "samosa 3 pieces", "3 Stück Brezel", "roti canai 2 keping": one of a food the table
    counts by its own name ("2 samosas") is a piece, unless the table cuts it in pieces."""
    if q.unit != "piece" or not row.unit or row.measure("piece") is not None:
        return q
    own = row.unit_noun in row.name.lower().split() or row.unit_noun in row.plural.lower()
    if not own or _PIECES_RE.search(row.portion):
        return q
    return dataclasses.replace(q, unit="")


# A beer asked for by its size is poured, in the glasses bars serve: a "piccola" or "kleines"
# 0.2 l, a "media" 0.4 l (Italy), a "grande" or "großes" 0.5 l.
# A soda ordered by size is a fountain cup, its ice left out: about 350 and 475 ml of drink
# in a small and a medium (150 and 200 kcal of cola), a large between the 500 ml of a UK
# large and the 690 of a US one.
_FOUNTAIN_ML = {"small": 350.0, "medium": 475.0, "large": 590.0}
_POURED_ML = {"Beer": {"small": 200.0, "medium": 400.0, "large": 500.0}}
_POURED_ML.update(
    dict.fromkeys(
        ("Cola", "Diet cola", "Soft drink", "Dr Pepper", "Orange soda", "Root beer", "Sweet tea"),
        _FOUNTAIN_ML,
    )
)


def _poured(row: Food, amount: Quantity) -> Nutrients | None:
    """A drink served by the glass in sizes ("una birra media": 400 ml), or None."""
    glasses = _POURED_ML.get(row.name, {})
    label = SIZES[amount.size][0] if amount.size and not amount.unit else ""
    if label not in glasses:
        return None
    ml = glasses[label] * amount.count
    name = row.name if amount.count == 1 else row.plural
    return dataclasses.replace(
        of_grams(row, ml), name=name, amount=f"{fmt_amount(amount.count)} {label} ({round(ml)} ml)"
    )


# A portion that is part of one thing ("1/2 pizza (175 g)", "1/2 fruit", "1/4 chicken"):
# what a bare name means, while "a frozen pizza" or "2 pomegranates" count whole ones.
_PART_PORTION_RE = re.compile(r"^(?P<part>1/2|1/3|1/4) (?P<noun>[a-z]+)\b")


def _whole_ones(row: Food, q: Quantity) -> Nutrients | None:
    """A count of a food whose portion is a part of one ("a frozen pizza": the whole pizza,
    two of the half-pizza portions), or None when the portion is no part of one thing."""
    if not (q.explicit or q.whole) or q.unit or q.size:
        return None
    if row.unit_noun == "quarter":
        return _part_of_quartered(row, q)
    if row.unit:
        return None
    match = _PART_PORTION_RE.match(row.portion)
    if match is None:
        return None
    noun = match.group("noun")
    if noun in MASS_UNITS or noun in HOUSEHOLD_UNITS or noun in _MEASURE_NOUNS:
        return None
    grams = q.count * row.portion_g / (number_value(match.group("part")) or 1.0)
    if not 0 < grams <= MAX_GRAMS:
        return None
    measure = "ml" if row.liquid else "g"
    shown = f"{fmt_amount(q.count)} {plural_unit(noun, q.count)} ({round(grams)} {measure})"
    name = row.plural if q.count > 1 else row.name
    return dataclasses.replace(of_grams(row, grams), name=name, amount=shown)


_MEASURE_NOUNS = frozenset("cup cups rack tbsp tsp medium large small".split())


def _part_of_quartered(row: Food, q: Quantity) -> Nutrients | None:
    """Half or all of a food counted in quarters ("medio pollo a la brasa", "a whole
    muffuletta"): two or four quarters, not half of one; None for a count of quarters."""
    if q.count >= 1 and not q.whole:
        return None
    quarters = q.count * 4
    grams = quarters * row.unit_g
    shown = f"{fmt_amount(quarters)} {plural_unit('quarter', quarters)} ({round(grams)} g)"
    return dataclasses.replace(of_grams(row, grams), amount=shown)


def _by_measure(row: Food, q: Quantity) -> tuple[float, str] | None:
    """The grams and amount text of a quantity said in one of the row's own measures ("a
    cup" of lettuce, "a large slice", "a stick", "2 sandwiches": "each"), or None when the
    table weighs none of them for this row (the general measures then apply)."""
    if q.unit in MASS_UNITS or not (row.measures or q.unit in _CUT_AS or q.unit in _BY_THE_CUP):
        return None
    size = SIZES[q.size][0] if q.size else ""  # "a big bag": the row's "large bag"
    if not size and q.full and (row.measure("bag") or 0) < 60 and row.measure("large bag"):
        size = "large"  # "ne Tüte Chips": crisps' large bag (gummy bears' bag is the shop's)
    if q.unit and q.unit == row.unit_noun:  # "3 slices" of a row counted in slices
        keys = [f"{size} {q.unit}"] if size else []  # its own unit, unless sized otherwise
    elif q.unit:
        keys = [f"{size} {q.unit}", q.unit] if size else [q.unit]
        keys += [_CUT_AS[q.unit]] if q.unit in _CUT_AS else []  # a slice of it is its piece
    elif size:
        keys = [size]
    else:  # "2 gyro sandwiches": the food counted by its own name
        keys = ["each"] if q.explicit else []
    for key in keys:
        one = _own_measure(row, key)
        if one is None:
            continue
        factor = SIZES[size][1] if size and key == q.unit else 1.0
        grams = q.count * one * factor
        said = q.unit if key == _CUT_AS.get(q.unit) else key if key != "each" else ""
        said = f"{SIZES[size][0]} {said}" if factor != 1.0 else said  # "1 large slice"
        noun = plural_unit(said, q.count) if said else ""
        measure = "ml" if row.liquid else "g"
        shown = f"{fmt_amount(q.count)} {noun}".strip() + f" ({round(grams)} {measure})"
        return grams, shown
    return None


# Bowls and mugs of a food the table weighs by the cup: "2 katori rice" is rice as a cup of
# it weighs, not 300 g of water.
_BY_THE_CUP = frozenset({"katori", "mug"})


# "1 roll (8 pieces 220 g)": the pieces a portion is cut in.
_PIECES_RE = re.compile(r"\b(?P<n>\d+) pieces\b")


def _own_measure(row: Food, key: str) -> float | None:
    """The grams of one `key` of the row: its own measure, a katori or mug as its cup weighs,
    a piece of a portion said to be cut in pieces ("california roll (8 pieces)")."""
    if key in _BY_THE_CUP:
        return _by_the_cup(row, key)
    one = row.measure(key)
    pieces = _PIECES_RE.search(row.portion) if one is None and key == "piece" else None
    return row.portion_g / int(pieces.group("n")) if pieces else one


def _by_the_cup(row: Food, unit: str) -> float | None:
    """The grams of one `unit` of a solid food the table weighs by the cup, or None."""
    cup = row.measure("cup") or (row.unit_g if row.unit_noun == "cup" else None)
    if cup is None or row.liquid:
        return None
    return cup * HOUSEHOLD_ML[unit] / HOUSEHOLD_ML["cup"]


def of_grams(row: Food, grams: float) -> Nutrients:
    """The table's `row` scaled to `grams` of it (millilitres for a drink), named as the row
    and its amount in grams."""
    factor = grams / row.portion_g
    liquid = row.liquid
    return Nutrients(
        row.name,
        f"{round(grams)} {'ml' if liquid else 'g'}",
        grams,
        row.kcal * factor,
        row.protein * factor,
        row.carbs * factor,
        row.fat * factor,
        liquid=liquid,
    )


def _size(row: Food, amount: Quantity) -> tuple[float, str, str]:
    """The size said as a factor of the row's portion, the row's unit as sized, and the size
    to name when the row's own unit carries none ("large coke", not "large egg")."""
    if not amount.size:
        return 1.0, row.unit, ""
    label, factor = SIZES[amount.size]
    head = row.unit.split(" ")[0] if row.unit else ""
    if head in SIZES:
        return factor / SIZES[head][1], f"{label} {row.unit.partition(' ')[2]}".strip(), ""
    return factor, row.unit, "" if label == "medium" else label


def _measure(
    row: Food, q: Quantity, size_factor: float, unit_text: str, measures: Measures
) -> tuple[str, float, str]:
    """The name, grams and amount text of a quantity of the row, by how it was measured."""
    name = row.name
    if q.unit in MASS_UNITS:
        label, per = MASS_UNITS[q.unit]
        if label == "oz" and row.liquid:  # "16 oz latte": fluid ounces of a drink
            label = "fl oz"
        per = {"pint": measures.pint_ml, "fl oz": measures.fl_oz_ml}.get(label, per)
        grams = q.count * per
        shown = f"{fmt_amount(q.count)} {label}"
        if label in {"oz", "fl oz", "lb", "kg", "pint"}:
            shown += f" ({round(grams)} {'ml' if label in {'pint', 'fl oz'} else 'g'})"
        return name, grams, shown
    if _counts_units(row, q):
        if q.count > 1 and row.plural != row.name:
            name = row.plural
        shown = f"{fmt_amount(q.count)} {plural_unit(unit_text, q.count)}"
        return name, q.count * row.unit_g * size_factor, _counted_measure(shown, q.count)
    noun = plural_unit(q.unit, q.count)
    if q.unit in EATEN_CONTAINER_G and _eaten(row):  # "a tin of soup", "a pot of yogurt"
        grams = q.count * EATEN_CONTAINER_G[q.unit] * size_factor
        measure = "ml" if row.liquid else "g"
        return name, grams, f"{fmt_amount(q.count)} {noun} ({round(grams)} {measure})"
    if q.unit in HOUSEHOLD_ML:
        wine = q.unit == "bottle" and row.alcohol_g > WINE_ALCOHOL_G_PER_ML * row.portion_g
        grams = q.count * (WINE_BOTTLE_ML if wine else HOUSEHOLD_ML[q.unit]) * size_factor
        return name, grams, f"{fmt_amount(q.count)} {noun} ({round(grams / size_factor)} ml)"
    if q.unit in HOUSEHOLD_G and not row.liquid:
        grams = q.count * HOUSEHOLD_G[q.unit] * size_factor
        return name, grams, f"{fmt_amount(q.count)} {noun} ({round(grams)} g)"
    shown = _portions_text(row.portion, q.count)
    leading = number_value(row.portion.split(" ")[0]) or 1.0
    if leading * q.count > 1:
        name = row.plural
    if q.unit in {"bowl", "plate"} and row.unit_noun != q.unit:  # the portion it holds
        shown = f"{fmt_amount(q.count)} {noun} ({shown})"
    return name, q.count * row.portion_g * size_factor, shown


def _eaten(row: Food) -> bool:
    """Whether the food is eaten rather than drunk: weighed in grams, or served in a bowl or
    on a plate (a soup measured in ml)."""
    return not row.liquid or row.portion.split(" ")[1:2] in (["bowl"], ["plate"])


def _sized_amount(row: Food, q: Quantity, size: str, grams: float) -> str:
    """ "1 large (462 ml)", "1 large bowl (328 g)": the size said, and what it weighs."""
    measure = "ml" if row.liquid else "g"
    held = f" {plural_unit(q.unit, q.count)}" if q.unit in {"bowl", "plate", "handful"} else ""
    return f"{fmt_amount(q.count)} {size}{held} ({round(grams)} {measure})"


# A slice and a piece of a food cut in either are one cut ("a slice of pizza", "2 Stück
# Pizza", "a piece of cake"), and a pot of yogurt its container: where the row weighs only
# one of them, the other is it.
# A strip or rasher of bacon is a slice of it.
_CUT_AS = {"slice": "piece", "piece": "slice", "pot": "container", "strip": "slice"}


def _counts_units(row: Food, q: Quantity) -> bool:
    """Whether the quantity counts the row's own unit ("2 eggs", "3 slices of bread")."""
    if not row.unit:
        return False
    if q.unit:  # "2 Stück Pizza": the pieces of a food cut in slices are its slices
        noun = row.unit.split(" ")[-1]  # "a small portion of fries": the row's "medium serving"
        return row.unit_noun in (q.unit, _CUT_AS.get(q.unit)) or (
            q.unit == HOUSEHOLD_UNITS.get(noun) and row.unit_noun in SIZES
        )
    if row.unit_noun == "egg" and "egg" not in row.name.lower():
        return False  # "an omelette", "2 omelettes": omelettes of the portion's eggs
    return q.explicit or (bool(q.size) and row.unit_noun in SIZES)


def _portions_text(portion: str, count: float) -> str:
    if abs(count - 1) < 1e-9:
        return portion
    head, _, rest = portion.partition(" ")
    if head == "1":
        return _counted_measure(f"{fmt_amount(count)} {plural_unit(rest, count)}", count)
    return f"{fmt_amount(count)} × {portion}"


_MEASURE_RE = re.compile(r"\((?P<n>\d+(?:\.\d+)?) (?P<unit>ml|g)\)$")


def _counted_measure(amount: str, count: float) -> str:
    """ "2 cups (240 ml)" says one cup's measure as if it were the whole: the measure in
    brackets is made the total counted ("2 cups (480 ml)"), as the figures are."""
    match = _MEASURE_RE.search(amount)
    if match is None or abs(count - 1) < 1e-9:
        return amount
    total = float(match.group("n")) * count
    return f"{amount[: match.start()]}({fmt_amount(round(total))} {match.group('unit')})"
