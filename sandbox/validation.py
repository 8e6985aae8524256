"""Schemas of the write actions, checked by hand so errors are JSON pointers.

A hand-written checker (rather than the bot's pydantic models) keeps the
sandbox an independent reading of the spec, and makes every message and
bound explicit. Each check returns the normalized value or raises `Invalid`;
`Obj` walks nested objects and collects one `FieldError` per bad field, so a
client learns about all of them at once.

Each check is a `Rule` that carries the JSON Schema saying the same thing, and the OpenAPI
document (`sandbox.openapi`) is built from them, so what the document allows is what the
code accepts. A few rules no schema can say are listed in docs/agent-api.md: a name that
outgrows its limit once case is folded, `3.0` where an integer is wanted (JSON Schema counts
it as one), and lone surrogate escapes (not text).
"""

from __future__ import annotations

import datetime as dt
import math
import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from sandbox.problems import FieldError

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
MIN_YEAR, MAX_YEAR = 1900, 2100


class Invalid(ValueError):
    """A leaf value is wrong; `suffix` extends the pointer (e.g. a list index)."""

    def __init__(self, detail: str, suffix: str = "") -> None:
        super().__init__(detail)
        self.detail = detail
        self.suffix = suffix


Check = Callable[[Any], Any]
Schema = dict[str, Any]


@dataclass(frozen=True)
class Rule:
    """A check of one JSON value, and the JSON Schema (2020-12) that allows exactly what it
    accepts."""

    check: Check
    schema: Schema

    def __call__(self, value: Any) -> Any:
        return self.check(value)


def _number_in_schema(value: float) -> float | int:
    return int(value) if value.is_integer() else value


# YYYY-MM-DD in 1900-2100, only days the calendar has: February 29 in leap years only (2000
# is one, 1900 and 2100 are not). Digits are spelled [0-9], which every regex engine reads
# as ASCII (Python's \d also takes other scripts' digits).
_YEAR = "(19[0-9]{2}|20[0-9]{2}|2100)"
_MONTH_DAY = (
    "(0[13578]|1[02])-(0[1-9]|[12][0-9]|3[01])"
    "|(0[469]|11)-(0[1-9]|[12][0-9]|30)"
    "|02-(0[1-9]|1[0-9]|2[0-8])"
)
_LEAP_DAY = "(19(0[48]|[2468][048]|[13579][26])|20(0[048]|[2468][048]|[13579][26]))-02-29"
DATE_PATTERN = f"^({_YEAR}-({_MONTH_DAY})|{_LEAP_DAY})$"

# What str.strip() takes off (every character whose str.isspace() is true), as a regex class
# body with escapes that Python, ECMA-262 and Rust regexes read alike.
_SPACES = (
    "\\u0009-\\u000d\\u001c-\\u0020\\u0085\\u00a0\\u1680\\u2000-\\u200a"
    "\\u2028\\u2029\\u202f\\u205f\\u3000"
)
_NO_NUL = "^[^\\u0000]*$"
_NOT_BLANK = f"^[{_SPACES}]*[^{_SPACES}\\u0000][^\\u0000]*$"


def parse_date(value: Any) -> dt.date:
    """A calendar date written exactly as YYYY-MM-DD, in a sane year range."""
    if not isinstance(value, str) or not _DATE.fullmatch(value):
        raise Invalid("must be a date as YYYY-MM-DD")
    try:
        day = dt.date.fromisoformat(value)
    except ValueError:
        raise Invalid("must be a real calendar date") from None
    if not MIN_YEAR <= day.year <= MAX_YEAR:
        raise Invalid(f"year must be between {MIN_YEAR} and {MAX_YEAR}")
    return day


# The lengths keep out what a Python regex lets `$` take: a newline after the date.
date = Rule(
    parse_date,
    {
        "type": "string",
        "minLength": 10,
        "maxLength": 10,
        "pattern": DATE_PATTERN,
        "example": "2026-11-22",
    },
)


def number(*, low: float = 0.0, high: float, low_exclusive: bool = False) -> Rule:
    """Int or float within bounds; bools and numeric strings are refused."""
    bound = f"> {low:g}" if low_exclusive else f">= {low:g}"

    def check(value: Any) -> float:
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise Invalid("must be a number")
        try:
            as_float = float(value)
        except OverflowError:
            raise Invalid(f"must be <= {high:g}") from None
        if not math.isfinite(as_float):
            raise Invalid("must be a finite number")
        if as_float < low or (low_exclusive and as_float == low):
            raise Invalid(f"must be {bound}")
        if as_float > high:
            raise Invalid(f"must be <= {high:g}")
        return as_float

    lowest = "exclusiveMinimum" if low_exclusive else "minimum"
    bounds = {lowest: _number_in_schema(low), "maximum": _number_in_schema(high)}
    return Rule(check, {"type": "number", **bounds})


def integer(low: int, high: int) -> Rule:
    """An integer; `3.0` is refused, though JSON Schema would count it as one."""

    def check(value: Any) -> int:
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise Invalid(f"must be an integer from {low} to {high}")
        return value

    written = "Written without a fraction: 3, not 3.0."
    return Rule(check, {"type": "integer", "minimum": low, "maximum": high, "description": written})


def _clean_text(value: Any, max_len: int) -> str:
    if not isinstance(value, str):
        raise Invalid("must be a string")
    if len(value) > max_len:
        raise Invalid(f"must be at most {max_len} characters")
    if "\x00" in value:
        raise Invalid("must not contain NUL characters")
    try:
        value.encode("utf-8")
    except UnicodeEncodeError:
        raise Invalid("must be valid Unicode text") from None
    return value


def text(max_len: int, *, allow_blank: bool = False) -> Rule:
    """A string; names and subjects must not be blank, and are stripped."""

    def check(value: Any) -> str:
        cleaned = _clean_text(value, max_len)
        if allow_blank:
            return cleaned
        if not cleaned.strip():
            raise Invalid("must not be empty")
        return cleaned.strip()

    pattern = _NO_NUL if allow_blank else _NOT_BLANK
    return Rule(check, {"type": "string", "maxLength": max_len, "pattern": pattern})


def name_text(max_len: int) -> Rule:
    """A name that is unique regardless of case: its casefolded key is stored too, so the key
    must fit as well ("ß" folds to "ss", "ﬃ" to "ffi"; PostgreSQL enforces the column)."""
    plain = text(max_len)

    def check(value: Any) -> str:
        cleaned = plain(value)
        if len(cleaned.casefold()) > max_len:
            raise Invalid(
                f"must be at most {max_len} characters, also when compared regardless of case"
                " (ß counts as ss)"
            )
        return cleaned

    return Rule(check, plain.schema)


def text_list(max_items: int, max_len: int) -> Rule:
    item = text(max_len)

    def check(value: Any) -> list[str]:
        if not isinstance(value, list):
            raise Invalid("must be an array of strings")
        if len(value) > max_items:
            raise Invalid(f"must have at most {max_items} items")
        cleaned = []
        for index, element in enumerate(value):
            try:
                cleaned.append(item(element))
            except Invalid as exc:
                raise Invalid(exc.detail, f"/{index}") from None
        return cleaned

    return Rule(check, {"type": "array", "maxItems": max_items, "items": item.schema})


def nullable(rule: Rule) -> Rule:
    def wrapped(value: Any) -> Any:
        return None if value is None else rule(value)

    return Rule(wrapped, {**rule.schema, "type": [rule.schema["type"], "null"]})


def escape(key: str) -> str:
    """RFC 6901 escaping of one pointer segment."""
    return key.replace("~", "~0").replace("/", "~1")


@dataclass(frozen=True)
class Obj:
    """A JSON object with known fields; unknown fields are errors, not ignored."""

    required: dict[str, Rule | Obj] = field(default_factory=dict)
    optional: dict[str, Rule | Obj] = field(default_factory=dict)
    require_any: bool = False

    def schema(self, **more: Schema) -> Schema:
        """The object's JSON Schema; `more` adds fields the caller checks itself (such as
        the `type` beside an action's fields), as required."""
        fields = self.required | self.optional
        schema: Schema = {
            "type": "object",
            "required": [*more, *self.required],
            "properties": {
                **more,
                **{
                    key: rule.schema() if isinstance(rule, Obj) else rule.schema
                    for key, rule in fields.items()
                },
            },
            "additionalProperties": False,
        }
        if self.require_any:
            schema["anyOf"] = [{"required": [key]} for key in self.optional]
        return schema

    def validate(
        self, value: Any, pointer: str, errors: list[FieldError], *, skip: str = ""
    ) -> dict[str, Any] | None:
        if not isinstance(value, dict):
            errors.append(FieldError(pointer, "must be an object"))
            return None
        before = len(errors)
        known = self.required.keys() | self.optional.keys()
        for key in value:
            if key not in known and key != skip:
                errors.append(FieldError(f"{pointer}/{escape(key)}", "unknown field"))
        out: dict[str, Any] = {}
        for key in self.required:
            if key not in value:
                errors.append(FieldError(f"{pointer}/{key}", "is required"))
        if self.require_any and not any(key in value for key in self.optional):
            names = ", ".join(self.optional)
            errors.append(FieldError(pointer, f"must set at least one of: {names}"))
        for key, check in (self.required | self.optional).items():
            if key not in value:
                continue
            if isinstance(check, Obj):
                out[key] = check.validate(value[key], f"{pointer}/{key}", errors)
                continue
            try:
                out[key] = check(value[key])
            except Invalid as exc:
                errors.append(FieldError(f"{pointer}/{key}{exc.suffix}", exc.detail))
        return out if len(errors) == before else None


MAX_KCAL, MAX_GRAMS = 100_000.0, 10_000.0
kcal = number(high=MAX_KCAL)
grams = number(high=MAX_GRAMS)
kilograms = number(low=0.0, high=1000.0, low_exclusive=True)
scale = nullable(integer(1, 5))
name = name_text(200)

MACROS = Obj(required={"calories": kcal, "protein": grams, "carbs": grams, "fat": grams})
ENTRY = Obj(required={"food": text(500), **MACROS.required})

SCHEMAS: dict[str, Obj] = {
    "nutrition.add_entry": Obj(required={"date": date, "entry": ENTRY}),
    "nutrition.set_goals": Obj(optional=dict(MACROS.required), require_any=True),
    "checkin.upsert": Obj(
        required={"date": date},
        optional={
            "mood": scale,
            "energy": scale,
            "sleepQuality": scale,
            "notes": nullable(text(2000, allow_blank=True)),
        },
    ),
    "weight.log": Obj(required={"date": date, "weightKg": kilograms}),
    "weight.set_goal": Obj(required={"goalKg": nullable(kilograms)}),
    "supplements.add_item": Obj(required={"name": name}, optional={"dose": nullable(text(200))}),
    "supplements.mark_taken": Obj(required={"date": date, "name": name}),
    "supplements.toggle": Obj(required={"date": date, "name": name}),
    "recipes.upsert": Obj(
        required={
            "name": name,
            "servings": integer(1, 1000),
            "ingredients": text_list(200, 500),
            "instructions": text(20_000, allow_blank=True),
            "perServing": MACROS,
        }
    ),
    "support.create_ticket": Obj(required={"subject": text(200), "message": text(5000)}),
}
"""Every action type the sandbox accepts, keyed by its ``<area>.<operation>`` name."""

AREA_PREFIXES = {
    "nutrition": "nutrition",
    "weight": "weight",
    "checkins": "checkin",
    "supplements": "supplements",
    "recipes": "recipes",
    "support": "support",
}
"""Route segment of each area's POST route -> the prefix of its action types."""


@dataclass(frozen=True)
class Action:
    """A validated action: its full type, normalized fields, and where it sat in the body."""

    type: str
    data: dict[str, Any]
    pointer: str


MAX_ACTIONS = 100


def parse_ingest(body: Any) -> tuple[list[Action], list[FieldError]]:
    """Validate a whole /ingest body; any error means nothing may be applied.

    More than MAX_ACTIONS is reported separately by the caller as 413, so
    this only checks shape.
    """
    errors: list[FieldError] = []
    if not isinstance(body, dict):
        return [], [FieldError("", "must be a JSON object")]
    for key in body:
        if key != "actions":
            errors.append(FieldError(f"/{escape(key)}", "unknown field"))
    raw = body.get("actions")
    if "actions" not in body:
        errors.append(FieldError("/actions", "is required"))
    elif not isinstance(raw, list):
        errors.append(FieldError("/actions", "must be an array"))
    elif not raw:
        errors.append(FieldError("/actions", "must contain at least one action"))
    if errors or not isinstance(raw, list):
        return [], errors
    actions = []
    for index, item in enumerate(raw):
        pointer = f"/actions/{index}"
        if not isinstance(item, dict):
            errors.append(FieldError(pointer, "must be an object"))
            continue
        kind = item.get("type")
        if "type" not in item:
            errors.append(FieldError(f"{pointer}/type", "is required"))
            continue
        if not isinstance(kind, str) or kind not in SCHEMAS:
            errors.append(FieldError(f"{pointer}/type", "unknown action type"))
            continue
        data = SCHEMAS[kind].validate(item, pointer, errors, skip="type")
        if data is not None:
            actions.append(Action(kind, data, pointer))
    return actions, errors


def parse_area_action(area: str, body: Any) -> tuple[Action | None, list[FieldError]]:
    """Validate the body of an area's POST route: ``{"action": "<operation>", ...}``.

    Only the bare operation name is accepted (the spec's example is
    ``"action": "add_entry"``); a type of another area is unknown here.
    """
    errors: list[FieldError] = []
    if not isinstance(body, dict):
        return None, [FieldError("", "must be a JSON object")]
    operation = body.get("action")
    if "action" not in body:
        return None, [FieldError("/action", "is required")]
    kind = f"{AREA_PREFIXES[area]}.{operation}" if isinstance(operation, str) else ""
    if kind not in SCHEMAS:
        return None, [FieldError("/action", "unknown action for this route")]
    data = SCHEMAS[kind].validate(body, "", errors, skip="action")
    return (Action(kind, data, "") if data is not None else None), errors
