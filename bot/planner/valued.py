"""Figures for the foods a model names: the food table's where it knows the food, the
person's where they said them, the model's own only where neither is there.

The model proposes each food as a name, an amount (number and unit) and its own estimate of
energy and macros. The same meal must give the same numbers however the model's estimate
varies from one request to the next, so:

1. **The person's numbers win**: a figure of the proposal that the person's message states
   ("protein bar 250 kcal", "shake, 25 g protein"; read by the rules' own readers) is kept,
   whatever the table says. Stated energy scales the table's macros with it, as the rules do.
2. **The table's values** where the name matches one row with confidence: the whole name as
   an alias of the curated table (foods.csv, dishes.csv), else the name without the words
   that only say how or where it was made ("grilled", "homemade", "starbucks"), each also
   with its last word's English plural made singular; then the same in the survey table (as
   the rules read them: "grilled chicken breast" is the curated chicken breast, grilled, not
   the survey's sauced one). Nothing fuzzier: no typo is guessed, and a name that matches
   nothing keeps the model's figures. The amount becomes the row's grams (millilitres for a
   drink) by `portion_grams`, and the reader's nutrients step scales the row to it
   (`of_grams`), the person's stated figures winning as they do for the rules (`stated`).
3. **The model's estimate** otherwise, and the entry is marked as one (`Valued.estimate`);
   the reply says so (bot/render/reading.py). The entry's name sent to the service stays the food
   and its amount, with no mark: the service keeps what was eaten, not how it was valued.
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Literal

from bot.agent_api.actions import Entry
from bot.planner.offline.figures import find_energies, find_macros
from bot.planner.offline.survey import survey_table
from bot.planner.offline.table import Food, alias_key, food_table
from bot.planner.offline.text import Tokens, tokenize
from bot.planner.reader.lookup import is_modifier
from bot.planner.reader.nutrients import MAX_GRAMS, Nutrients, of_grams
from bot.planner.reader.nutrients import stated as stated_figures
from bot.planner.reader.quantities import HOUSEHOLD_ML, fmt_amount, plural_unit
from bot.planner.sanity import clean_name

__all__ = [
    "UNITS",
    "Proposal",
    "Stated",
    "Valued",
    "match",
    "portion_grams",
    "value",
]

# The units the model may give an amount in (the tool's enum): weights, volumes, and counts
# of the food's own pieces, slices or portions. Anything else it converts itself.
UNITS = ("g", "ml", "oz", "cup", "tbsp", "tsp", "piece", "slice", "serving")
Unit = Literal["g", "ml", "oz", "cup", "tbsp", "tsp", "piece", "slice", "serving"]

_GRAMS_PER = {"g": 1.0, "oz": 28.35}
_ML_PER = {"ml": 1.0, "oz": 29.57, "cup": HOUSEHOLD_ML["cup"], "tbsp": 15.0, "tsp": 5.0}
_BRACKETED = re.compile(r"\s*\([^()]*\)")
# A stated figure and the model's copy of it agree within rounding (kJ read as kcal, "1.1k").
_SAME_SHARE = 0.02
_SAME_ABS = 1.0


@dataclass(frozen=True)
class Proposal:
    """One food as the model proposed it: name, amount (None: a typical portion) and its own
    estimate of energy (kcal) and macros (g)."""

    food: str
    amount: float | None
    unit: Unit | None
    calories: float
    protein: float
    carbs: float
    fat: float


@dataclass(frozen=True)
class Stated:
    """The figures a person's message states: energies in kcal, and grams by macro."""

    kcal: tuple[float, ...] = ()
    grams: dict[str, tuple[float, ...]] = field(default_factory=dict)

    @classmethod
    def of(cls, text: str) -> Stated:
        """What `text` states, read as the rules read it ("250 kcal", "800 kJ", "25g protein",
        "14p 60c 8f"); energy that was not eaten ("burned 300 kcal") is not stated."""
        if not text or not any(ch.isdigit() for ch in text):
            return cls()
        energies = [kcal for _span, kcal in find_energies(Tokens(tokenize(text)))]
        grams: dict[str, list[float]] = {}
        for _span, name, value in find_macros(Tokens(tokenize(text))):
            grams.setdefault(name, []).append(value)
        return cls(tuple(energies), {k: tuple(v) for k, v in grams.items()})

    def says_kcal(self, kcal: float, count: float | None) -> bool:
        """Whether `kcal` is an energy the person stated, or one stated for each of `count`
        pieces ("2 granola bars, 200 kcal each")."""
        each = [s * count for s in self.kcal] if count and count > 1 else []
        return _among(kcal, [*self.kcal, *each])

    def says_grams(self, macro: str, grams: float) -> bool:
        return grams > 0 and _among(grams, self.grams.get(macro, ()))


@dataclass(frozen=True)
class Valued:
    """A proposal valued: the entry to log, and whose figures it carries."""

    entry: Entry
    source: Literal["table", "person", "model"]

    @property
    def estimate(self) -> bool:
        """The energy is the model's own estimate: neither the table's nor the person's."""
        return self.source == "model"


def value(proposal: Proposal, stated: Stated) -> Valued:
    """`proposal` as an entry with the figures the module docstring chooses."""
    count = proposal.amount if proposal.unit in {"piece", "slice", "serving"} else None
    kcal_said = stated.says_kcal(proposal.calories, count)
    food = match(proposal.food)
    grams = portion_grams(food, proposal.amount, proposal.unit) if food else None
    if food is None or grams is None:
        figures = _figures(proposal)
        source: Literal["table", "person", "model"] = "person" if kcal_said else "model"
        return Valued(_entry(proposal, figures, _amount_text(proposal)), source)
    macros = {m: getattr(proposal, m) for m in ("protein", "carbs", "fat")}
    figures = stated_figures(
        of_grams(food, grams),
        kcal=proposal.calories if kcal_said else None,
        **{m: g for m, g in macros.items() if stated.says_grams(m, g)},
    )
    source = "person" if kcal_said else "table"
    return Valued(_entry(proposal, figures, _amount_text(proposal, food, grams)), source)


def match(name: str) -> Food | None:
    """The one table row `name` names with confidence (see the module docstring), or None."""
    words = alias_key(_BRACKETED.sub("", clean_name(name) or "")).split()
    plain = [w for w in words if not is_modifier(w)]
    tables = [t for t in (food_table(), survey_table()) if t is not None]
    for table in tables:  # the curated table first, as the rules read them
        for candidate in _candidates(words, plain):
            found = table.by_alias.get(candidate)
            if found is not None:
                return found
    return None


def _candidates(words: list[str], plain: list[str]) -> Iterable[str]:
    for form in (words, plain) if plain != words else (words,):
        if not form or any(ch.isdigit() for ch in form[0]):
            continue  # "2 eggs": the amount belongs in its own field; not read from a name
        yield " ".join(form)
        yield from (" ".join([*form[:-1], stem]) for stem in _singulars(form[-1]))


def _singulars(word: str) -> list[str]:
    """What an English plural may be the plural of ("berries": "berry"; "tomatoes":
    "tomato"; "eggs": "egg"); nothing for words too short to tell."""
    if len(word) < 4:
        return []
    if word.endswith("ies"):
        return [word[:-3] + "y"]
    stems = [word[:-2]] if word.endswith("es") else []
    return [*stems, word[:-1]] if word.endswith("s") and not word.endswith("ss") else stems


def portion_grams(food: Food, amount: float | None, unit: str | None) -> float | None:
    """The amount in the row's measure (grams, or millilitres for a drink); None when it cannot
    be said without guessing (a cup of a solid whose cup the row does not weigh).

    The step that turns a matched row and an amount into grams: one function, so a better
    reader of portions can take its place."""
    if amount is None:
        return food.portion_g
    if not 0 < amount or not math.isfinite(amount):
        return None
    grams = _grams(food, amount, unit or _own_unit(food))
    return grams if grams is not None and 0 < grams <= MAX_GRAMS else None


def _grams(food: Food, amount: float, unit: str) -> float | None:
    liquid = food.liquid
    noun = food.unit_noun
    if unit == noun:
        return amount * food.unit_g  # "2 slices" of bread, "1 cup" of rice
    if unit == "g" or (unit == "oz" and not liquid):
        return amount * _GRAMS_PER[unit]
    if unit in _ML_PER:
        if liquid or unit == "ml":
            return amount * _ML_PER[unit]
        if food.portion.startswith(f"1 {unit}"):  # "1 cup cooked" of rice: the row's cup
            return amount * food.portion_g
        return None
    if unit == "serving":
        return amount * food.portion_g
    if unit == "piece" and food.unit and noun not in {*_ML_PER, "slice"}:
        return amount * food.unit_g  # an egg, a banana, a fillet, a bar
    return None  # "a piece" of what the table counts in slices: a slice, or a whole pizza?


def _own_unit(food: Food | None) -> str:
    """What a bare count counts: the row's own piece ("1 medium" banana), else portions."""
    return food.unit_noun if food is not None and food.unit_noun else "serving"


def _figures(proposal: Proposal) -> Nutrients:
    """The model's own estimate, as figures."""
    return Nutrients(
        proposal.food, "", 0.0, proposal.calories, proposal.protein, proposal.carbs, proposal.fat
    )


def _entry(proposal: Proposal, figures: Nutrients, amount: str) -> Entry:
    name = clean_name(proposal.food) or proposal.food.strip()  # none: refused by sanity
    return Entry(
        food=f"{name}, {amount}"[:200] if amount else name,
        calories=round(figures.kcal),
        protein=round(figures.protein, 1),
        carbs=round(figures.carbs, 1),
        fat=round(figures.fat, 1),
    )


def _amount_text(proposal: Proposal, food: Food | None = None, grams: float = 0.0) -> str:
    """ "2 pieces (100 g)", "1 cup (240 ml)", "150 g"; the row's portion when the model gave
    no amount; nothing when neither is known."""
    amount, unit = proposal.amount, proposal.unit or _own_unit(food)
    if amount is None:
        return food.portion if food is not None else ""
    noun = unit if unit in {"g", "ml", "oz"} else plural_unit(unit, amount)
    said = f"{fmt_amount(amount)} {noun}"
    if food is None or unit in {"g", "ml"}:
        return said
    measure = "ml" if food.liquid else "g"
    return f"{said} ({round(grams)} {measure})"


def _among(value: float, stated: Iterable[float]) -> bool:
    return any(abs(value - s) <= max(_SAME_ABS, _SAME_SHARE * s) for s in stated)
