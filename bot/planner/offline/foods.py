"""Foods for the offline planner: the built-in table, and the items a message names.

The table (planner/data/foods.csv, generic foods, and planner/data/dishes.csv, prepared dishes
and chain items; sources and rounding in planner/data/README.md) is read and checked once, on
first use, so importing the planner costs nothing. A food is found by its longest alias in the
message; the few tokens around it say how much ("2", "200 g", "a bowl of", "half an", "a
large"; read by quantities.py), and the figures are scaled from the typical portion by grams.

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
import io
import re
from collections.abc import Iterable
from dataclasses import dataclass
from importlib import resources
from typing import Protocol

from rapidfuzz import process
from rapidfuzz.distance import Levenshtein

from bot.planner.offline.rules import normalized_phrase_words
from bot.planner.offline.text import Tokens, normalize, number_value
from bot.planner.reader.composition import dish_of
from bot.planner.reader.lookup import is_modifier
from bot.planner.reader.quantities import (
    AMOUNT_WORDS,
    HOUSEHOLD_G,
    HOUSEHOLD_ML,
    HOUSEHOLD_UNITS,
    MASS_UNITS,
    SIZES,
    Quantity,
    fmt_amount,
    parse_postfix,
    parse_prefix,
    plural_unit,
)
from bot.planner.reader.segment import never_food_words

MAX_COUNT = 50
MAX_GRAMS = 5000.0

# The files of the table, in planner/data; a missing one (dishes.csv) is skipped.
FOOD_FILES = ("foods.csv", "dishes.csv")
COLUMNS = [
    *("name", "plural", "aliases", "portion", "portion_g", "unit", "unit_g"),
    *("kcal", "protein", "carbs", "fat", "source"),
]
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
    perro perros poco quiso siempre tarda tarde todavia
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
    by_first: dict[str, tuple[tuple[str, ...], ...]]  # longest first
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


def build_table(files: Iterable[tuple[str, str]]) -> FoodTable:
    """The table from (file name, CSV text) pairs; raises FoodTableError on a bad row."""
    by_alias: dict[str, Food] = {}
    for file_name, text in files:
        reader = csv.DictReader(io.StringIO(text))
        if reader.fieldnames != COLUMNS:
            raise FoodTableError(f"{file_name}: the header must be {','.join(COLUMNS)}")
        for line, row in enumerate(reader, start=2):
            where = f"{file_name}:{line} ({row['name']})"
            try:
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
                    source=(row["source"] or "").strip(),
                )
            except (TypeError, ValueError) as exc:
                raise FoodTableError(f"{where}: {exc}") from exc
            _check(food, where)
            for alias in row["aliases"].split("|"):
                key = alias_key(alias)
                if not key:
                    raise FoodTableError(f"{where}: an empty alias")
                other = by_alias.get(key)
                if other is not None and other is not food:
                    raise FoodTableError(f"{where}: alias {key!r} is {other.name!r}'s too")
                by_alias[key] = food
    # One string per word, shared by every alias that has it: the table stays resident in
    # every bot process, and ten thousand aliases repeat a few thousand words.
    canon: dict[str, str] = {}
    first: dict[str, list[tuple[str, ...]]] = {}
    for alias in by_alias:
        parts = tuple(canon.setdefault(w, w) for w in alias.split())
        first.setdefault(parts[0], []).append(parts)
    words = frozenset(canon)
    by_letter: dict[tuple[str, int], list[str]] = {}
    for word in words:
        if len(word) >= TYPO_MIN_LETTERS and word.isalpha():
            by_letter.setdefault((word[0], len(word)), []).append(word)
    return FoodTable(
        by_alias,
        max(len(a.split()) for a in by_alias),
        words,
        {w: tuple(sorted(v, key=len, reverse=True)) for w, v in first.items()},
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
    return build_table(files)


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
    from bot.planner.offline.writes import FILLERS  # writes.py imports this module

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
    served: bool = False  # said to be a bowl or plate ("a quinoa bowl", "a plate of rice")

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


_SAID_AFTER_NAME_RE = re.compile(r" \([^()]*\)$")  # "Oatmeal (porridge)": the word said


def known_dish(tokens: Tokens, head: FoodItem, item: FoodItem, table: FoodTable) -> FoodItem | None:
    """ "salad with chicken": the chicken salad of the table ("burrito bowl w/ chicken": the
    chicken burrito bowl, no second chicken; for a generic head like "salad" its last word
    suffices). None for an addition's stated amount; the head's stated amount is kept
    ("16oz latte w/ oat milk": 16 fl oz of the oat milk latte)."""
    if item.explicit:
        return None
    words = [tokens.items[i].text for i in range(item.first, item.last + 1)]
    base = [tokens.items[i].text for i in range(head.first, head.last + 1)]
    while base and (base[0] in AMOUNT_WORDS or base[0] not in table.words):
        base = base[1:]  # the food's words, not "a large" or "16 oz" before them
    generic = len(base) < 2 or " ".join(base[-2:]) not in table.by_alias
    known = dish_of(table.by_alias, base, words, generic=generic)
    if known is None:
        return None
    grams = head.grams if head.explicit and head.grams > 0 else known.portion_g
    factor = grams / known.portion_g
    return dataclasses.replace(
        head,
        name=known.name,
        amount=head.amount if head.explicit else known.portion,
        kcal=known.kcal * factor,
        protein=known.protein * factor,
        carbs=known.carbs * factor,
        fat=known.fat * factor,
        last=item.last,
        grams=grams,
    )


def dish(head: FoodItem, added: FoodItem, joiner: str = "with") -> FoodItem:
    """A food and what it comes with as one item ("Caesar salad with chicken breast"); with
    `joiner` "and", one more added to a dish ("... with mixed vegetables and tahini"). The
    addition goes by the table's name alone: "Quinoa with grilled vegetables", not "... with
    grilled vegetables (roasted veggies)" in the middle of a dish's name."""
    name = _SAID_AFTER_NAME_RE.sub("", added.name)
    return dataclasses.replace(
        head,
        name=f"{head.name} {joiner} {name[:1].lower()}{name[1:]}",
        kcal=head.kcal + added.kcal,
        protein=head.protein + added.protein,
        carbs=head.carbs + added.carbs,
        fat=head.fat + added.fat,
        last=added.last,
        grams=head.grams + added.grams,
    )


def find_foods(
    tokens: Tokens, refused: list[range] | None = None, lookup: AliasLookup | None = None
) -> list[FoodItem]:
    """Claim every food of the table named in the message, each with its quantity.

    A food whose stated quantity is out of bounds ("60 eggs", "6000 g rice") is not an item;
    its tokens are claimed and added to `refused`, so the reply can give the bounds.
    `lookup` finds the food at a token (default: this table's longest alias; the meal rules
    pass one that also reads the survey table, survey.py).
    """
    table = food_table()
    find = lookup or longest_alias
    items: list[FoodItem] = []
    i = 0
    n = len(tokens)
    while i < n:
        found = find(tokens, i, table)
        if found is None:
            i += 1
            continue
        food, length = found
        item = _make_item(tokens, food, i, i + length - 1, refused)
        if item is not None:
            items.append(item)
        i += length
    return items


class AliasLookup(Protocol):
    """How a food is found at a token: (the food, how many tokens name it), or None."""

    def __call__(
        self, tokens: Tokens, i: int, table: FoodTable, *, free: bool = True
    ) -> tuple[Food, int] | None: ...


def longest_alias(
    tokens: Tokens, i: int, table: FoodTable, *, free: bool = True
) -> tuple[Food, int] | None:
    """The longest alias starting at token i, each word as written or as its plural or typo
    (unclaimed words only, unless `free` is False)."""
    if (free and tokens.used[i]) or tokens.items[i].kind != "word":
        return None
    n = len(tokens)
    best: tuple[str, ...] | None = None
    for first in table.forms(tokens.items[i].text):
        for parts in table.by_first.get(first, ()):
            length = len(parts)
            if best is not None and length <= len(best):
                break
            if i + length > n or (free and not tokens.free(range(i, i + length))):
                continue
            if all(
                tokens.items[i + k].kind == "word" and part in table.forms(tokens.items[i + k].text)
                for k, part in enumerate(parts[1:], start=1)
            ):
                best = parts
                break
    if best is None:
        return None
    return table.by_alias[" ".join(best)], len(best)


def _make_item(
    tokens: Tokens, food: Food, first: int, last: int, refused: list[range] | None = None
) -> FoodItem | None:
    start = first  # "a glass of 2% milk", "a homemade brownie": modifiers go with the food
    while start > 0 and not tokens.used[start - 1] and is_modifier(tokens.items[start - 1].text):
        start -= 1
    before: list[str] = []
    j = start - 1
    while j >= 0 and start - j <= 6 and not tokens.used[j] and tokens.items[j].kind != "punct":
        before.insert(0, tokens.items[j].text)
        j -= 1
    quantity = parse_prefix(before)
    food = _by_the_piece(tokens, food, first, last, quantity)
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
    whole = max(_WHOLE_IN_SLICES.get(tokens.items[k].text, 0.0) for k in range(first, last + 1))
    sliced = any(tokens.items[k].text in HOUSEHOLD_UNITS for k in range(first, last + 1))
    if (
        whole
        and quantity.explicit
        and not quantity.unit
        and not sliced
        and food.unit_noun == "slice"
    ):
        quantity.count *= whole  # "a pizza", "half a pizza": whole ones, cut in slices
    item = _scale(food, quantity, start - quantity.tokens, end)
    span = range(start - quantity.tokens, end + 1)
    if item is not None:
        tokens.claim(span)
    elif quantity.explicit and refused is not None:
        tokens.claim(span)
        refused.append(span)
    return item


def _by_the_piece(tokens: Tokens, food: Food, first: int, last: int, q: Quantity) -> Food:
    """ "a piece of pepperoni pizza": the table's slice of it when the food is counted whole
    and the table has one ("pepperoni pizza slice")."""
    if q.unit not in {"piece", "slice"} or food.unit_noun in {"piece", "slice"}:
        return food
    named = " ".join(tokens.items[k].text for k in range(first, last + 1))
    sliced = food_table().by_alias.get(f"{named} slice")
    return sliced if sliced is not None and sliced.unit_noun == "slice" else food


# What is counted whole when counted by its own name, in the table's slices: "a pizza" is a
# pizza for one (about 10 in, or a frozen one: four of the 14-inch slices the table counts,
# as the dishes' "1 pizza" rows weigh), while "pizza" alone is the table's portion and
# "2 slices of pizza" two slices.
_WHOLE_IN_SLICES = {"pizza": 4.0, "pizzas": 4.0, "pizze": 4.0}


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
        if label == "oz" and "ml" in food.portion:  # "16 oz latte": fluid ounces of a drink
            label, per = MASS_UNITS["fl oz"]
        grams = q.count * per
        amount = f"{fmt_amount(q.count)} {label}"
        if label in {"oz", "fl oz", "lb", "kg", "pint"}:
            unit_ml = "ml" if label in {"pint", "fl oz"} else "g"
            amount += f" ({round(grams)} {unit_ml})"
    elif _counts_units(food, q):
        grams = q.count * food.unit_g * size_factor
        if q.count > 1 and food.plural != food.name and name == food.name:
            name = food.plural
        amount = _counted_measure(
            f"{fmt_amount(q.count)} {plural_unit(unit_text, q.count)}", q.count
        )
    elif q.unit in HOUSEHOLD_ML:
        grams = q.count * HOUSEHOLD_ML[q.unit] * size_factor
        noun = plural_unit(q.unit, q.count)
        amount = f"{fmt_amount(q.count)} {noun} ({round(grams / size_factor)} ml)"
    elif q.unit in HOUSEHOLD_G and "ml" not in food.portion:
        grams = q.count * HOUSEHOLD_G[q.unit] * size_factor
        noun = plural_unit(q.unit, q.count)
        amount = f"{fmt_amount(q.count)} {noun} ({round(grams)} g)"
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
        served=q.unit in {"bowl", "plate"},
    )


def _sized_amount(food: Food, q: Quantity, size: str, grams: float) -> str:
    """ "1 large (462 ml)", "1 large bowl (328 g)": the size said, and what it weighs."""
    measure = "ml" if "ml" in food.portion else "g"
    held = f" {plural_unit(q.unit, q.count)}" if q.unit in {"bowl", "plate", "handful"} else ""
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
