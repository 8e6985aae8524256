"""Figures over a period of days, as data: what a question such as "protein this week?" or
"did I take my vitamin D since Monday?" is answered with. bot/render/spans.py words them.

Averages are per *logged* day: a day with nothing logged is a day the person did not log,
not a day they ate nothing, so it would only pull the average down.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

NUTRIENTS = ("calories", "protein", "carbs", "fat")


@dataclass(frozen=True)
class DayFoods:
    """One logged day: its foods (name, kcal if known) and its totals."""

    day: dt.date
    foods: tuple[tuple[str, float | None], ...]
    eaten: Mapping[str, float | None]


@dataclass(frozen=True)
class NutritionSpan:
    """The food logged from `start` to `end` (both included), day by day; `focus` are the
    nutrients asked about (none: all four); `list_foods` when the foods were asked for."""

    start: dt.date
    end: dt.date
    logged: tuple[DayFoods, ...]
    goals: Mapping[str, float | None]
    focus: tuple[str, ...] = ()
    list_foods: bool = False

    @property
    def days(self) -> int:
        return (self.end - self.start).days + 1

    def total(self, nutrient: str) -> float | None:
        """The sum over the logged days that know it; None when none does."""
        known = [v for d in self.logged if (v := d.eaten.get(nutrient)) is not None]
        return sum(known) if known else None

    def average(self, nutrient: str) -> float | None:
        """The total over the days that know it, per such day."""
        known = [v for d in self.logged if (v := d.eaten.get(nutrient)) is not None]
        return sum(known) / len(known) if known else None


@dataclass(frozen=True)
class SupplementSpan:
    """How many of the `days` read each supplement of the stack was marked taken; `asked`
    are the ones named in the question."""

    start: dt.date
    end: dt.date
    days: int
    taken: tuple[tuple[str, int], ...]
    asked: tuple[str, ...] = ()


def nutrition_span(
    start: dt.date,
    end: dt.date,
    days: Sequence[DayFoods],
    goals: Mapping[str, float | None],
    focus: Sequence[str] = (),
    list_foods: bool = False,
) -> NutritionSpan:
    """The span of the days that have anything logged, in date order."""
    logged = tuple(sorted((d for d in days if d.foods), key=lambda d: d.day))
    return NutritionSpan(start, end, logged, goals, tuple(focus), list_foods)


def supplement_span(
    start: dt.date,
    end: dt.date,
    days: Sequence[Sequence[tuple[str, bool | None]]],
    asked: Sequence[str] = (),
) -> SupplementSpan:
    """Each supplement's count of days taken, in the stack's order (names compared without
    case), from each day's items."""
    counts: dict[str, int] = {}
    names: dict[str, str] = {}
    for items in days:
        for name, taken in items:
            key = name.lower()
            names.setdefault(key, name)
            counts[key] = counts.get(key, 0) + (1 if taken else 0)
    per_name = tuple((names[key], count) for key, count in counts.items())
    return SupplementSpan(start, end, len(days), per_name, tuple(asked))
