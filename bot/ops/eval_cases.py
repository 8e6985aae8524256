"""What a case file says, and what of it the planner is given.

A case is one JSON object a line (tests/data/README.md lists every field). Its `context` is
what the person's account already holds: `last_weight` and `day_ends_at` go to the
`PlanContext`; `entries` and `recipes` are the account's (bot/ops/eval_account.py), checked
here and read when a plan asks. A key that no `PlanContext` field or read takes makes the
case `UnsupportedContext`: skipped and counted, never scored as a failure.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import json
import re
from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

from bot.ops.eval_account import ACCOUNT_KEYS, account_read
from bot.ops.eval_report import Case
from bot.planner.base import PlanContext, ReadRequest

LB_KG = 0.45359237
_HELD_OUT_ID = re.compile(r"h-([a-z]+)-")


def load_cases(path: str | Path) -> list[Case]:
    """Read a JSONL file of cases; blank lines are skipped, a bad line names its number."""
    cases: list[Case] = []
    for number, line in enumerate(Path(path).read_text("utf-8").splitlines(), start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
            cases.append(_case(raw))
        except (ValueError, KeyError, TypeError) as exc:
            raise ValueError(f"{path}:{number}: not a valid case: {exc}") from exc
    return cases


def _case(raw: dict[str, Any]) -> Case:
    timezone = str(raw.get("timezone") or "UTC")
    now = dt.datetime.fromisoformat(str(raw["now"]))
    zone = ZoneInfo(timezone)
    now = now.replace(tzinfo=zone) if now.tzinfo is None else now.astimezone(zone)
    expect = raw.get("expect", [])
    if not isinstance(expect, list) or not all(isinstance(a, dict) for a in expect):
        raise TypeError("expect must be a list of objects")
    reply = raw.get("reply", [])
    if isinstance(reply, str):
        reply = [reply]
    if not isinstance(reply, list) or not all(isinstance(w, str) for w in reply):
        raise TypeError("reply must be a list of texts")
    context = raw.get("context", {})
    if not isinstance(context, dict):
        raise TypeError("context must be an object")
    kind = raw.get("kind")
    if kind is None:  # held-out ids say their kind: h-<kind>-...
        held_out = _HELD_OUT_ID.match(str(raw["id"]))
        kind = held_out.group(1) if held_out else None
    return Case(
        id=str(raw["id"]),
        text=str(raw["text"]),
        now=now,
        timezone=timezone,
        expect=expect,
        offline=bool(raw.get("offline", True)),
        kind=None if kind is None else str(kind),
        reply=tuple(reply),
        context=context,
    )


class UnsupportedContext(Exception):
    """The case needs something the planner's `PlanContext` cannot hold yet."""

    def __init__(self, lacking: Sequence[str]) -> None:
        super().__init__("the planner cannot be given context " + ", ".join(lacking))
        self.lacking = tuple(lacking)


def _kg(value: Any) -> float:
    number = float(value["value"])
    unit = str(value.get("unit", "kg")).lower()
    if unit not in ("kg", "lb"):
        raise ValueError(f"unknown weight unit {unit!r}")
    return number if unit == "kg" else round(number * LB_KG, 2)


def _clock(value: Any) -> dt.time:
    return dt.time.fromisoformat(str(value))


# context key -> (PlanContext field, converter); the account's data (ACCOUNT_KEYS) is read.
_CONTEXT: Mapping[str, tuple[str, Callable[[Any], Any]]] = {
    "last_weight": ("last_weight_kg", _kg),
    "day_ends_at": ("day_ends_at", _clock),
}


def plan_context(case: Case, context_type: type[PlanContext] = PlanContext) -> PlanContext:
    """The case's clock and context as a `PlanContext`; raises `UnsupportedContext` when a
    key has no field to go to (the field is looked up, so it is used once it exists).
    The account's `entries` and `recipes` are not the planner's: they are checked here and
    read when a plan asks (`_repeated`)."""
    fields = {f.name for f in dataclasses.fields(context_type)}
    given: dict[str, Any] = {}
    lacking: list[str] = []
    for key, value in case.context.items():
        if key in ACCOUNT_KEYS:
            _check_account(case, key, value)
            continue
        target = _CONTEXT.get(key)
        if target is None or target[0] not in fields:
            lacking.append(key)
            continue
        name, convert = target
        try:
            given[name] = convert(value)
        except (KeyError, TypeError, ValueError) as exc:
            raise ValueError(f"case {case.id}: bad context {key!r}: {exc}") from exc
    if lacking:
        raise UnsupportedContext(sorted(lacking))
    return context_type(now=case.now, timezone=case.timezone, **given)


def _check_account(case: Case, key: str, value: Any) -> None:
    """A malformed `entries` or `recipes` is bad input, said before anything is scored."""
    zone = ZoneInfo(case.timezone)
    try:
        if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
            raise TypeError("must be a list of objects")
        if key == "recipes":
            account_read({key: value}, ReadRequest(route="recipes"), case.now.date(), zone)
            return
        for day in {str(v.get("date")) for v in value}:
            request = ReadRequest(route="nutrition", date=dt.date.fromisoformat(day))
            account_read({key: value}, request, case.now.date(), zone)
    except (KeyError, TypeError, ValueError) as exc:
        raise ValueError(f"case {case.id}: bad context {key!r}: {exc}") from exc
