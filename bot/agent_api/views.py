"""Lenient views of the service's responses.

The spec shows no response body, so every view keeps unknown fields (`extra="allow"`), makes
every known field optional, and turns values of an unexpected type into None instead of
failing: a missing number is shown as missing, never a crash.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError, field_validator


class _View(BaseModel):
    model_config = ConfigDict(extra="allow", populate_by_name=True)

    @field_validator("*", mode="wrap")
    @classmethod
    def _lenient(cls, value: Any, handler: Any) -> Any:
        try:
            return handler(value)
        except ValidationError:
            return None


class MacroTotals(_View):
    calories: float | None = None
    protein: float | None = None
    carbs: float | None = None
    fat: float | None = None


class MeView(_View):
    id: str | None = None
    name: str | None = None
    timezone: str | None = None

    @field_validator("id", mode="before")
    @classmethod
    def _id_to_str(cls, value: Any) -> Any:
        return str(value) if isinstance(value, int) else value


class CheckinView(_View):
    date: dt.date | None = None
    mood: int | None = None
    energy: int | None = None
    sleep_quality: int | None = Field(default=None, alias="sleepQuality")
    notes: str | None = None


class NutritionSummary(_View):
    entries: int | None = None
    totals: MacroTotals | None = None
    goals: MacroTotals | None = None


class WeightPoint(_View):
    date: dt.date | None = None
    weight_kg: float | None = Field(default=None, alias="weightKg")


class WeightSummary(_View):
    latest: WeightPoint | None = None
    goal_kg: float | None = Field(default=None, alias="goalKg")


class SupplementItem(_View):
    id: str | int | None = None
    name: str | None = None
    dose: str | None = None
    taken: bool | None = None


class SupplementsSummary(_View):
    taken: int | None = None
    total: int | None = None
    items: list[SupplementItem] | None = None


class TodayView(_View):
    """`GET /today`: one compact overview across every area."""

    date: dt.date | None = None
    nutrition: NutritionSummary | None = None
    checkin: CheckinView | None = None
    weight: WeightSummary | None = None
    supplements: SupplementsSummary | None = None


class DayCheckinView(_View):
    """`GET /checkins?date=`: the day's check-in, or None."""

    date: dt.date | None = None
    checkin: CheckinView | None = None


class SupplementsDayView(_View):
    """`GET /supplements?date=`: the stack with the day's taken marks."""

    date: dt.date | None = None
    items: list[SupplementItem] | None = None


class ActionResult(_View):
    index: int | None = None
    type: str | None = None
    status: str | None = None
    id: str | int | None = None


class IngestResult(_View):
    results: list[ActionResult] | None = None


V = TypeVar("V", bound=_View)


def lenient(model: type[V], data: Any) -> V:
    """Build a view from any JSON value; a body of the wrong shape becomes an empty view."""
    if not isinstance(data, dict):
        data = {}
    return model.model_validate(data)
