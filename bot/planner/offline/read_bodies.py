"""Lenient readers of the bodies the service's reads return (/nutrition, /weight, /checkins,
/supplements, /today), for answers.py.

The bodies come from a server we do not control, so every value is read leniently: a missing
key, a wrong type or an odd shape becomes "not recorded", never an exception.
"""

from __future__ import annotations

import datetime as dt
from typing import Any

from bot.planner.base import ReadRequest


def as_dict(value: Any) -> dict[str, Any]:
    return value if isinstance(value, dict) else {}


def as_list(value: Any) -> list[Any]:
    return value if isinstance(value, list) else []


def as_number(value: Any) -> float | None:
    if isinstance(value, bool):
        return None
    if isinstance(value, int | float):
        return float(value)
    if isinstance(value, str):
        try:
            return float(value.replace(",", "."))
        except ValueError:
            return None
    return None


def as_date(value: Any) -> dt.date | None:
    if isinstance(value, dt.date):
        return value
    if isinstance(value, str):
        try:
            return dt.date.fromisoformat(value[:10])
        except ValueError:
            return None
    return None


def _rating(value: Any) -> int | None:
    number = as_number(value)
    return int(number) if number is not None and 1 <= number <= 5 else None


_MACRO_KEYS = {
    "calories": ("calories", "kcal", "energy"),
    "protein": ("protein",),
    "carbs": ("carbs", "carbohydrates"),
    "fat": ("fat",),
}


def _macros(body: dict[str, Any]) -> dict[str, float | None]:
    return {
        field: next((v for k in keys if (v := as_number(body.get(k))) is not None), None)
        for field, keys in _MACRO_KEYS.items()
    }


def nutrition_view(
    data: dict[str, Any],
) -> tuple[dict[str, float | None], dict[str, float | None]]:
    """(eaten, goals) from a /nutrition body or the `nutrition` part of /today."""
    body = as_dict(data.get("nutrition")) or data
    eaten = _macros(as_dict(body.get("totals")))
    entries = as_list(body.get("entries"))
    if all(v is None for v in eaten.values()) and entries:
        sums: dict[str, float | None] = {}
        for field in _MACRO_KEYS:
            values = [
                _macros(as_dict(e.get("entry")) or as_dict(e))[field] for e in entries if as_dict(e)
            ]
            known = [v for v in values if v is not None]
            sums[field] = sum(known) if known else None
        eaten = sums
    if all(v is None for v in eaten.values()) and "entries" in body and not entries:
        eaten = dict.fromkeys(_MACRO_KEYS, 0.0)
    return eaten, _macros(as_dict(body.get("goals")))


def logged_foods(data: dict[str, Any]) -> list[tuple[str, float | None]] | None:
    """The day's foods with their energy, as logged; None when the answer has no entries."""
    body = as_dict(data.get("nutrition")) or data
    if "entries" not in body:
        return None
    foods: list[tuple[str, float | None]] = []
    for raw in as_list(body.get("entries")):
        entry = as_dict(as_dict(raw).get("entry")) or as_dict(raw)
        name = entry.get("food") or entry.get("name")
        foods.append(
            (name if isinstance(name, str) and name else "(unnamed)", _macros(entry)["calories"])
        )
    return foods


def checkin_values(raw: Any) -> dict[str, object]:
    """A check-in's ratings (1-5, else None) and notes, by the names the answers use."""
    body = as_dict(raw)
    return {
        "mood": _rating(body.get("mood")),
        "energy": _rating(body.get("energy")),
        "sleep_quality": _rating(body.get("sleepQuality", body.get("sleep_quality"))),
        "notes": body.get("notes") if isinstance(body.get("notes"), str) else None,
    }


def dated_checkins(
    data: dict[str, Any], request: ReadRequest
) -> list[tuple[dt.date, dict[str, object]]]:
    """The check-ins of a /checkins history (those in the range asked), or the one of a day
    view, by day."""
    raw_list = as_list(data.get("checkins"))
    if "checkin" in data or not raw_list:
        checkin = data.get("checkin")
        if not isinstance(checkin, dict):
            return []
        day = as_date(checkin.get("date")) or as_date(data.get("date")) or request.date
        return [(day, checkin_values(checkin))] if day else []
    days = []
    for raw in raw_list:
        day = as_date(as_dict(raw).get("date"))
        if day is not None and _in_range(day, request):
            days.append((day, checkin_values(raw)))
    return sorted(days, key=lambda d: d[0])


def _in_range(day: dt.date, request: ReadRequest) -> bool:
    return (request.from_ is None or day >= request.from_) and (
        request.to is None or day <= request.to
    )


def weight_records(data: dict[str, Any], request: ReadRequest) -> list[tuple[dt.date, float]]:
    """The weigh-ins in the range asked, by day; with no range, the latest alone."""
    records = []
    for raw in as_list(data.get("records")):
        body = as_dict(raw)
        day, kg = as_date(body.get("date")), as_number(body.get("weightKg", body.get("weight_kg")))
        if day is not None and kg is not None and _in_range(day, request):
            records.append((day, kg))
    latest = as_dict(as_dict(data.get("weight")).get("latest"))
    if not records and latest:
        day, kg = as_date(latest.get("date")), as_number(latest.get("weightKg"))
        if day is not None and kg is not None:
            records.append((day, kg))
    records.sort(key=lambda r: r[0])
    return records if request.from_ or request.to else records[-1:]


def supplement_items(data: dict[str, Any]) -> list[tuple[str, bool | None]]:
    """The supplements of a /supplements body or of /today, and whether each was taken."""
    part = data.get("supplements", data)
    items = as_list(as_dict(part).get("items")) if isinstance(part, dict) else as_list(part)
    result = []
    for raw in items:
        body = as_dict(raw)
        name = body.get("name")
        if isinstance(name, str) and name:
            taken = body.get("taken")
            result.append((name, taken if isinstance(taken, bool) else None))
    return result
