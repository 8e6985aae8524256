"""The food table: its rows, read and checked once, and the words a message may name them by.

The table (planner/data/foods.csv, generic foods, and planner/data/dishes.csv, prepared dishes
and chain items; sources and rounding in planner/data/README.md) is read and checked once, on
first use, so importing the planner costs nothing.

A word of the message matches an alias word as written, or failing that as a plural of it
("apples", "Tomaten", "pomodori") or as a typo ("bananna", "brocoli"): for words of five
letters or more, one edit up to seven letters and two beyond, against food words of six
letters or more with the same first letter, and only when one food is that close. Every alias
is indexed at load by its first word, and each word's reading is cached, so a lookup costs a
few dictionary reads however large the table grows.
"""

from __future__ import annotations

import csv
import dataclasses
import functools
import sys
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from importlib import resources

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from bot.planner.offline.compact import number, text_lines
from bot.planner.offline.fillers import FILLERS
from bot.planner.offline.rules import normalized_phrase_words
from bot.planner.offline.text import normalize
from bot.planner.reader.quantities import HOUSEHOLD_G
from bot.planner.reader.segment import never_food_words
from bot.planner.reader.typos import is_slip

# The files of the table, in planner/data; a missing one (dishes.csv) is skipped.
FOOD_FILES = ("foods.csv", "dishes.csv")
# The curated rows' measures (the cup, tablespoon and teaspoon of the nearest survey food).
CURATED_MEASURES_FILE = "curated_measures.csv"
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

# Typo tolerance: the shortest word corrected, and the edits allowed by word length.
TYPO_MIN_LETTERS = 5
TYPO_ONE_EDIT_MAX_LETTERS = 7
TYPO_LONG_LETTERS = 8  # two edits only between words this long
TOLERANT_CACHE_MAX = 50_000
# Words never read as a typo or a plural of a food, however close: everyday words a message
# carries that sit an edit or a plural ending from some food's name ("match"/"matcha",
# "shape"/"shake", "Reise"/"Reis", "langer"/"lager", "schicken"/"Schinken", "pasto"/"pasta").
# The words the planner's other rules read are never guessed either (`_other_words`).
STOP_WORDS = frozenset(
    """
    about above after again against always around badly basic being below better between
    bored break bring broad broke called carry cases chill could crisp doing during every
    feels feeling first flies floor friday going grades great happy heavy hours house hurry
    later light likes lines little lives lunch match matches maybe might minds minute minutes
    cares codes coins paste period periods price prices sales sandy
    monday month never night other peace peers place quite really right saturday shape
    shapes since sleep slept small sorry steal steam steps still sunday sweats their there
    these thing things think those three thursday today tonight topic tuesday twice under
    until wednesday weeks where which while whole world would write yesterday
    abend abends arbeit danke etwas gestern heute immer kasse kuche kueche langer morgen
    morgens nacht nicht noch reise schicken schon sehr viele wieder woche
    ahora antes ayer bueno buena cansado despues gracias hasta jabon luego manana mucho noche
    perro perros poco quiso siempre tarda tarde todavia cancha canchas pesado pesada
    apres aujourdhui beaucoup bien demain encore hier merci nuit toujours
    ancora domani gelata grazie molto notte oggi pasti pasto sempre sera torto
    """.split()
)


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
        if "ml" not in self.portion or extra <= kcal_tolerance(self.kcal):
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
            self.tolerant[text] = _tolerant_word(self, text)
        other = self.tolerant[text]
        return (text, other) if other is not None and other != text else (text,)

    def typo_of(self, text: str) -> str | None:
        """The food word `text` is a misspelling of ("chiken": "chicken"), never the word it
        is a plural of ("tacos" stays as written, so the count and the name are the
        person's)."""
        forms = self.forms(text)
        if len(forms) < 2:
            return None
        loose, strict = _plural_stems(text)
        return None if forms[1] in loose or forms[1] in strict else forms[1]


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
    if reader.fieldnames != MEASURE_COLUMNS:
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
        pair = (sys.intern(row["measure"]), grams)
        found.setdefault(alias_key(row["alias"]), []).append(pairs.setdefault(pair, pair))
    lists: dict[tuple[tuple[str, float], ...], tuple[tuple[str, float], ...]] = {}
    return {alias: lists.setdefault(tuple(ps), tuple(ps)) for alias, ps in found.items()}


def build_table(files: Iterable[tuple[str, str]], measures: str = "") -> FoodTable:
    """The table from (file name, CSV text) pairs, and the text of a measures file for
    their rows; raises FoodTableError on a bad row."""
    numbers: dict[str, float] = {}
    measured = read_measures(measures, numbers) if measures else {}
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
                food = food_of_row(row, numbers, found)
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
    measures = data.joinpath(CURATED_MEASURES_FILE)
    return build_table(files, measures.read_text("utf-8") if measures.is_file() else "")


def _plural_stems(word: str) -> tuple[list[str], list[str]]:
    """What a plural may be the plural of: (stems that may be any word of an alias, stems
    that must be a whole food's name).

    English -s, -es, -ies, German -n and French -x ("chicken breasts", "Tomaten", "gateaux")
    may end any word of an alias. German -e ("Brote") and Italian -i and -e ("pomodori",
    "pizze") make too many other words ("vine", "cane", "line") to be read that way: those
    stems count only when they name a food of four letters or more on their own.
    """
    loose: list[str] = []
    strict: list[str] = []
    if word.endswith("ies"):
        loose.append(word[:-3] + "y")
    if word.endswith("es"):
        loose.append(word[:-2])
    if word.endswith(("s", "n", "x")):
        loose.append(word[:-1])
    if word.endswith("e"):
        strict.append(word[:-1])
        if len(word) >= 5:
            strict.append(word[:-1] + "a")  # pizze -> pizza, pere -> pera
    if word.endswith("i"):
        strict += [word[:-1] + "o", word[:-1] + "e"]  # pomodori -> pomodoro
    return [s for s in loose if len(s) >= 3], [s for s in strict if len(s) >= 4]


@functools.cache
def _other_words() -> frozenset[str]:
    """Words the planner's other rules read (check-ins, weights, fillers like "supper"):
    never a food's plural or typo."""
    return normalized_phrase_words() | FILLERS | STOP_WORDS | never_food_words()


def _tolerant_word(table: FoodTable, text: str) -> str | None:
    """The alias word `text` is a plural of, or a typo of; None when there is none, when two
    are equally close, or when `text` is an alias word or a word of the other rules.

    A typo keeps the first letter ("bananna", "brocoli"): "money" is not "honey", nor "beach"
    "peach"."""
    if len(text) < 4 or not text.isalpha() or text in _other_words():
        return None
    loose, strict = _plural_stems(text)
    for stem in loose + strict:  # a food's own name first ("pere": "pera", not a phrase's "per")
        if stem in table.by_alias and " " not in stem:
            return stem
    for stem in loose:
        if stem in table.words:
            return stem
    if len(text) < TYPO_MIN_LETTERS or text in table.words:
        return None
    edits = 1 if len(text) <= TYPO_ONE_EDIT_MAX_LETTERS else 2
    # The food's word is long enough to tell a typo from another word: six letters or more
    # ("grape" is no typo of "grade"), and for two edits as long as the word ("spagetti").
    shortest = max(TYPO_MIN_LETTERS + 1, len(text) - 1 if edits == 1 else TYPO_LONG_LETTERS)
    candidates = [
        word
        for length in range(shortest, len(text) + edits + 1)
        for word in table.by_letter.get((text[0], length), ())
    ]
    found = process.extract(
        text, candidates, scorer=Levenshtein.distance, score_cutoff=edits, limit=2
    )
    found = [f for f in found if f[1] > 1 or is_slip(text, str(f[0]))]  # not "panera"
    if not found:
        return None
    best = str(found[0][0])
    if len(found) > 1 and found[1][1] == found[0][1]:
        # Two as close: neither ("beans" or "bears"?), unless both name the same food
        # ("capucino": "capuccino" and "capuchino" are both cappuccino).
        same = table.by_alias.get(best)
        if same is None or table.by_alias.get(str(found[1][0])) is not same:
            return None
    return best
