"""A planner's answer to a question, as data: the numbers the reads returned and the period
they cover, or the model's own words. bot/render/said.py words it for the person.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Literal

from bot.kernel.said import ModelWords, Notice
from bot.kernel.spans import NutritionSpan, SupplementSpan

Topic = Literal["nutrition", "weight", "checkin", "supplements", "summary"]


@dataclass(frozen=True)
class Period:
    """What an answer covers: one day (`start == end`), several, or, with either end
    unknown, everything so far."""

    start: dt.date | None
    end: dt.date | None

    @classmethod
    def day(cls, day: dt.date) -> Period:
        return cls(day, day)


@dataclass(frozen=True)
class ReadFailed:
    """The read for `topic` failed; `error` is why, as the core worded it (None: unknown)."""

    topic: Topic
    error: str | None = None


@dataclass(frozen=True)
class NothingLogged:
    """No food entry at all on the day."""

    period: Period


@dataclass(frozen=True)
class FoodList:
    """What was eaten on a day, food by food (kcal each, if known), and the day's energy."""

    period: Period
    foods: tuple[tuple[str, float | None], ...]
    total_kcal: float | None


@dataclass(frozen=True)
class NutritionAnswer:
    """Eaten vs goal of the asked fields (`focus`; none: all four); `remaining` when the
    person asked what is left."""

    period: Period
    eaten: Mapping[str, float | None]
    goals: Mapping[str, float | None]
    focus: tuple[str, ...]
    remaining: bool


@dataclass(frozen=True)
class WeightAnswer:
    """The weights of the period, oldest first, and the goal if one is set."""

    period: Period
    records: tuple[tuple[dt.date, float], ...]
    goal_kg: float | None


@dataclass(frozen=True)
class CheckinAnswer:
    """Check-in ratings per day (`focus`: only those fields; none: all, with notes)."""

    period: Period
    days: tuple[tuple[dt.date, Mapping[str, object]], ...]
    focus: tuple[str, ...] = ()


@dataclass(frozen=True)
class SupplementsAnswer:
    """The stack's supplements and whether each was taken; those `asked` about by name."""

    period: Period
    items: tuple[tuple[str, bool | None], ...]
    asked: tuple[str, ...] = ()


@dataclass(frozen=True)
class DaySummary:
    """ "how am I doing?": the day's food, check-in, weight and supplements together."""

    nutrition: NutritionAnswer
    checkin: CheckinAnswer
    weight: WeightAnswer
    supplements: SupplementsAnswer


AnswerPart = (
    ReadFailed
    | NothingLogged
    | FoodList
    | NutritionAnswer
    | WeightAnswer
    | CheckinAnswer
    | SupplementsAnswer
    | DaySummary
    | NutritionSpan
    | SupplementSpan
)


@dataclass(frozen=True)
class ReadAnswer:
    """One part for each read made, in order; `today` is the person's day, from which the
    days are named ("yesterday", "Mon 16 Nov")."""

    parts: tuple[AnswerPart, ...]
    today: dt.date


# What `Planner.answer` returns: the rules' answer as data, or the model's words (or, in
# their place, what is said instead of model text that could not be shown).
Answer = ReadAnswer | ModelWords | Notice
