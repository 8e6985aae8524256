"""The food table: its rows, read and checked once, and the words a message may name them by.

The table (planner/data/foods.csv, generic foods, and planner/data/dishes.csv, prepared dishes
and chain items; sources and rounding in planner/data/README.md) is read and checked once, on
first use, so importing the planner costs nothing.

A word of the message matches an alias word as written, or failing that as a plural or a typo
of it (offline/tolerant.py). Every alias is indexed at load by its first word, and each word's
reading is cached, so a lookup costs a few dictionary reads however large the table grows.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import re
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources

from bot.planner.offline.compact import number, text_lines
from bot.planner.offline.text import normalize
from bot.planner.offline.tolerant import (
    TOLERANT_CACHE_MAX,
    TYPO_MIN_LETTERS,
    diminutive_of,
    plural_stems,
    tolerant_word,
)
from bot.planner.reader.quantities import HOUSEHOLD_G

# The files of the table, in planner/data; a missing one (dishes.csv) is skipped.
DISHES_FILE = "dishes.csv"
FOOD_FILES = ("foods.csv", DISHES_FILE)
# The curated rows' measures (the cup, tablespoon and teaspoon of the nearest survey food),
# and the packages packaged foods are sold in (written by hand, each with its source).
CURATED_MEASURES_FILE = "curated_measures.csv"
PACKAGES_FILE = "packages.csv"
COLUMNS = [
    *("name", "plural", "aliases", "portion", "portion_g", "unit", "unit_g"),
    *("kcal", "protein", "carbs", "fat", "source"),
]
# A row's other household measures (survey_measures.csv): its first alias, the measure's
# words ("cup", "large slice", "stick", "each"), and the grams (ml for a drink) of one.
MEASURE_COLUMNS = ["alias", "measure", "grams"]
# Where a row's figures come from; the keys are defined in planner/data/README.md.
SOURCES = frozenset(
    {"usda-sr", "usda-fndds", "ciqual", "bls", "bedca", "crea", "vendor", "estimate"}
)
# kcal must agree with 4 kcal/g protein and carbs, 9 kcal/g fat within the larger of these
# (fibre, polyols and rounding make the tables' energy differ from 4/4/9 a little).
KCAL_TOLERANCE = 20.0
KCAL_TOLERANCE_SHARE = 0.15
# A drink (portion in ml) may carry more energy than its macros: the rest is alcohol at
# 7 kcal/g, and must make a drink no stronger than this (by volume; ethanol 0.789 g/ml).
ALCOHOL_KCAL_PER_G = 7.0
ETHANOL_G_PER_ML = 0.789
MAX_ABV = 0.5


class FoodTableError(ValueError):
    """The food table is inconsistent (a duplicate alias, energy off its macros, no source)."""


@dataclass(frozen=True, slots=True)
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
    source: str = ""
    # (measure, grams of one): what one "cup", "stick" or "large slice" of it weighs, beside
    # its portion and unit ("each" is one of the food itself, counted by its own name)
    measures: tuple[tuple[str, float], ...] = dataclasses.field(default=(), compare=False)
    # a prepared dish of dishes.csv ("Lomo saltado", "Chicken tagine"), not a generic food
    dish: bool = dataclasses.field(default=False, compare=False)

    @property
    def liquid(self) -> bool:
        """Whether the row is measured in millilitres (a drink, a soup), not in grams."""
        return "ml" in self.portion

    def measure(self, name: str) -> float | None:
        """The grams (ml for a drink) of one `name` of this food, when the table has them."""
        return next((grams for said, grams in self.measures if said == name), None)

    @property
    def unit_noun(self) -> str:
        """The counted thing ("slice", "cup"), or "" when a count means portions."""
        return self.unit.split(" ")[0] if self.unit else ""

    @property
    def macro_kcal(self) -> float:
        return 4 * self.protein + 4 * self.carbs + 9 * self.fat

    @property
    def alcohol_g(self) -> float:
        """Grams of alcohol a drink's energy implies beyond its macros (0 for a food, and for
        a drink whose energy its macros explain)."""
        extra = self.kcal - self.macro_kcal
        if not self.liquid or extra <= kcal_tolerance(self.kcal):
            return 0.0
        return extra / ALCOHOL_KCAL_PER_G


def kcal_tolerance(kcal: float) -> float:
    return max(KCAL_TOLERANCE, KCAL_TOLERANCE_SHARE * kcal)


def alias_key(alias: str) -> str:
    """An alias as the message's words read: normalised, hyphens as spaces, no apostrophes."""
    return " ".join(normalize(alias).replace("-", " ").replace("'", "").split())


@dataclass(frozen=True)
class FoodTable:
    """Alias -> food, the aliases by first word, and every alias word (the vocabulary for
    plurals and typos; the planner's spelling repair reads it too)."""

    by_alias: dict[str, Food]
    max_words: int
    words: frozenset[str]
    by_first: dict[str, tuple[str, ...]]  # the aliases by first word, the most words first
    by_letter: dict[tuple[str, int], tuple[str, ...]]  # alias words by first letter, length

    # How each word of the messages seen so far reads (`forms`); emptied when it grows past
    # TOLERANT_CACHE_MAX words, so a long-running bot's memory stays flat.
    tolerant: dict[str, str | None] = dataclasses.field(default_factory=dict, compare=False)

    @property
    def foods(self) -> list[Food]:
        return list(dict.fromkeys(self.by_alias.values()))

    def forms(self, text: str) -> tuple[str, ...]:
        """The alias words a word of the message may stand for: itself, and the word it is a
        plural or (when it is no alias word itself) a typo of."""
        if text not in self.tolerant:
            if len(self.tolerant) >= TOLERANT_CACHE_MAX:
                self.tolerant.clear()
            self.tolerant[text] = tolerant_word(self, text)
        other = self.tolerant[text]
        return (text, other) if other is not None and other != text else (text,)

    def typo_of(self, text: str) -> str | None:
        """The food word `text` is a misspelling of ("chiken": "chicken"), never the word it
        is a plural or a diminutive of ("tacos", "galletitas" stay as written, so the count
        and the name are the person's)."""
        forms = self.forms(text)
        if len(forms) < 2:
            return None
        loose, strict = plural_stems(text)
        if forms[1] in loose or forms[1] in strict or forms[1] == self.diminutive_of(text):
            return None
        return forms[1]

    def diminutive_of(self, text: str) -> str | None:
        """The food word `text` is a diminutive or augmentative of ("pizzetta": "pizza",
        "Bierchen": "bier"; offline/diminutive.py), when it is no food word itself."""
        return diminutive_of(self, text)


def _check(food: Food, where: str) -> None:
    if food.source not in SOURCES:
        raise FoodTableError(f"{where}: source {food.source!r} is not one of {sorted(SOURCES)}")
    if food.portion_g <= 0 or food.unit_g <= 0:
        raise FoodTableError(f"{where}: portion and unit need a weight")
    off = food.kcal - food.macro_kcal
    if abs(off) <= kcal_tolerance(food.kcal):
        return
    alcohol = food.alcohol_g
    if alcohol > 0 and alcohol / ETHANOL_G_PER_ML <= MAX_ABV * food.portion_g:
        return
    raise FoodTableError(
        f"{where}: {food.kcal:g} kcal, but its macros make {food.macro_kcal:.0f} kcal"
    )


def food_of_row(
    row: Mapping[str, str],
    numbers: dict[str, float] | None = None,
    measures: tuple[tuple[str, float], ...] = (),
    *,
    dish: bool = False,
) -> Food:
    """A row of a table file (see COLUMNS) as a Food with these `measures`; a figure that
    is no number raises ValueError, a missing one TypeError. Rows share one float per
    figure text (`numbers`) and one string per portion, unit and source: thousands of rows
    have a few hundred."""
    seen = {} if numbers is None else numbers
    return Food(
        name=row["name"],
        plural=row["plural"] or row["name"],
        portion=sys.intern(row["portion"]),
        portion_g=number(row["portion_g"], seen),
        unit=sys.intern(row["unit"]),
        unit_g=number(row["unit_g"] or row["portion_g"], seen),
        kcal=number(row["kcal"], seen),
        protein=number(row["protein"], seen),
        carbs=number(row["carbs"], seen),
        fat=number(row["fat"], seen),
        source=sys.intern((row["source"] or "").strip()),
        measures=measures + _portion_measure(row, seen),
        dish=dish,
    )


def _portion_measure(
    row: Mapping[str, str], numbers: dict[str, float]
) -> tuple[tuple[str, float], ...]:
    """A household measure the row's portion weighs while a count counts pieces ("1
    handful (28 g)" of almonds counted by the almond): that measure weighs the portion, not
    the general handful."""
    said = row["portion"].split(" ")
    if len(said) < 2 or said[0] != "1" or said[1] not in HOUSEHOLD_G:
        return ()
    if row["unit"].split(" ")[0] == said[1]:
        return ()
    return ((sys.intern(said[1]), number(row["portion_g"], numbers)),)


def read_measures(
    text: str, numbers: dict[str, float] | None = None
) -> dict[str, tuple[tuple[str, float], ...]]:
    """A measures file (MEASURE_COLUMNS) as each alias's measures; FoodTableError when bad.
    Equal measures, and equal lists of them, are one object (`numbers` as for `food_of_row`):
    thousands of rows repeat "cup" and "tbsp" at a few thousand weights."""
    seen = {} if numbers is None else numbers
    reader = csv.DictReader(text_lines(text))
    if reader.fieldnames not in (MEASURE_COLUMNS, [*MEASURE_COLUMNS, "source"]):
        raise FoodTableError(f"measures: the header must be {','.join(MEASURE_COLUMNS)}")
    found: dict[str, list[tuple[str, float]]] = {}
    pairs: dict[tuple[str, float], tuple[str, float]] = {}
    for line, row in enumerate(reader, start=2):
        try:
            grams = number(row["grams"], seen)
        except (TypeError, ValueError) as exc:
            raise FoodTableError(f"measures:{line}: {exc}") from exc
        if grams <= 0 or not row["measure"]:
            raise FoodTableError(f"measures:{line}: a measure needs words and a weight")
        if row.get("source", "estimate") not in SOURCES:
            raise FoodTableError(f"measures:{line}: no source of the table's")
        pair = (sys.intern(row["measure"]), grams)
        found.setdefault(alias_key(row["alias"]), []).append(pairs.setdefault(pair, pair))
    lists: dict[tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]] = {}
    return {alias: lists.setdefault(tuple(ps), tuple(ps)) for alias, ps in found.items()}


def build_table(
    files: Iterable[tuple[str, str]], measures: str = "", packages: str = ""
) -> FoodTable:
    """The table from (file name, CSV text) pairs, and the texts of the measures files for
    their rows (a row's packages after its other measures); raises FoodTableError on a bad
    row."""
    numbers: dict[str, float] = {}
    measured = read_measures(measures, numbers) if measures else {}
    for alias, packed in (read_measures(packages, numbers) if packages else {}).items():
        measured[alias] = measured.get(alias, ()) + packed
    by_alias: dict[str, Food] = {}
    for file_name, text in files:
        reader = csv.DictReader(text_lines(text))
        if reader.fieldnames != COLUMNS:
            raise FoodTableError(f"{file_name}: the header must be {','.join(COLUMNS)}")
        for line, row in enumerate(reader, start=2):
            where = f"{file_name}:{line} ({row['name']})"
            keys = [alias_key(alias) for alias in row["aliases"].split("|")]
            # the first alias with measures gives them
            found = next((measured[key] for key in keys if key in measured), ())
            try:
                food = food_of_row(row, numbers, found, dish=file_name == DISHES_FILE)
            except (TypeError, ValueError) as exc:
                raise FoodTableError(f"{where}: {exc}") from exc
            _check(food, where)
            for key in keys:
                if not key:
                    raise FoodTableError(f"{where}: an empty alias")
                other = by_alias.get(key)
                if other is not None and other is not food:
                    raise FoodTableError(f"{where}: alias {key!r} is {other.name!r}'s too")
                by_alias[key] = food
    for key, food in list(by_alias.items()):  # "spaghetti n meatballs", "mac n cheese"
        by_alias.setdefault(f" {key} ".replace(" and ", " n ").strip(), food)
    return _indexed(by_alias)


def _indexed(by_alias: dict[str, Food]) -> FoodTable:
    """The table of these aliases, each one string in both indexes, each word one string
    (an alias of one word is that word): the table stays resident in every bot process."""
    canon = {alias: alias for alias in by_alias if " " not in alias}
    first: dict[str, list[str]] = {}
    for alias in by_alias:
        words = [canon.setdefault(w, w) for w in alias.split(" ")]
        first.setdefault(words[0], []).append(alias)
    by_letter: dict[tuple[str, int], list[str]] = {}
    for word in canon:
        if len(word) >= TYPO_MIN_LETTERS and word.isalpha():
            by_letter.setdefault((word[0], len(word)), []).append(word)
    return FoodTable(
        by_alias,
        max(alias.count(" ") + 1 for alias in by_alias),
        frozenset(canon),
        {w: tuple(sorted(v, key=lambda a: a.count(" "), reverse=True)) for w, v in first.items()},
        {k: tuple(sorted(v)) for k, v in by_letter.items()},
    )


@functools.cache
def food_table() -> FoodTable:
    """Read data/foods.csv and data/dishes.csv once; later calls reuse the table."""
    data = resources.files("bot.planner").joinpath("data")
    files = [
        (name, data.joinpath(name).read_text("utf-8"))
        for name in FOOD_FILES
        if data.joinpath(name).is_file()
    ]
    measures, packages = (data.joinpath(name) for name in (CURATED_MEASURES_FILE, PACKAGES_FILE))
    return build_table(
        files,
        measures.read_text("utf-8") if measures.is_file() else "",
        packages.read_text("utf-8") if packages.is_file() else "",
    )


@functools.cache
def foods_by_name() -> dict[str, Food]:
    """The table's foods by name and plural, built once (the table is read once too)."""
    by_name: dict[str, Food] = {}
    for food in food_table().by_alias.values():
        by_name.setdefault(food.name, food)
        by_name.setdefault(food.plural, food)
    return by_name


# The person's own word said after a food's name, in brackets: "Rice (arroz)", "Croissants
# (cornetti integrali)". The last such bracket, or every bracket (a name may go on after its
# word said: "Cereal (cheerios) with milk").
_SAID_LAST_RE = re.compile(r" \([^()]*\)$")
_SAID_ANY_RE = re.compile(r" \([^()]*\)")


def without_said(name: str) -> str:
    """`name` without the word said after it ("Rice (arroz)": "Rice"), as the table names it."""
    return _SAID_LAST_RE.sub("", name)


def without_brackets(name: str) -> str:
    """`name` without any bracket ("Cereal (cheerios) with milk": "Cereal with milk")."""
    return _SAID_ANY_RE.sub("", name)
